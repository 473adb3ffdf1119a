//===- BankPicture.cpp - The shared-memory banks of an access -------------===//
#include "PictureGrid.h"

#include "layoutc/Algebra/Banks.h"
#include "layoutc/Algebra/Operations.h"

namespace layoutc::algebra {

namespace {

const std::string kOp = "show --banks";

// At most this many lines of instruction costs; the rest are counted.
constexpr size_t kMaxCostLines = 16;

// "value v" or "values first-last".
std::string values(int64_t first, int64_t last) {
  return first == last ? "value " + std::to_string(first)
                       : "values " + std::to_string(first) + "-" + std::to_string(last);
}

// Where warp instructions first..last sit: their warps and values.
std::string span(const BankReport &r, size_t first, size_t last) {
  WarpInstruction a = warpInstruction(r.access, int64_t(first)), b = warpInstruction(r.access, int64_t(last));
  int64_t lastValue = b.firstValue + r.access.width - 1;
  if (a.warp == b.warp)
    return "warp " + std::to_string(a.warp) + ", " + values(a.firstValue, lastValue);
  if (a.firstValue == 0 && lastValue == product(mode(r.access.tv.shape, 1)).value - 1)
    return "warps " + std::to_string(a.warp) + "-" + std::to_string(b.warp) + ", " + values(0, lastValue);
  return "warp " + std::to_string(a.warp) + " value " + std::to_string(a.firstValue) + " to warp " +
         std::to_string(b.warp) + " value " + std::to_string(lastValue);
}

std::string counted(size_t n, const std::string &what) { return std::to_string(n) + " " + what + (n == 1 ? "" : "s"); }

std::string cost(const BankCost &c) {
  return counted(size_t(c.wavefronts), "wavefront") + " (ideal " + std::to_string(c.ideal) + ")";
}

// One line per run of consecutive instructions of equal cost.
std::vector<std::string> costLines(const BankReport &r) {
  std::vector<std::string> lines;
  size_t unlisted = 0, runs = 0;
  for (size_t first = 0, last = 0; first < r.instructions.size(); first = last + 1) {
    const BankCost &c = r.instructions[first];
    for (last = first; last + 1 < r.instructions.size() && r.instructions[last + 1].wavefronts == c.wavefronts &&
                       r.instructions[last + 1].ideal == c.ideal;)
      ++last;
    size_t n = last - first + 1;
    if (lines.size() == kMaxCostLines) {
      unlisted += n, ++runs;
      continue;
    }
    lines.push_back(span(r, first, last) + ": " + counted(n, "instruction") + ", " + cost(c) + (n == 1 ? "" : " each"));
  }
  if (unlisted > 0)
    lines.push_back("and " + std::to_string(unlisted) + " more instructions in " + std::to_string(runs) +
                    " runs, not listed");
  return lines;
}

std::string served(int64_t bytes) {
  return bytes == 16 ? "a quarter warp at a time" : bytes == 8 ? "a half warp at a time" : "a whole warp at a time";
}

} // namespace

Picture bankPicture(const Value &smemValue, const Layout &tv, const std::string &dtype) {
  int bytes = elementBytes(dtype, kOp);
  SharedMemory smem = sharedMemory(smemValue, bytes, kOp);
  detail::checkCells(size(smem.layout), kOp, "SMEM " + smemValue.str());
  BankReport report = bankConflicts(smem, tv, kOp);
  // The thread of the worst instruction that reads each tile index (-1: none).
  std::vector<int64_t> reader(size_t(size(smem.layout)), -1);
  WarpInstruction worst = warpInstruction(report.access, int64_t(report.worstInstruction));
  int64_t threads = product(mode(tv.shape, 0)).value;
  for (int64_t lane = 0; lane < 32; ++lane)
    for (int64_t k = 0; k < report.access.width; ++k) {
      int64_t t = 32 * worst.warp + lane;
      int64_t &r = reader[size_t(evaluate(tv, t + threads * (worst.firstValue + k)))];
      if (r < 0)
        r = t;
    }
  Picture p;
  p.title = "Banks of " + smemValue.str() + " (" + dtype + "), accessed by " + tv.str();
  p.panels = detail::domainPanels(smem.layout.shape, kOp, "SMEM " + smemValue.str(), [&](const IntTuple &, int64_t i) {
    int64_t bank = smem.swizzle(smem.offset + evaluate(smem.layout, i)) * bytes / 4 % 32;
    PictureCell cell{{std::to_string(bank)}, int(bank % 8)};
    if (reader[size_t(i)] >= 0) {
      cell.lines.push_back("T" + std::to_string(reader[size_t(i)]));
      cell.outlined = true;
    }
    return cell;
  });
  int64_t accessBytes = report.access.width * bytes;
  p.notes.push_back("Each cell: the bank of its element's first byte (32 banks of 4 bytes); outlined, with the "
                    "thread that reads it: the worst instruction.");
  p.notes.push_back(std::to_string(report.access.width) + " " + dtype + " (" + std::to_string(accessBytes) +
                    " bytes) per access, served " + served(accessBytes) + "; " + counted(size_t(report.warps), "warp") +
                    " of " + counted(report.instructions.size() / size_t(report.warps), "instruction") +
                    (report.warps == 1 ? ":" : " each:"));
  for (const std::string &line : costLines(report))
    p.notes.push_back(line);
  p.notes.push_back("The worst, outlined: " + span(report, report.worstInstruction, report.worstInstruction) + ", " +
                    cost(report.worst) + ".");
  return p;
}

} // namespace layoutc::algebra
