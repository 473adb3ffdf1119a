//===- ScaleCheck.h - Run the scale kernel and check every element -*- C++ -*-===//
#ifndef LAYOUTC_TEST_GPU_SCALECHECK_H
#define LAYOUTC_TEST_GPU_SCALECHECK_H

#include "layoutc/Runtime/Resources.h"

#include <cstring>
#include <random>
#include <vector>

namespace layoutc::test {

/// Runs scale(x, y, n) (y[i] = 2 x[i]) on n random floats in [-range, range)
/// from `seed`, `threads` per block, with y poisoned first; returns how many
/// elements of y differ from the host's 2 x[i].
inline size_t wrongElementsOfScale(const runtime::Kernel &scale, unsigned n, unsigned threads, unsigned seed,
                                   float range) {
  std::vector<float> x(n), y(n);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-range, range);
  for (float &v : x)
    v = dist(rng);
  runtime::DeviceBuffer dx(n * sizeof(float)), dy(n * sizeof(float));
  dx.copyFromHost(x.data(), dx.bytes());
  dy.fill(0xFF);
  runtime::Stream stream;
  uint64_t px = dx.address(), py = dy.address();
  unsigned count = n;
  void *args[] = {&px, &py, &count};
  scale.launch({(n + threads - 1) / threads, 1, 1}, {threads, 1, 1}, 0, stream, args);
  stream.synchronize();
  dy.copyToHost(y.data(), dy.bytes());
  size_t wrong = 0;
  for (unsigned i = 0; i < n; ++i) {
    float expected = x[i] + x[i];
    wrong += std::memcmp(&y[i], &expected, sizeof(float)) != 0;
  }
  return wrong;
}

} // namespace layoutc::test

#endif
