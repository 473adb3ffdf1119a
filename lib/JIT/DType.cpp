//===- DType.cpp - The element types layoutc's kernels move ---------------===//
#include "layoutc/JIT/DType.h"

#include <array>

namespace layoutc::jit {

namespace {

using K = DTypeKind;

// In the enum's order, so that infoOf is an index.
constexpr std::array<DTypeInfo, kDTypeCount> kDTypes{{
    {DType::F32, "f32", "float32", 4, K::Float},
    {DType::F16, "f16", "float16", 2, K::Float},
    {DType::BF16, "bf16", "bfloat16", 2, K::Float},
    {DType::F64, "f64", "float64", 8, K::Float},
    {DType::I32, "i32", "int32", 4, K::Signed},
    {DType::I8, "i8", "int8", 1, K::Signed},
    {DType::I64, "i64", "int64", 8, K::Signed},
    {DType::U8, "u8", "uint8", 1, K::Unsigned},
    {DType::I16, "i16", "int16", 2, K::Signed},
    {DType::Bool, "bool", "bool", 1, K::Bool},
    {DType::F8E4M3FN, "f8e4m3fn", "float8_e4m3fn", 1, K::Float},
    {DType::F8E5M2, "f8e5m2", "float8_e5m2", 1, K::Float},
    {DType::C64, "c64", "complex64", 8, K::Complex},
    {DType::C128, "c128", "complex128", 16, K::Complex},
}};

constexpr bool inEnumOrder() {
  for (int i = 0; i < kDTypeCount; ++i)
    if (int(kDTypes[size_t(i)].type) != i)
      return false;
  return true;
}
static_assert(inEnumOrder(), "kDTypes lists the dtypes in the enum's order");

} // namespace

const DTypeInfo &dtypeAt(int i) { return kDTypes[size_t(i)]; }

const DTypeInfo &infoOf(DType t) { return kDTypes[size_t(t)]; }

std::optional<DType> parseDType(std::string_view name) {
  for (const DTypeInfo &d : kDTypes)
    if (name == d.name || name == d.torchName)
      return d.type;
  return std::nullopt;
}

const char *dtypeName(DType t) { return infoOf(t).name; }

int dtypeBytes(DType t) { return infoOf(t).bytes; }

bool isFloat(DType t) { return infoOf(t).kind == DTypeKind::Float; }

bool isComplex(DType t) { return infoOf(t).kind == DTypeKind::Complex; }

const std::string &dtypeNames() {
  static const std::string names = [] {
    std::string s;
    for (int i = 0; i < kDTypeCount; ++i)
      s += std::string(i == 0 ? "" : i + 1 == kDTypeCount ? " or " : ", ") + kDTypes[size_t(i)].name;
    return s;
  }();
  return names;
}

std::string unknownDType(const std::string &what, std::string_view name) {
  return what + " '" + std::string(name) + "' is not a dtype: layoutc moves " + dtypeNames();
}

} // namespace layoutc::jit
