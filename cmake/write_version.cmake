# Writes the crashbench version header at build time, so `crashbench --version` names the revision that was
# built (not the one that was configured). Rewrites the file only when its text changes.
execute_process(COMMAND git -C "${SOURCE_DIR}" describe --always --dirty --abbrev=12
                OUTPUT_VARIABLE revision OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
if(failed OR revision STREQUAL "")
  set(revision "unknown")
endif()
file(WRITE "${OUTPUT}.tmp" "#pragma once\n#define CRASHBENCH_VERSION \"${VERSION}\"\n#define CRASHBENCH_REVISION \"${revision}\"\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
