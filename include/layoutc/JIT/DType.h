//===- DType.h - The element types layoutc's kernels move -------*- C++ -*-===//
//
// One list of element types: every dtype PyTorch copies (floats, 8-bit
// floats, signed and unsigned integers, bool, complex numbers as pairs of
// their parts), each with its name here, its name in torch, its size and
// its kind. Parsing, printing and every message that lists them read this
// list. How one converts to another is torch's `.to()` on the GPU, bit for
// bit (ElementCast.h builds it as IR, HostConvert.h on the host).
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_JIT_DTYPE_H
#define LAYOUTC_JIT_DTYPE_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace layoutc::jit {

enum class DType : uint8_t { F32, F16, BF16, F64, I32, I8, I64, U8, I16, Bool, F8E4M3FN, F8E5M2, C64, C128 };

enum class DTypeKind : uint8_t {
  /// IEEE-like binary floats: f64, f32, f16, bf16, and the 8-bit floats
  /// e4m3fn (no infinities, one NaN per sign) and e5m2.
  Float,
  Signed,
  Unsigned,
  /// One byte, 0 or 1.
  Bool,
  /// Two floats, the real part first.
  Complex,
};

struct DTypeInfo {
  DType type;
  /// layoutc's name ("f32"), torch's ("float32").
  const char *name, *torchName;
  int bytes;
  DTypeKind kind;
};

/// The number of dtypes, and the i-th in the list's order (f32 first).
constexpr int kDTypeCount = 14;
const DTypeInfo &dtypeAt(int i);
const DTypeInfo &infoOf(DType t);

/// The dtype of a layoutc name ("f32", "f8e4m3fn", "c64", ...) or a torch
/// name ("float32", "float8_e4m3fn", "complex64", ...).
std::optional<DType> parseDType(std::string_view name);
const char *dtypeName(DType t);
int dtypeBytes(DType t);
/// Real floats, the 8-bit ones included.
bool isFloat(DType t);
bool isComplex(DType t);
/// Every dtype's name, in the list's order: "f32, f16, ..., c64 or c128".
const std::string &dtypeNames();
/// The one message for a name that is not a dtype: "WHAT 'NAME' is not a
/// dtype: layoutc moves f32, f16, ..., c64 or c128".
std::string unknownDType(const std::string &what, std::string_view name);

} // namespace layoutc::jit

#endif
