# Writes OUT, defining LAYOUTC_COMMIT as the source tree's commit, with
# "-dirty-" and a hash of the uncommitted diff when the tree has changes. Run
# at every build (lib/JIT/CMakeLists.txt): the disk cache keys kernels by it,
# so a rebuilt compiler never reads the kernels an older build of it wrote.
# OUT is rewritten only when the stamp changes.
execute_process(COMMAND git rev-parse --short HEAD WORKING_DIRECTORY ${SOURCE}
  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
if(failed OR NOT commit)
  set(commit "unknown")
else()
  execute_process(COMMAND git diff HEAD WORKING_DIRECTORY ${SOURCE}
    OUTPUT_VARIABLE diff ERROR_QUIET)
  if(diff)
    string(SHA256 diffHash "${diff}")
    string(SUBSTRING "${diffHash}" 0 12 diffHash)
    set(commit "${commit}-dirty-${diffHash}")
  endif()
endif()
set(text "#define LAYOUTC_COMMIT \"${commit}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE ${OUT} "${text}")
endif()
