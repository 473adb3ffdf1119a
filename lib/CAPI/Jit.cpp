//===- Jit.cpp - The C API's JIT: options, caches, compiling kernels ------===//
#include "Boundary.h"
#include "Handles.h"

#include <string>

using namespace layoutc;
using namespace layoutc::capi;

jit::DType layoutc::capi::dtypeArgument(const char *name, const char *function, const char *argument) {
  need(name, function, argument);
  std::optional<jit::DType> t = jit::parseDType(name);
  if (!t)
    throw std::invalid_argument(jit::unknownDType(std::string(function) + ": " + argument, name));
  return *t;
}

namespace {

layoutc_status compileIndexed(bool gather, const char *function, layoutc_jit *jit, int64_t rowWidth, const char *dtype,
                              const char *indexDtype, layoutc_kernel **kernel) {
  return guard(function, [&] {
    layoutc_kernel *&out = need(kernel, function, "kernel");
    out = nullptr;
    jit::DType t = dtypeArgument(dtype, function, "dtype"), index = dtypeArgument(indexDtype, function, "index_dtype");
    jit::Jit &compiler = need(jit, function, "jit").jit;
    jit::CopySpec spec =
        gather ? jit::CopySpec::gather(rowWidth, t, index) : jit::CopySpec::scatter(rowWidth, t, index);
    out = published(new layoutc_kernel{compiler.copy(spec)});
  });
}

} // namespace

const jit::CompiledKernel &layoutc_kernel::compiled(jit::BufferAlignment buffers) const {
  return std::visit(
      [&](const auto &k) -> const jit::CompiledKernel & {
        if constexpr (std::is_same_v<std::decay_t<decltype(k)>, std::shared_ptr<const jit::CompiledKernel>>)
          return *k;
        else
          return k.kernel(buffers);
      },
      kernel);
}

extern "C" {

int layoutc_dtype_count(void) { return jit::kDTypeCount; }

layoutc_status layoutc_dtype_info(int index, const char **name, const char **torch_name, int *bytes) {
  const char *function = "layoutc_dtype_info";
  return guard(function, [&] {
    if (index < 0 || index >= jit::kDTypeCount)
      refuseArgument(function, "index",
                     std::to_string(index) + " is not within 0 .. " + std::to_string(jit::kDTypeCount - 1));
    const jit::DTypeInfo &d = jit::dtypeAt(index);
    need(name, function, "name") = d.name;
    need(torch_name, function, "torch_name") = d.torchName;
    need(bytes, function, "bytes") = d.bytes;
  });
}

layoutc_status layoutc_jit_create(const char *arch, int opt_level, int disk_cache, const char *cache_directory,
                                  int family, layoutc_jit **jit) {
  return guard("layoutc_jit_create", [&] {
    layoutc_jit *&out = need(jit, "layoutc_jit_create", "jit");
    out = nullptr;
    jit::JitOptions options; // checked by the Jit: arch, opt_level
    if (arch)
      options.arch = arch;
    options.specialize = family ? jit::JitOptions::Specialize::Family : jit::JitOptions::Specialize::Shape;
    options.optLevel = opt_level;
    options.diskCache = disk_cache != 0;
    if (cache_directory)
      options.cacheDirectory = cache_directory;
    out = published(new layoutc_jit(std::move(options)));
  });
}

void layoutc_jit_destroy(layoutc_jit *jit) { freeHandle(jit, "layoutc_jit_destroy", "jit"); }

layoutc_status layoutc_jit_cache_stats(const layoutc_jit *jit, layoutc_cache_stats *stats) {
  return guard("layoutc_jit_cache_stats", [&] {
    jit::Jit::CacheStats s = need(jit, "layoutc_jit_cache_stats", "jit").jit.cacheStats();
    need(stats, "layoutc_jit_cache_stats", "stats") = {s.hits, s.diskHits, s.misses, s.entries, s.families};
  });
}

layoutc_status layoutc_compile_copy(layoutc_jit *jit, const char *src_layout, const char *dst_layout, const char *dtype,
                                    const char *to_dtype, const double *scale, layoutc_kernel **kernel) {
  const char *function = "layoutc_compile_copy";
  return guard("layoutc_compile_copy", [&] {
    layoutc_kernel *&out = need(kernel, function, "kernel");
    out = nullptr;
    jit::CopySpec spec(&need(src_layout, function, "src_layout"), &need(dst_layout, function, "dst_layout"),
                       dtypeArgument(dtype, function, "dtype"));
    if (to_dtype)
      spec.to = dtypeArgument(to_dtype, function, "to_dtype");
    if (scale)
      spec.scale = *scale;
    out = published(new layoutc_kernel{need(jit, function, "jit").jit.copy(spec)});
  });
}

layoutc_status layoutc_compile_gather(layoutc_jit *jit, int64_t row_width, const char *dtype, const char *index_dtype,
                                      layoutc_kernel **kernel) {
  return compileIndexed(true, "layoutc_compile_gather", jit, row_width, dtype, index_dtype, kernel);
}

layoutc_status layoutc_compile_scatter(layoutc_jit *jit, int64_t row_width, const char *dtype, const char *index_dtype,
                                       layoutc_kernel **kernel) {
  return compileIndexed(false, "layoutc_compile_scatter", jit, row_width, dtype, index_dtype, kernel);
}

layoutc_status layoutc_compile_mlir(layoutc_jit *jit, const char *mlir, const char *kernel_name, int index_bits,
                                    layoutc_kernel **kernel) {
  const char *function = "layoutc_compile_mlir";
  return guard("layoutc_compile_mlir", [&] {
    layoutc_kernel *&out = need(kernel, function, "kernel");
    out = nullptr;
    if (index_bits != 32 && index_bits != 64)
      throw std::invalid_argument(std::string(function) + ": index_bits " + std::to_string(index_bits) +
                                  " is not 32 or 64");
    out = published(new layoutc_kernel{
        need(jit, function, "jit")
            .jit.compile(&need(mlir, function, "mlir"), &need(kernel_name, function, "kernel_name"), index_bits)});
  });
}

void layoutc_kernel_free(layoutc_kernel *kernel) { freeHandle(kernel, "layoutc_kernel_free", "kernel"); }

layoutc_status layoutc_kernel_name(const layoutc_kernel *kernel, const char **name) {
  return guard("layoutc_kernel_name", [&] {
    need(name, "layoutc_kernel_name", "name") = need(kernel, "layoutc_kernel_name", "kernel").compiled().name().c_str();
  });
}

layoutc_status layoutc_kernel_family(const layoutc_kernel *kernel, const char **family) {
  const char *function = "layoutc_kernel_family";
  return guard(function, [&] {
    const layoutc_kernel &k = need(kernel, function, "kernel");
    static const std::string none;
    const jit::CopyKernel *copy = std::get_if<jit::CopyKernel>(&k.kernel);
    need(family, function, "family") = (copy ? copy->family() : none).c_str();
  });
}

layoutc_status layoutc_kernel_ptx(const layoutc_kernel *kernel, const char **ptx) {
  return guard("layoutc_kernel_ptx", [&] {
    need(ptx, "layoutc_kernel_ptx", "ptx") = need(kernel, "layoutc_kernel_ptx", "kernel").compiled().ptx().c_str();
  });
}

} // extern "C"
