//===- AnalysisResults.cpp - Printing the analyses' answers ---------------===//
#include "layoutc/Algebra/AnalysisResults.h"

namespace layoutc::algebra {

std::string Equality::str() const {
  switch (answer) {
  case Answer::Equal:
    return "true";
  case Answer::Different:
    return "false: " + why;
  case Answer::Depends:
    return "depends on ?: " + why;
  }
  return "";
}

int64_t LinearLayout::outSize() const {
  int64_t size = 1;
  for (const InDim &d : inDims)
    for (int64_t b : d.bases)
      while (size <= b) // bases are below 2^31 (Triton's int32), so this ends by 2^31
        size *= 2;
  return size;
}

std::string LinearLayout::dims() const {
  std::string s = "[";
  for (size_t k = 0; k < inDims.size(); ++k)
    s += (k ? ", " : "") + inDims[k].name + " (size " + std::to_string(int64_t(1) << inDims[k].bases.size()) + ")";
  return s + "] -> [offset (size " + std::to_string(outSize()) + ")]";
}

std::string LinearLayout::str() const {
  std::string s;
  for (const InDim &d : inDims) {
    if (d.bases.empty()) {
      s += " - " + d.name + " is a size 1 dimension\n";
      continue;
    }
    for (size_t j = 0; j < d.bases.size(); ++j)
      s += std::string(j ? "   " : " - ") + d.name + "=" + std::to_string(int64_t(1) << j) + " -> (" +
           std::to_string(d.bases[j]) + ")\n";
  }
  return s + "where out dims are: [offset (size " + std::to_string(outSize()) + ")]";
}

} // namespace layoutc::algebra
