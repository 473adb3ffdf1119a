//===- RunFootprint.cpp - The memory a checked run takes, checked first ---===//
#include "RunFootprint.h"

#include "layoutc/Runtime/Driver.h"

#include <cstdio>
#include <limits>
#include <stdexcept>
#include <unistd.h>

namespace layoutc::jit {

namespace {

constexpr uint64_t kSaturated = std::numeric_limits<uint64_t>::max();

// a * b and a + b in bytes, saturated at 2^64 - 1 (never wrapped).
uint64_t times(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_mul_overflow(a, b, &r) ? kSaturated : r;
}
uint64_t plus(uint64_t a, uint64_t b) {
  uint64_t r;
  return __builtin_add_overflow(a, b, &r) ? kSaturated : r;
}

uint64_t count(int64_t n) { return n < 0 ? 0 : uint64_t(n); }

std::string describe(uint64_t bytes) {
  if (bytes == kSaturated)
    return "more than 2^64 bytes";
  char text[64];
  std::snprintf(text, sizeof text, "%.1f GB (%llu bytes)", double(bytes) / 1e9, (unsigned long long)bytes);
  return text;
}

uint64_t hostMemory() {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? times(uint64_t(pages), uint64_t(size)) : kSaturated;
}

} // namespace

RunFootprint copyFootprint(const CopySpec &spec, const RunOptions &options) {
  size_t next = 0;
  KernelOperand src = KernelOperand::of(spec.src, "the source layout").bind(options.dynamic, next);
  KernelOperand dst = KernelOperand::of(spec.dst, "the destination layout").bind(options.dynamic, next);
  return copyFootprint(src, dst, spec, options);
}

RunFootprint copyFootprint(const KernelOperand &src, const KernelOperand &dst, const CopySpec &spec,
                           const RunOptions &options) {
  uint64_t eb = uint64_t(dtypeBytes(spec.dtype)), db = uint64_t(dtypeBytes(spec.dstType()));
  uint64_t in = times(plus(count(src.maxOffset()) + 1, count(options.misalign)), eb);
  uint64_t out = times(plus(count(dst.maxOffset()) + 1, count(options.misalign)), db);
  // Host: the input, the output read back, one bit per output element.
  return {plus(plus(in, out), (count(dst.maxOffset()) + 1) / 8 + 1), plus(in, out)};
}

RunFootprint indexedFootprint(const CopySpec &spec, int64_t tableRows, int64_t rows, const RunOptions &options) {
  bool gather = spec.src.rows().has_value();
  IndexedRows r = indexedRowsOf(spec);
  uint64_t eb = uint64_t(dtypeBytes(spec.dtype)), ib = uint64_t(dtypeBytes(spec.indexTypes.at(r.buffer)));
  uint64_t pad = times(count(options.misalign), eb);
  uint64_t table = plus(times(times(count(tableRows), count(r.width)), eb), pad);
  uint64_t moved = plus(times(times(count(rows), count(r.width)), eb), pad);
  uint64_t indices = times(count(rows), ib);
  // Host: the indices (as int64, packed, and a scatter's sorted copy with
  // positions), the input and the output, one bit per table element of a
  // scatter.
  uint64_t bookkeeping = plus(times(count(rows), 8 + ib), gather ? 0 : times(count(rows), 16));
  uint64_t written = gather ? 0 : times(count(tableRows), count(r.width)) / 8 + 1;
  return {plus(plus(plus(table, moved), bookkeeping), written), plus(plus(table, moved), indices)};
}

IndexedRows indexedRowsOf(const CopySpec &spec) {
  const std::optional<IndexedRows> &rows = spec.src.rows() ? spec.src.rows() : spec.dst.rows();
  if (!rows || spec.indexTypes.size() != 1 || (spec.src.rows() && spec.dst.rows()))
    throw std::invalid_argument("copy: not a gather or scatter: one side's rows, one index buffer");
  return *rows;
}

void checkFits(const std::string &what, const RunFootprint &footprint, int device) {
  uint64_t host = hostMemory();
  if (footprint.host > host)
    throw std::invalid_argument(what + " needs " + describe(footprint.host) +
                                " of host memory to check every element, but this host has " + describe(host));
  const std::vector<runtime::DeviceInfo> &devices = runtime::Driver::get().devices();
  if (device < 0 || size_t(device) >= devices.size())
    throw std::invalid_argument(what + ": there is no device " + std::to_string(device) + " (this host has " +
                                std::to_string(devices.size()) + ")");
  const runtime::DeviceInfo &d = devices[size_t(device)];
  if (footprint.device > d.globalMemoryBytes)
    throw std::invalid_argument(what + " needs " + describe(footprint.device) + " of device memory, but " + d.name +
                                " has " + describe(d.globalMemoryBytes));
}

} // namespace layoutc::jit
