# A vector object (models/dynamics/bicycle_avx2.cpp or bicycle_avx512.cpp, built with -mavx2 or -mavx512f) may
# define its own entry point and nothing else that is code: an inline function of a shared header compiled
# there would be an AVX copy, and the linker could pick it for every caller, on CPUs without those registers
# too. Weak definitions are what `nm` marks W (and w); data (V, u, r) is the same on every CPU.
#   cmake -DNM=<nm> -DNAME=bicycle_avx2 -DOBJECTS=<objects of crashbench_models> -P vector_object_symbols.cmake
set(object "")
foreach(o ${OBJECTS})
  if(o MATCHES "${NAME}\\.cpp\\.o$")
    set(object ${o})
  endif()
endforeach()
if(NOT object)
  message(FATAL_ERROR "no ${NAME}.cpp object among: ${OBJECTS}")
endif()
execute_process(COMMAND ${NM} --defined-only -C ${object} OUTPUT_VARIABLE symbols RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "${NM} failed on ${object}")
endif()
string(REGEX MATCHALL "[^\n]* [Ww] [^\n]*" weak "${symbols}")
string(REGEX MATCHALL "[^\n]* T [^\n]*" entries "${symbols}")
if(weak)
  string(REPLACE ";" "\n" weak "${weak}")
  message(FATAL_ERROR "${object} defines weak code that other files may share:\n${weak}")
endif()
list(LENGTH entries count)
if(NOT count EQUAL 1 OR NOT entries MATCHES "${NAME}::accelerate_rows")
  message(FATAL_ERROR "${object}: expected one global function, ${NAME}::accelerate_rows; found:\n${entries}")
endif()
message(STATUS "${object}: one entry point, no weak code")
