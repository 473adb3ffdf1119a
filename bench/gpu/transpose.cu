// The peer of examples/kernels/transpose.mlir for JIT-latency comparison:
// the same copy from a row-major to a column-major M x N matrix, in CUDA C++.
// bench/gpu/run.sh times `nvcc -ptx` on it.
extern "C" __global__ void transpose(const float *src, float *dst, long m, long n) {
  long k = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k < m * n) {
    long i = k % m, j = k / m % n;
    dst[i + j * m] = src[i * n + j];
  }
}
