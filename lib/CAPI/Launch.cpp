//===- Launch.cpp - The C API's launches on a caller's device and stream --===//
#include "Boundary.h"
#include "Handles.h"

#include "layoutc/Runtime/DeviceFaults.h"
#include "layoutc/Runtime/Resources.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace layoutc;
using namespace layoutc::capi;

// Never destroyed, so no release runs after the driver is gone at exit.
const runtime::Context &layoutc::capi::primaryContext(int ordinal, const char *function) {
  nonNegative(ordinal, function, "device");
  static std::mutex *mutex = new std::mutex;
  static auto *contexts = new std::map<int, std::unique_ptr<runtime::Context>>;
  std::lock_guard<std::mutex> lock(*mutex);
  std::unique_ptr<runtime::Context> &context = (*contexts)[ordinal];
  if (!context)
    context = std::make_unique<runtime::Context>(ordinal);
  return *context;
}

namespace {

const jit::CopyKernel &copyOf(const layoutc_kernel *kernel, const char *function) {
  const jit::CopyKernel *k = std::get_if<jit::CopyKernel>(&need(kernel, function, "kernel").kernel);
  if (!k)
    throw std::invalid_argument(std::string(function) + ": the kernel is a kernel of MLIR, not a copy's (its "
                                                        "launch is layoutc_launch's)");
  return *k;
}

std::vector<int64_t> dynamicValues(const int64_t *values, size_t count, const char *function) {
  if (length(count, sizeof(int64_t), function, "count") && !values)
    throw std::invalid_argument(std::string(function) + ": dynamic is NULL with count " + std::to_string(count));
  return std::vector<int64_t>(values, values + count);
}

uint64_t address(const void *pointer) { return reinterpret_cast<uintptr_t>(pointer); }

// A tensor argument as the JIT's, its dtype index checked.
jit::StridedTensor tensorArgument(const layoutc_tensor *tensor, const char *function, const char *argument) {
  const layoutc_tensor &t = need(tensor, function, argument);
  if (t.dtype < 0 || t.dtype >= jit::kDTypeCount)
    throw std::invalid_argument(std::string(function) + ": " + argument + ".dtype " + std::to_string(t.dtype) +
                                " is not a dtype's index (0 .. " + std::to_string(jit::kDTypeCount - 1) + ")");
  if (t.rank < 0 || t.rank > 64 || (t.rank > 0 && (!t.shape || !t.strides)))
    throw std::invalid_argument(std::string(function) + ": " + argument + " has rank " + std::to_string(t.rank) +
                                (t.rank > 0 && t.rank <= 64 ? " with a NULL shape or strides" : ", not 0 to 64"));
  // An empty tensor may have no memory (torch's data_ptr() of one is 0).
  if (!t.address && std::none_of(t.shape, t.shape + t.rank, [](int64_t e) { return e == 0; }))
    throw std::invalid_argument(std::string(function) + ": " + argument + ".address is NULL");
  return {address(t.address), jit::DType(t.dtype), t.rank, t.shape, t.strides};
}

} // namespace

extern "C" {

layoutc_status layoutc_device_count(int *count) {
  return guard("layoutc_device_count", [&] {
    int &out = need(count, "layoutc_device_count", "count");
    out = int(runtime::Driver::get().devices().size());
  });
}

layoutc_status layoutc_check_device(int device) {
  return guard("layoutc_check_device", [&] {
    primaryContext(device, "layoutc_check_device");
    runtime::ErrorWord::of(device).check();
  });
}

layoutc_status layoutc_copy_extents(const layoutc_kernel *kernel, const int64_t *dynamic, size_t count, int64_t *size,
                                    int64_t *src_elements, int64_t *dst_elements) {
  const char *function = "layoutc_copy_extents";
  return guard(function, [&] {
    const jit::CopyKernel &copy = copyOf(kernel, function);
    std::vector<int64_t> values = dynamicValues(dynamic, count, function);
    need(size, function, "size") = copy.size(values);
    need(src_elements, function, "src_elements") = copy.srcExtent(values);
    need(dst_elements, function, "dst_elements") = copy.dstExtent(values);
  });
}

layoutc_status layoutc_launch_copy(const layoutc_kernel *kernel, int device, const layoutc_buffer *buffers,
                                   size_t buffer_count, const int64_t *dynamic, size_t count, void *stream) {
  const char *function = "layoutc_launch_copy";
  return guard(function, [&] {
    const jit::CopyKernel &copy = copyOf(kernel, function);
    if (length(buffer_count, sizeof(layoutc_buffer), function, "buffer_count") && !buffers)
      throw std::invalid_argument(std::string(function) + ": buffers is NULL with buffer_count " +
                                  std::to_string(buffer_count));
    std::vector<jit::LaunchBuffer> given;
    for (size_t i = 0; i < buffer_count; ++i) {
      std::string name = "buffers[" + std::to_string(i) + "]";
      if (!buffers[i].address)
        throw std::invalid_argument(std::string(function) + ": " + name + ".address is NULL");
      nonNegative(buffers[i].elements, function, (name + ".elements").c_str());
      given.push_back({address(buffers[i].address), buffers[i].elements});
    }
    // Checked before the driver is needed, so a wrong count is named as such
    // on any host.
    if (count != size_t(copy.dynamicCount()))
      throw std::invalid_argument(std::string(function) + ": the kernel takes " + std::to_string(copy.dynamicCount()) +
                                  " values for `?` leaves, got " + std::to_string(count));
    std::vector<int64_t> values = dynamicValues(dynamic, count, function);
    copy.check(given, values); // before the driver is needed
    copy.launch(primaryContext(device, function), given, values, runtime::Stream::borrowed(stream));
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

layoutc_status layoutc_copy_tensors(layoutc_jit *jit, int device, const layoutc_tensor *src, const layoutc_tensor *dst,
                                    const double *scale, void *stream) {
  const char *function = "layoutc_copy_tensors";
  return guard(function, [&] {
    jit::Jit &j = need(jit, function, "jit").jit;
    jit::StridedTensor s = tensorArgument(src, function, "src"), d = tensorArgument(dst, function, "dst");
    // Checked before the driver is needed.
    jit::TensorCopy copy = j.prepareCopy(s, d, scale ? std::optional<double>(*scale) : std::nullopt);
    if (!copy.empty()) // nothing to move needs no device
      copy.launch(primaryContext(device, function), runtime::Stream::borrowed(stream));
  });
}

} // extern "C"

namespace {
// A gather's or scatter's launch between tensors: `table`, `indices` and
// `rows` as the function names them, prepared before the driver is needed.
layoutc_status rowsCopy(bool gather, layoutc_jit *jit, int device, const layoutc_tensor *table,
                        const layoutc_tensor *indices, const layoutc_tensor *rows, void *stream) {
  const char *function = gather ? "layoutc_gather_tensors" : "layoutc_scatter_tensors";
  return guard(function, [&] {
    jit::Jit &j = need(jit, function, "jit").jit;
    jit::StridedTensor t = tensorArgument(table, function, "table"), i = tensorArgument(indices, function, "indices"),
                       r = tensorArgument(rows, function, "rows");
    jit::TensorCopy copy = gather ? j.prepareGather(t, i, r) : j.prepareScatter(r, i, t);
    if (!copy.empty())
      copy.launch(primaryContext(device, function), runtime::Stream::borrowed(stream));
  });
}
} // namespace

extern "C" {

layoutc_status layoutc_gather_tensors(layoutc_jit *jit, int device, const layoutc_tensor *table,
                                      const layoutc_tensor *indices, const layoutc_tensor *rows, void *stream) {
  return rowsCopy(true, jit, device, table, indices, rows, stream);
}

layoutc_status layoutc_scatter_tensors(layoutc_jit *jit, int device, const layoutc_tensor *rows,
                                       const layoutc_tensor *indices, const layoutc_tensor *table, void *stream) {
  return rowsCopy(false, jit, device, table, indices, rows, stream);
}

} // extern "C"
