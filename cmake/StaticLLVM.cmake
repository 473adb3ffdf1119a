# Links LLVM statically into every layoutc binary and library.
#
# Debian's MLIR libraries are static archives whose CMake targets link LLVM
# as the shared libLLVM.so.22.1 (the imported target `LLVM`). With
# LAYOUTC_STATIC_LLVM, that target is pointed at a linker script that names
# LLVM's static component archives (and zlib's and zstd's) instead, so each
# binary carries the parts of LLVM it uses (--gc-sections drops the rest)
# and liblayoutc_jit.so runs where no LLVM is installed: beside the LLVM
# copies of Triton and PyTorch in one process, on a GPU machine without
# Debian's packages. A binary links LLVM one way only: this way, everywhere.
#
# MLIRExecutionEngine's target also links the shared libMLIR.so (itself over
# libLLVM.so); it is relinked here to the static MLIR libraries it needs.

option(LAYOUTC_STATIC_LLVM "Link LLVM and MLIR statically (no libLLVM.so at run time)" ON)
if(NOT LAYOUTC_STATIC_LLVM)
  return()
endif()

find_program(LAYOUTC_LLVM_CONFIG NAMES llvm-config-${LLVM_VERSION_MAJOR} llvm-config
  HINTS "${LLVM_TOOLS_BINARY_DIR}" REQUIRED)
execute_process(COMMAND ${LAYOUTC_LLVM_CONFIG} --link-static --libfiles all
  OUTPUT_VARIABLE llvm_archives OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
separate_arguments(llvm_archives UNIX_COMMAND "${llvm_archives}")
# Polly is a plugin of opt's, not a library layoutc calls.
list(FILTER llvm_archives EXCLUDE REGEX "Polly")
foreach(lib z zstd)
  find_library(LAYOUTC_STATIC_${lib} NAMES lib${lib}.a REQUIRED)
  list(APPEND llvm_archives ${LAYOUTC_STATIC_${lib}})
endforeach()
list(JOIN llvm_archives "\n  " llvm_group)
set(script "${PROJECT_BINARY_DIR}/libLLVM-static.ld")
file(WRITE "${script}.tmp" "/* LLVM's static archives, for the imported target LLVM (cmake/StaticLLVM.cmake). */\nGROUP (\n  ${llvm_group}\n)\n")
file(COPY_FILE "${script}.tmp" "${script}" ONLY_IF_DIFFERENT)

set_target_properties(LLVM PROPERTIES
  IMPORTED_LOCATION "${script}"
  IMPORTED_LOCATION_RELWITHDEBINFO "${script}"
  INTERFACE_LINK_LIBRARIES "Threads::Threads;${CMAKE_DL_LIBS};rt;m")
find_package(Threads REQUIRED)
set_target_properties(MLIRExecutionEngine PROPERTIES INTERFACE_LINK_LIBRARIES
  "LLVM;MLIRExecutionEngineUtils;MLIRLLVMToLLVMIRTranslation;MLIRBuiltinToLLVMIRTranslation;MLIRTargetLLVMIRExport;MLIRLLVMDialect;MLIRIR;MLIRSupport")

# Some of Debian's LLVM archives carry DWARF 5 line tables, which valgrind
# 3.19 cannot read (it gives up on the binary); a build that asks for no
# debug information of its own drops them at link time.
add_link_options($<$<NOT:$<CONFIG:Debug,RelWithDebInfo>>:LINKER:--strip-debug>)

# lld links these large static links in seconds (GNU ld takes minutes).
find_program(LAYOUTC_LLD NAMES ld.lld-${LLVM_VERSION_MAJOR} ld.lld HINTS "${LLVM_TOOLS_BINARY_DIR}")
if(LAYOUTC_LLD)
  # gcc and clang run the ld.lld they find first on their program path (-B).
  set(lld_bin "${PROJECT_BINARY_DIR}/lld")
  file(MAKE_DIRECTORY "${lld_bin}")
  file(CREATE_LINK "${LAYOUTC_LLD}" "${lld_bin}/ld.lld" SYMBOLIC)
  add_link_options("-fuse-ld=lld" "-B${lld_bin}")
else()
  message(STATUS "lld not found: linking LLVM statically with the default linker (slow)")
endif()
