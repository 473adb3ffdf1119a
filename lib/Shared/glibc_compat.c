/*===- glibc_compat.c - arc4random for the wheel's library -----------------===
 *
 * Debian 12's LLVM archives (llvm::sys::Process::GetRandomNumber) and C++
 * runtime (std::random_device) call arc4random, new in glibc 2.36. This
 * definition, local to liblayoutc_jit (exports.map), takes that call instead,
 * so the wheel runs on glibc 2.34 (manylinux_2_34). It reads the kernel's
 * getrandom (glibc 2.25), retrying only an interrupted call, as glibc's own
 * arc4random does; where the kernel has none, it mixes the clock and a
 * counter (LLVM uses it for hash seeds, never for secrets).
 *
 *===----------------------------------------------------------------------===*/
#include <errno.h>
#include <stdint.h>
#include <sys/random.h>
#include <time.h>

uint32_t arc4random(void) {
  uint32_t value;
  for (int tries = 0; tries < 16; ++tries) {
    ssize_t got = getrandom(&value, sizeof value, 0);
    if (got == (ssize_t)sizeof value)
      return value;
    if (got >= 0 || errno != EINTR)
      break;
  }
  static uint32_t counter;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  uint64_t x = (uint64_t)now.tv_nsec ^ ((uint64_t)now.tv_sec << 32) ^ ((uint64_t)++counter * 0x9E3779B97F4A7C15u);
  x ^= x >> 33;
  x *= 0xFF51AFD7ED558CCDu;
  x ^= x >> 33;
  return (uint32_t)x;
}
