//===- Boundary.cpp - Exceptions to statuses, the last error, the version -===//
#include "Boundary.h"

#include "layoutc/Algebra/Error.h"
#include "layoutc/JIT/Compiler.h"
#include "layoutc/Runtime/Driver.h"
#include "layoutc/Version.h"

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

layoutc_status record(layoutc_status status, const char *message) noexcept {
  try {
    lastError = message;
  } catch (...) {
    lastError.clear();
  }
  return status;
}

} // namespace

layoutc_status statusOfCurrentException() noexcept {
  try {
    throw;
  } catch (const algebra::AlgebraError &e) {
    switch (e.kind()) {
    case algebra::ErrorKind::Type:
      return record(LAYOUTC_ERROR_ALGEBRA_TYPE, e.what());
    case algebra::ErrorKind::Index:
      return record(LAYOUTC_ERROR_ALGEBRA_INDEX, e.what());
    case algebra::ErrorKind::Inadmissible:
      break;
    }
    return record(LAYOUTC_ERROR_ALGEBRA, e.what());
  } catch (const jit::CompileError &e) {
    return record(LAYOUTC_ERROR_COMPILE, e.what());
  } catch (const runtime::RuntimeError &e) {
    return record(runtimeStatus(e), e.what());
  } catch (const std::invalid_argument &e) {
    return record(LAYOUTC_ERROR_INVALID_ARGUMENT, e.what());
  } catch (const std::bad_alloc &) {
    return record(LAYOUTC_ERROR_OUT_OF_MEMORY, "out of host memory");
  } catch (const std::exception &e) {
    return record(LAYOUTC_ERROR_INTERNAL, e.what());
  } catch (...) {
    return record(LAYOUTC_ERROR_INTERNAL, "an unknown exception inside layoutc");
  }
}

void clearLastError() noexcept { lastError.clear(); }

} // namespace layoutc::capi

using namespace layoutc::capi;

extern "C" {

const char *layoutc_version(void) { return LAYOUTC_VERSION; }

int layoutc_api_version(void) { return LAYOUTC_API_VERSION; }

const char *layoutc_last_error(void) { return lastError.c_str(); }

const char *layoutc_status_name(layoutc_status status) {
  switch (status) {
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
  }
  return "unknown status";
}

} // extern "C"
