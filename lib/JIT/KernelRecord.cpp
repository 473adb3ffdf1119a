//===- KernelRecord.cpp - A compiled kernel as the disk cache keeps it ----===//
#include "KernelRecord.h"

#include <sstream>

namespace layoutc::jit {

namespace {
constexpr const char *kHeader = "layoutc-kernel 3";

const char *kindName(Param::Kind k) {
  return k == Param::Kind::Buffer      ? "buffer"
         : k == Param::Kind::Index     ? "index"
         : k == Param::Kind::ErrorWord ? "errors"
                                       : "scalar";
}
} // namespace

// Lines: the header; `name N`; `plan threads elements tiles|- indexBits`;
// `tile-shape E...` where there is one; a `param buffer|index|scalar dtype
// [name]` per parameter; a `reason TEXT` per remark; per cubin, `cubin
// ARCH BYTES`, its bytes and a newline; `ptx BYTES`, then the PTX.
std::string KernelRecord::serialize() const {
  std::ostringstream out;
  out << kHeader << "\nname " << name << "\nplan " << plan.threadsPerBlock << " " << plan.elementsPerBlock << " "
      << (plan.tiles ? std::to_string(*plan.tiles) : "-") << " " << plan.indexBits << "\n";
  if (!plan.tileShape.empty()) {
    out << "tile-shape";
    for (int64_t e : plan.tileShape)
      out << " " << e;
    out << "\n";
  }
  for (const Param &p : params)
    out << "param " << kindName(p.kind) << " " << dtypeName(p.dtype) << " " << p.name << "\n";
  for (const std::string &r : plan.reasons)
    if (r.find('\n') == std::string::npos)
      out << "reason " << r << "\n";
  for (const auto &[arch, image] : cubins)
    out << "cubin " << arch << " " << image.size() << "\n" << image << "\n";
  out << "ptx " << ptx.size() << "\n" << ptx;
  return out.str();
}

std::optional<KernelRecord> KernelRecord::parse(const std::string &text) {
  std::istringstream in(text);
  std::string line;
  KernelRecord r;
  if (!std::getline(in, line) || line != kHeader || !std::getline(in, line) || line.rfind("name ", 0) != 0)
    return std::nullopt;
  r.name = line.substr(5);
  std::string word, tiles;
  if (!(in >> word) || word != "plan" ||
      !(in >> r.plan.threadsPerBlock >> r.plan.elementsPerBlock >> tiles >> r.plan.indexBits) || in.get() != '\n')
    return std::nullopt;
  if (tiles != "-") {
    try {
      r.plan.tiles = std::stoll(tiles);
    } catch (const std::exception &) {
      return std::nullopt;
    }
  }
  while (std::getline(in, line)) {
    if (line.rfind("tile-shape ", 0) == 0) {
      std::istringstream t(line.substr(11));
      int64_t e;
      while (t >> e) {
        if (e < 1)
          return std::nullopt;
        r.plan.tileShape.push_back(e);
      }
      if (!t.eof() || r.plan.tileShape.empty())
        return std::nullopt;
    } else if (line.rfind("param ", 0) == 0) {
      std::istringstream p(line.substr(6));
      std::string kind, dtype, name;
      p >> kind >> dtype;
      std::getline(p >> std::ws, name);
      std::optional<DType> t = parseDType(dtype);
      std::optional<Param::Kind> k;
      for (Param::Kind each : {Param::Kind::Buffer, Param::Kind::Index, Param::Kind::Scalar, Param::Kind::ErrorWord})
        if (kind == kindName(each))
          k = each;
      if (!t || !k)
        return std::nullopt;
      r.params.push_back({*k, *t, name});
    } else if (line.rfind("reason ", 0) == 0) {
      r.plan.reasons.push_back(line.substr(7));
    } else if (line.rfind("cubin ", 0) == 0) {
      std::istringstream c(line.substr(6));
      std::string arch;
      size_t bytes = 0;
      if (!(c >> arch >> bytes) || !c.eof() || arch.rfind("sm_", 0) != 0)
        return std::nullopt;
      std::streamoff where = in.tellg();
      size_t at = size_t(where);
      if (where < 0 || bytes >= text.size() - at || text[at + bytes] != '\n')
        return std::nullopt;
      r.cubins[arch] = text.substr(at, bytes);
      in.seekg(std::streamoff(at + bytes + 1));
    } else if (line.rfind("ptx ", 0) == 0) {
      size_t bytes = 0;
      try {
        bytes = std::stoull(line.substr(4));
      } catch (const std::exception &) {
        return std::nullopt;
      }
      size_t at = size_t(in.tellg());
      if (at + bytes != text.size())
        return std::nullopt;
      r.ptx = text.substr(at);
      return r;
    } else {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

} // namespace layoutc::jit
