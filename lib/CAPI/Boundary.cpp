//===- Boundary.cpp - Exceptions to statuses, the last error, the version -===//
#include "Boundary.h"

#include "layoutc/Algebra/Error.h"
#include "layoutc/JIT/Compiler.h"
#include "layoutc/Runtime/DeviceFaults.h"
#include "layoutc/Runtime/Driver.h"
#include "layoutc/Version.h"

#include <cstddef>
#include <new>
#include <string_view>

namespace layoutc::capi {

namespace {

thread_local std::string lastError;

bool startsWith(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

// A runtime error's status: Driver.h's messages say "no CUDA driver ..." /
// "no usable CUDA driver ..." when the driver is missing and "no CUDA device
// ..." when the GPU is; a failed call names its CUDA error.
layoutc_status runtimeStatus(const runtime::RuntimeError &e) {
  if (dynamic_cast<const runtime::DeviceFaultError *>(&e))
    return LAYOUTC_ERROR_DEVICE_FAULT;
  std::string_view what = e.what();
  if (startsWith(what, "no CUDA driver") || startsWith(what, "no usable CUDA driver"))
    return LAYOUTC_ERROR_NO_DRIVER;
  if (startsWith(what, "no CUDA device") || e.errorName() == "CUDA_ERROR_NO_DEVICE" ||
      e.errorName() == "CUDA_ERROR_INVALID_DEVICE")
    return LAYOUTC_ERROR_NO_DEVICE;
  if (e.errorName() == "CUDA_ERROR_OUT_OF_MEMORY")
    return LAYOUTC_ERROR_OUT_OF_MEMORY;
  return LAYOUTC_ERROR_CUDA;
}

// `status` with "FUNCTION: MESSAGE" as the last error (MESSAGE alone when it
// begins with "FUNCTION:" already). Every byte of the caller's that a
// message quotes is escaped (printableLines): no control byte, no NUL that
// would cut the C string, no invalid UTF-8 reaches the caller.
layoutc_status record(layoutc_status status, const char *function, std::string_view message) noexcept {
  try {
    std::string prefix = std::string(function) + ":";
    lastError = algebra::printableLines(startsWith(message, prefix) ? std::string(message)
                                                                    : prefix + " " + std::string(message));
  } catch (...) {
    lastError.clear();
  }
  return status;
}

layoutc_status recordAsIs(layoutc_status status, const char *message) noexcept {
  try {
    lastError = algebra::printableLines(message);
  } catch (...) {
    lastError.clear();
  }
  return status;
}

} // namespace

layoutc_status statusOfCurrentException(const char *function) noexcept {
  try {
    throw;
  } catch (const algebra::AlgebraError &e) {
    // The algebra's and the compiler's messages name the operation the
    // caller asked for ("composition: ...", "copy: --src ...") as it is.
    layoutc_status status = LAYOUTC_ERROR_ALGEBRA;
    if (e.kind() == algebra::ErrorKind::Type)
      status = LAYOUTC_ERROR_ALGEBRA_TYPE;
    else if (e.kind() == algebra::ErrorKind::Index)
      status = LAYOUTC_ERROR_ALGEBRA_INDEX;
    return recordAsIs(status, e.what());
  } catch (const jit::CompileError &e) {
    return recordAsIs(LAYOUTC_ERROR_COMPILE, e.what());
  } catch (const runtime::RuntimeError &e) {
    return record(runtimeStatus(e), function, e.what());
  } catch (const std::invalid_argument &e) {
    return record(LAYOUTC_ERROR_INVALID_ARGUMENT, function, e.what());
  } catch (const std::bad_alloc &) {
    return record(LAYOUTC_ERROR_OUT_OF_MEMORY, function, "out of host memory");
  } catch (const std::exception &e) {
    return record(LAYOUTC_ERROR_INTERNAL, function, e.what());
  } catch (...) {
    return record(LAYOUTC_ERROR_INTERNAL, function, "an unknown exception inside layoutc");
  }
}

void clearLastError() noexcept { lastError.clear(); }

void recordError(const char *function, const std::string &message) noexcept {
  record(LAYOUTC_ERROR_INVALID_ARGUMENT, function, message);
}

void refuseArgument(const char *function, const std::string &argument, const std::string &why) {
  throw std::invalid_argument(std::string(function) + ": " + argument + " " + why);
}

std::string notLive(const void *handle, HandleKind kind) {
  for (HandleKind other : {HandleKind::Value, HandleKind::Jit, HandleKind::Kernel, HandleKind::Exchange})
    if (other != kind && isLive(handle, other))
      return std::string("is a ") + handleTypeName(other) + ", not a " + handleTypeName(kind);
  return std::string("is not a live ") + handleTypeName(kind) +
         " (freed already, or not made by layoutc: a handle is valid from the call that makes it to its "
         "_free/_destroy)";
}

size_t length(size_t n, size_t bytes, const char *function, const char *argument) {
  if (bytes && n > size_t(PTRDIFF_MAX) / bytes)
    refuseArgument(function, argument,
                   std::to_string(n) + " is longer than any buffer can be (" + std::to_string(bytes) +
                       "-byte entries past PTRDIFF_MAX bytes)");
  return n;
}

int64_t nonNegative(int64_t value, const char *function, const char *argument) {
  if (value < 0)
    refuseArgument(function, argument, std::to_string(value) + " is negative");
  return value;
}

} // namespace layoutc::capi

using namespace layoutc::capi;

extern "C" {

const char *layoutc_version(void) { return LAYOUTC_VERSION; }

int layoutc_api_version(void) { return LAYOUTC_API_VERSION; }

const char *layoutc_last_error(void) { return lastError.c_str(); }

const char *layoutc_status_name(layoutc_status status) {
  switch (enumArgument(status)) {
  case LAYOUTC_OK:
    return "LAYOUTC_OK";
  case LAYOUTC_ERROR_INVALID_ARGUMENT:
    return "LAYOUTC_ERROR_INVALID_ARGUMENT";
  case LAYOUTC_ERROR_ALGEBRA:
    return "LAYOUTC_ERROR_ALGEBRA";
  case LAYOUTC_ERROR_COMPILE:
    return "LAYOUTC_ERROR_COMPILE";
  case LAYOUTC_ERROR_NO_DRIVER:
    return "LAYOUTC_ERROR_NO_DRIVER";
  case LAYOUTC_ERROR_NO_DEVICE:
    return "LAYOUTC_ERROR_NO_DEVICE";
  case LAYOUTC_ERROR_CUDA:
    return "LAYOUTC_ERROR_CUDA";
  case LAYOUTC_ERROR_OUT_OF_MEMORY:
    return "LAYOUTC_ERROR_OUT_OF_MEMORY";
  case LAYOUTC_ERROR_INTERNAL:
    return "LAYOUTC_ERROR_INTERNAL";
  case LAYOUTC_ERROR_ALGEBRA_TYPE:
    return "LAYOUTC_ERROR_ALGEBRA_TYPE";
  case LAYOUTC_ERROR_ALGEBRA_INDEX:
    return "LAYOUTC_ERROR_ALGEBRA_INDEX";
  case LAYOUTC_ERROR_DEVICE_FAULT:
    return "LAYOUTC_ERROR_DEVICE_FAULT";
  }
  return "unknown status";
}

} // extern "C"
