//===- HostConvertTest.cpp - The host's casts are torch's, bit for bit ----===//
//
// test/corpus/torch_casts.tsv holds what torch 2.11's `.to()` gave on an
// H200 for every pair of dtypes and about a hundred source values each
// (bench/gpu/torch_casts.py): the host reference must give every line. The
// hand-written cases below state the rules one at a time.
//
//===----------------------------------------------------------------------===//
#include "HostConvert.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace layoutc::test {
namespace {

using jit::DType;

// The element of `bytes` bytes whose bits, little-endian, are the hex `text`.
std::vector<uint8_t> fromHex(const std::string &text, int bytes) {
  std::vector<uint8_t> out(size_t(bytes), 0);
  for (int i = 0; i < bytes; ++i)
    out[size_t(i)] = uint8_t(std::stoul(text.substr(text.size() - 2 * size_t(i + 1), 2), nullptr, 16));
  return out;
}

std::string toHex(const std::vector<uint8_t> &bytes) {
  std::string s;
  char digits[3];
  for (size_t i = bytes.size(); i-- > 0;) {
    std::snprintf(digits, sizeof digits, "%02x", bytes[i]);
    s += digits;
  }
  return s;
}

std::string convert(DType from, const std::string &bits, DType to, std::optional<double> scale = std::nullopt) {
  std::vector<uint8_t> in = fromHex(bits, jit::dtypeBytes(from)), out(size_t(jit::dtypeBytes(to)));
  jit::convertElement(in.data(), from, out.data(), to, scale);
  return toHex(out);
}

TEST(HostConvert, GivesTorchsCastsOnTheGpuBitForBit) {
  std::ifstream file(LAYOUTC_CORPUS_DIR "/torch_casts.tsv");
  ASSERT_TRUE(file) << "cannot read " LAYOUTC_CORPUS_DIR "/torch_casts.tsv";
  std::string line;
  size_t cases = 0, wrong = 0;
  std::vector<bool> pairs(jit::kDTypeCount * jit::kDTypeCount, false);
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream fields(line);
    std::string from, bits, to, want;
    ASSERT_TRUE(std::getline(fields, from, '\t') && std::getline(fields, bits, '\t') &&
                std::getline(fields, to, '\t') && std::getline(fields, want, '\t'))
        << line;
    std::optional<DType> f = jit::parseDType(from), t = jit::parseDType(to);
    ASSERT_TRUE(f && t) << line;
    pairs[size_t(int(*f) * jit::kDTypeCount + int(*t))] = true;
    ++cases;
    std::string got = convert(*f, bits, *t);
    if (got != want && ++wrong <= 20)
      ADD_FAILURE() << from << " " << bits << " -> " << to << ": torch gives " << want << ", the host " << got;
  }
  EXPECT_EQ(wrong, 0u) << "of " << cases;
  EXPECT_GT(cases, 20000u);
  for (size_t i = 0; i < pairs.size(); ++i)
    EXPECT_TRUE(pairs[i]) << "no case of " << jit::dtypeName(DType(i / jit::kDTypeCount)) << " -> "
                          << jit::dtypeName(DType(i % jit::kDTypeCount));
}

TEST(HostConvert, FloatsRoundToNearestEvenThroughF32) {
  EXPECT_EQ(convert(DType::F32, "3f808000", DType::BF16), "3f80"); // a tie: to even
  EXPECT_EQ(convert(DType::F32, "3f818000", DType::BF16), "3f82"); // a tie: to even
  EXPECT_EQ(convert(DType::F32, "477ff000", DType::F16), "7c00");  // 65520: past f16, infinity
  EXPECT_EQ(convert(DType::F32, "7fc00000", DType::F16), "7fff");  // every NaN is 0x7fff
  // f64 to f16 rounds twice, through f32 (as c10::Half(float) does):
  // 1 + 2^-11 + 2^-30 is 1 + 2^-11 in f32, a tie that goes to 1.
  EXPECT_EQ(convert(DType::F64, "3ff0020000400000", DType::F16), "3c00");
  EXPECT_EQ(convert(DType::BF16, "ffff", DType::F32), "ffff0000"); // bf16 widens by a shift, NaNs too
  EXPECT_EQ(convert(DType::F16, "7e00", DType::F32), "7fffffff");  // f16's NaNs widen as the hardware does
}

TEST(HostConvert, EightBitFloatsAreC10s) {
  EXPECT_EQ(convert(DType::F32, "43e00000", DType::F8E4M3FN), "7e"); // 448, the largest
  EXPECT_EQ(convert(DType::F32, "43e80000", DType::F8E4M3FN), "7e"); // 464: a tie, to even (448)
  EXPECT_EQ(convert(DType::F32, "43f00000", DType::F8E4M3FN), "7f"); // 480 and up: NaN, no saturation
  EXPECT_EQ(convert(DType::F32, "ff800000", DType::F8E4M3FN), "ff"); // -inf: NaN with the sign
  EXPECT_EQ(convert(DType::F32, "3b000000", DType::F8E4M3FN), "01"); // 2^-9, the smallest subnormal
  EXPECT_EQ(convert(DType::F32, "47700000", DType::F8E5M2), "7c");   // 61440: infinity
  EXPECT_EQ(convert(DType::F32, "7fc00000", DType::F8E5M2), "7f");
  EXPECT_EQ(convert(DType::F8E4M3FN, "7f", DType::F32), "7ff00000");
  EXPECT_EQ(convert(DType::F8E4M3FN, "01", DType::F32), "3b000000");
  EXPECT_EQ(convert(DType::F8E5M2, "7c", DType::F32), "7f800000");
}

TEST(HostConvert, IntegersAreTheHardwaresConversionsTruncated) {
  // To i32, i16, i8: saturated to int32, then the low bits.
  EXPECT_EQ(convert(DType::F32, "43960000", DType::I8), "2c"); // 300 -> 44
  EXPECT_EQ(convert(DType::F32, "4f000000", DType::I8), "ff"); // 2^31 -> INT32_MAX -> -1
  EXPECT_EQ(convert(DType::F32, "7fc00000", DType::I32), "00000000");
  EXPECT_EQ(convert(DType::F64, "7ff8000000000000", DType::I32), "80000000"); // NaN from f64: INT32_MIN
  // To i64 and u8: saturated to int64 (NaN INT64_MIN), then the low bits.
  EXPECT_EQ(convert(DType::F32, "7fc00000", DType::I64), "8000000000000000");
  EXPECT_EQ(convert(DType::F32, "c2f60000", DType::U8), "85"); // -123 -> 133
  EXPECT_EQ(convert(DType::F32, "7f800000", DType::U8), "ff"); // inf -> INT64_MAX -> 255
  EXPECT_EQ(convert(DType::I32, "0000012c", DType::I8), "2c"); // integers truncate
  EXPECT_EQ(convert(DType::I8, "fb", DType::I64), "fffffffffffffffb");
  EXPECT_EQ(convert(DType::U8, "fb", DType::I32), "000000fb");
  EXPECT_EQ(convert(DType::I64, "0000000001010001", DType::BF16), "4b80"); // through f32: rounded twice
}

TEST(HostConvert, BoolAndComplex) {
  EXPECT_EQ(convert(DType::F32, "7fc00000", DType::Bool), "01"); // NaN != 0
  EXPECT_EQ(convert(DType::F32, "80000000", DType::Bool), "00"); // -0 == 0
  EXPECT_EQ(convert(DType::Bool, "01", DType::F16), "3c00");
  EXPECT_EQ(convert(DType::F32, "3f800000", DType::C64), "000000003f800000"); // (1, 0)
  EXPECT_EQ(convert(DType::C64, "400000003f800000", DType::F32), "3f800000"); // the real part
  EXPECT_EQ(convert(DType::C64, "3f80000000000000", DType::Bool), "01");      // (0, 1) is not 0
  EXPECT_EQ(convert(DType::C64, "400000003f800000", DType::C128),
            "40000000000000003ff0000000000000"); // (1, 2), each part widened
}

TEST(HostConvert, AScaleMultipliesInF32OrF64) {
  EXPECT_EQ(convert(DType::I32, "00000007", DType::I32, 0.5), "00000003"); // 3.5 toward zero
  EXPECT_EQ(convert(DType::F16, "4200", DType::F16, 2.0), "4600");         // 3 * 2
  EXPECT_EQ(convert(DType::C64, "400000003f800000", DType::C64, -1.0), "c0000000bf800000");
  // In f64 where a side is f64: 0.1 * 3 is 0.30000000000000004 there.
  EXPECT_EQ(convert(DType::F32, "40400000", DType::F64, 0.1), "3fd3333333333334");
}

TEST(HostConvert, NaNsOfEveryFloatKind) {
  auto nan = [](DType t, const std::string &bits) { return jit::isNaN(fromHex(bits, jit::dtypeBytes(t)).data(), t); };
  EXPECT_TRUE(nan(DType::BF16, "7fc1"));
  EXPECT_TRUE(nan(DType::F8E4M3FN, "ff"));
  EXPECT_FALSE(nan(DType::F8E4M3FN, "7e"));
  EXPECT_TRUE(nan(DType::F8E5M2, "7d"));
  EXPECT_FALSE(nan(DType::F8E5M2, "7c"));
  EXPECT_TRUE(nan(DType::C64, "7fc0000000000000")); // the imaginary part
  EXPECT_FALSE(nan(DType::I32, "ffffffff"));
}

} // namespace
} // namespace layoutc::test
