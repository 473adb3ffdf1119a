//===- FuzzCacheKey.h - The kernel key the cache fuzzer loads ---*- C++ -*-===//
#ifndef LAYOUTC_TEST_FUZZ_FUZZCACHEKEY_H
#define LAYOUTC_TEST_FUZZ_FUZZCACHEKEY_H

namespace layoutc::fuzz {
/// The cache fuzzer's inputs are entries found under this key's name; its
/// seeds are entries made for it.
constexpr const char *kCacheKey = "fuzz-kernel";
} // namespace layoutc::fuzz

#endif
