//===- Svg.cpp - Drawing a picture as SVG ---------------------------------===//
#include "layoutc/Algebra/Picture.h"

#include <algorithm>
#include <cmath>

namespace layoutc::algebra {

namespace {

// CuTe's TikzColor_TV, the one colour map of every picture.
const char *const kColours[8] = {"#afafff", "#afffaf", "#ffffaf", "#ffafaf",
                                 "#d2d2ff", "#d2ffd2", "#ffffd2", "#ffd2d2"};

// The outline of the cells a picture singles out.
const char *const kOutline = "#c00000";

constexpr int kFont = 14, kCharWidth = 9, kLineHeight = 17, kMargin = 12, kTitleHeight = 24;

std::string escape(const std::string &text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

int textWidth(const std::string &text) { return int(text.size()) * kCharWidth; }

std::string text(int x, int y, const std::string &cls, const std::string &body, const char *anchor = "middle",
                 int size = kFont) {
  return "<text class=\"" + cls + "\" x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" font-size=\"" +
         std::to_string(size) + "\" text-anchor=\"" + anchor + "\" dominant-baseline=\"central\">" + escape(body) +
         "</text>\n";
}

std::string line(int x1, int y1, int x2, int y2, int weight) {
  return "<line class=\"rule\" x1=\"" + std::to_string(x1) + "\" y1=\"" + std::to_string(y1) + "\" x2=\"" +
         std::to_string(x2) + "\" y2=\"" + std::to_string(y2) + "\" stroke=\"black\" stroke-width=\"" +
         std::to_string(1 + weight) + "\" stroke-linecap=\"square\"/>\n";
}

// A panel's geometry: the cell size fits the longest label, the header fits
// the row indices.
struct Geometry {
  int cellW = 0, cellH = 0, header = 0, width = 0, height = 0;
  explicit Geometry(const PicturePanel &p) {
    size_t longest = 1, lines = 1;
    for (const PictureCell &c : p.cells) {
      lines = std::max(lines, c.lines.size());
      for (const std::string &l : c.lines)
        longest = std::max(longest, l.size());
    }
    cellW = std::max(36, int(longest) * kCharWidth + 12);
    cellH = std::max(36, int(lines) * kLineHeight + 12);
    header = textWidth(std::to_string(p.rows)) + 14;
    width = std::max(header + int(p.cols) * cellW, textWidth(p.title)) + kMargin;
    height = (p.title.empty() ? 0 : kTitleHeight) + 22 + int(p.rows) * cellH + kMargin;
  }
};

std::string drawPanel(const PicturePanel &p, const Geometry &g, int x0, int y0) {
  std::string out = "<g class=\"panel\">\n";
  if (!p.title.empty()) {
    out += text(x0, y0 + kTitleHeight / 2, "panel-title", p.title, "start");
    y0 += kTitleHeight;
  }
  int gx = x0 + g.header, gy = y0 + 22;
  for (int64_t n = 0; n < p.cols; ++n)
    out += text(gx + int(n) * g.cellW + g.cellW / 2, y0 + 11, "index", std::to_string(n));
  for (int64_t m = 0; m < p.rows; ++m)
    out += text(gx - 7, gy + int(m) * g.cellH + g.cellH / 2, "index", std::to_string(m), "end");
  for (int64_t m = 0; m < p.rows; ++m)
    for (int64_t n = 0; n < p.cols; ++n) {
      const PictureCell &c = p.cells[size_t(m * p.cols + n)];
      int x = gx + int(n) * g.cellW, y = gy + int(m) * g.cellH;
      out += "<rect class=\"cell\" x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
             std::to_string(g.cellW) + "\" height=\"" + std::to_string(g.cellH) + "\" fill=\"" +
             (c.colour < 0 ? "white" : kColours[c.colour % 8]) + "\" stroke=\"black\" stroke-width=\"0.5\"/>\n";
      if (c.outlined)
        out += "<rect class=\"outline\" x=\"" + std::to_string(x + 2) + "\" y=\"" + std::to_string(y + 2) +
               "\" width=\"" + std::to_string(g.cellW - 4) + "\" height=\"" + std::to_string(g.cellH - 4) +
               "\" fill=\"none\" stroke=\"" + kOutline + "\" stroke-width=\"3\"/>\n";
      int top = y + g.cellH / 2 - (int(c.lines.size()) - 1) * kLineHeight / 2;
      for (size_t i = 0; i < c.lines.size(); ++i)
        out += text(x + g.cellW / 2, top + int(i) * kLineHeight, i == 0 ? "label" : "detail", c.lines[i], "middle",
                    i == 0 ? kFont : kFont - 3);
    }
  int right = gx + int(p.cols) * g.cellW, bottom = gy + int(p.rows) * g.cellH;
  for (int64_t m = 0; m <= p.rows; ++m)
    if (p.rowRules[size_t(m)] > 0)
      out += line(gx, gy + int(m) * g.cellH, right, gy + int(m) * g.cellH, p.rowRules[size_t(m)]);
  for (int64_t n = 0; n <= p.cols; ++n)
    if (p.colRules[size_t(n)] > 0)
      out += line(gx + int(n) * g.cellW, gy, gx + int(n) * g.cellW, bottom, p.colRules[size_t(n)]);
  return out + "</g>\n";
}

} // namespace

std::string svg(const Picture &p) {
  // Panels in rows of ceil(sqrt(n)), each row as tall as its tallest panel.
  size_t perRow = size_t(std::ceil(std::sqrt(double(p.panels.size()))));
  std::vector<Geometry> geometry(p.panels.begin(), p.panels.end());
  int width = textWidth(p.title) + 2 * kMargin, y = kMargin + kTitleHeight;
  std::string body;
  for (size_t first = 0; first < p.panels.size(); first += perRow) {
    int x = kMargin, tallest = 0;
    for (size_t i = first; i < std::min(p.panels.size(), first + perRow); ++i) {
      body += drawPanel(p.panels[i], geometry[i], x, y);
      x += geometry[i].width;
      tallest = std::max(tallest, geometry[i].height);
    }
    width = std::max(width, x + kMargin);
    y += tallest;
  }
  for (const std::string &note : p.notes) {
    body += text(kMargin, y + kLineHeight / 2, "note", note, "start");
    width = std::max(width, textWidth(note) + 2 * kMargin);
    y += kLineHeight;
  }
  int height = y + kMargin;
  std::string w = std::to_string(width), h = std::to_string(height);
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
         w + "\" height=\"" + h + "\" viewBox=\"0 0 " + w + " " + h + "\" font-family=\"monospace\">\n<title>" +
         escape(p.title) + "</title>\n" + "<rect class=\"background\" width=\"" + w + "\" height=\"" + h +
         "\" fill=\"white\"/>\n" + text(kMargin, kMargin + kTitleHeight / 2, "title", p.title, "start", kFont + 2) +
         body + "</svg>\n";
}

} // namespace layoutc::algebra
