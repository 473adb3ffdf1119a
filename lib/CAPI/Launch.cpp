//===- Launch.cpp - The C API's launches on a caller's device and stream --===//
#include "Boundary.h"
#include "Handles.h"

#include "layoutc/Runtime/Resources.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace layoutc;
using namespace layoutc::capi;

namespace {

// The primary context of device `ordinal`, retained on first use for the
// rest of the process (as the CUDA runtime does): a launch retains nothing.
// Never destroyed, so no release runs after the driver is gone at exit.
const runtime::Context &primaryContext(int ordinal, const char *function) {
  nonNegative(ordinal, function, "device");
  static std::mutex *mutex = new std::mutex;
  static auto *contexts = new std::map<int, std::unique_ptr<runtime::Context>>;
  std::lock_guard<std::mutex> lock(*mutex);
  std::unique_ptr<runtime::Context> &context = (*contexts)[ordinal];
  if (!context)
    context = std::make_unique<runtime::Context>(ordinal);
  return *context;
}

template <class Kernel> const Kernel &kernelOf(const layoutc_kernel *kernel, const char *function, const char *what) {
  const layoutc_kernel &handle = need(kernel, function, "kernel");
  const Kernel *k = std::get_if<Kernel>(&handle.kernel);
  if (!k)
    throw std::invalid_argument(std::string(function) + ": the kernel is not " + what +
                                (std::holds_alternative<jit::TensorCopyKernel>(handle.kernel)
                                     ? " (a tensor copy's launch is layoutc_launch's)"
                                     : ""));
  return *k;
}

std::vector<int64_t> dynamicValues(const int64_t *values, size_t count, const char *function) {
  if (length(count, sizeof(int64_t), function, "count") && !values)
    throw std::invalid_argument(std::string(function) + ": dynamic is NULL with count " + std::to_string(count));
  return std::vector<int64_t>(values, values + count);
}

uint64_t address(const void *pointer) { return reinterpret_cast<uintptr_t>(pointer); }

// A buffer's device address, which must not be NULL.
uint64_t deviceAddress(const void *pointer, const char *function, const char *argument) {
  if (!pointer)
    throw std::invalid_argument(std::string(function) + ": " + argument + " is NULL");
  return address(pointer);
}

} // namespace

extern "C" {

layoutc_status layoutc_device_count(int *count) {
  return guard("layoutc_device_count", [&] {
    int &out = need(count, "layoutc_device_count", "count");
    out = int(runtime::Driver::get().devices().size());
  });
}

layoutc_status layoutc_copy_extents(const layoutc_kernel *kernel, const int64_t *dynamic, size_t count, int64_t *size,
                                    int64_t *src_elements, int64_t *dst_elements) {
  const char *function = "layoutc_copy_extents";
  return guard("layoutc_copy_extents", [&] {
    const jit::CopyKernel &copy = kernelOf<jit::CopyKernel>(kernel, function, "a copy");
    std::vector<int64_t> values = dynamicValues(dynamic, count, function);
    need(size, function, "size") = copy.size(values);
    need(src_elements, function, "src_elements") = copy.srcExtent(values);
    need(dst_elements, function, "dst_elements") = copy.dstExtent(values);
  });
}

layoutc_status layoutc_launch_copy(const layoutc_kernel *kernel, int device, const void *src, void *dst,
                                   const int64_t *dynamic, size_t count, void *stream) {
  const char *function = "layoutc_launch_copy";
  return guard("layoutc_launch_copy", [&] {
    const jit::CopyKernel &copy = kernelOf<jit::CopyKernel>(kernel, function, "a copy");
    uint64_t from = deviceAddress(src, function, "src"), to = deviceAddress(dst, function, "dst");
    // Checked before the driver is needed, so a wrong count is named as such
    // on any host.
    if (count != size_t(copy.dynamicCount()))
      throw std::invalid_argument(std::string(function) + ": the kernel takes " + std::to_string(copy.dynamicCount()) +
                                  " values for `?` leaves, got " + std::to_string(count));
    std::vector<int64_t> values = dynamicValues(dynamic, count, function);
    copy.launch(primaryContext(device, function), from, to, values, runtime::Stream::borrowed(stream));
  });
}

layoutc_status layoutc_launch_indexed(const layoutc_kernel *kernel, int device, void *table, int64_t table_rows,
                                      void *rows, const void *indices, int64_t count, void *stream) {
  const char *function = "layoutc_launch_indexed";
  return guard("layoutc_launch_indexed", [&] {
    const jit::IndexedKernel &indexed = kernelOf<jit::IndexedKernel>(kernel, function, "a gather or scatter");
    uint64_t t = deviceAddress(table, function, "table"), r = deviceAddress(rows, function, "rows"),
             i = deviceAddress(indices, function, "indices");
    nonNegative(table_rows, function, "table_rows");
    nonNegative(count, function, "count");
    indexed.extents(table_rows, count); // checked before the driver is needed
    indexed.launch(primaryContext(device, function), t, table_rows, r, i, count, runtime::Stream::borrowed(stream));
  });
}

layoutc_status layoutc_launch(const layoutc_kernel *kernel, int device, unsigned grid, unsigned block,
                              const layoutc_arg *args, size_t count, void *stream) {
  const char *function = "layoutc_launch";
  return guard("layoutc_launch", [&] {
    const layoutc_kernel &k = need(kernel, function, "kernel");
    if (length(count, sizeof(layoutc_arg), function, "count") && !args)
      throw std::invalid_argument(std::string(function) + ": args is NULL with count " + std::to_string(count));
    jit::LaunchArgs launchArgs;
    uint64_t addressBits = 0;
    for (size_t i = 0; i < count; ++i) {
      if (args[i].is_buffer) {
        nonNegative(args[i].value, function, ("args[" + std::to_string(i) + "].value (a buffer's elements)").c_str());
        launchArgs.buffer(address(args[i].address), args[i].value);
        addressBits |= address(args[i].address);
      } else {
        launchArgs.index(args[i].value);
      }
    }
    const jit::CompiledKernel &compiled =
        k.compiled(addressBits % 16 == 0 ? jit::BufferAlignment::Aligned16 : jit::BufferAlignment::Any);
    compiled.launch(primaryContext(device, function), grid, launchArgs, runtime::Stream::borrowed(stream), block);
  });
}

} // extern "C"
