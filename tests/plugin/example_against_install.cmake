# ctest -L plugin: installs this build into a fresh prefix, builds examples/plugin against the installed
# package, and runs the installed crashbench with the plugin: `list --plugin` shows its model, a shipped
# case switched to that model runs and passes, and a file that is not a plugin is refused with one line
# and exit 2.
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... -DGENERATOR=... -P example_against_install.cmake

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

function(expect_in text needle what)
  string(FIND "${text}" "${needle}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${what}: expected '${needle}' in:\n${text}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run_step("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
run_step("configure the example" ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/plugin -B ${WORK_DIR}/build
         -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix})
run_step("build the example" ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
set(crashbench ${prefix}/bin/crashbench)
set(plugin ${WORK_DIR}/build/libtoy_bounce.so)

# The plugin's model is listed, and the installed crashbench lists its own installed cases.
run_step("crashbench list --plugin" ${crashbench} list --plugin ${plugin})
expect_in("${step_output}" "toy-bounce" "list --plugin")
expect_in("${step_output}" "${prefix}/share/crashbench/cases" "list: the installed case folder")
expect_in("${step_output}" "knight-head-on-30mph.json" "list: the installed cases")

# A shipped case switched to the plugin's model, which the case itself loads (relative to the case file).
file(READ ${prefix}/share/crashbench/cases/knight-head-on-30mph.json doc)
string(JSON doc SET "${doc}" response model "\"toy-bounce\"")
string(JSON doc SET "${doc}" plugins "[\"../build/libtoy_bounce.so\"]")
file(WRITE ${WORK_DIR}/cases/toy-head-on.json "${doc}")
run_step("crashbench run with the plugin's model" ${crashbench} run ${WORK_DIR}/cases/toy-head-on.json
         -o ${WORK_DIR}/out -q)
file(READ ${WORK_DIR}/out/results.json results)
string(JSON model GET "${results}" cases 0 config response_model)
string(JSON status GET "${results}" cases 0 status)
if(NOT model STREQUAL "toy-bounce" OR NOT status STREQUAL "passed")
  message(FATAL_ERROR "the case ran '${model}' and ${status}; expected toy-bounce, passed")
endif()

# Not a plugin: one line naming the file, exit 2.
execute_process(COMMAND ${crashbench} --plugin ${WORK_DIR}/cases/toy-head-on.json list
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(STRIP "${err}" err)
if(NOT rc EQUAL 2 OR err MATCHES "\n")
  message(FATAL_ERROR "a JSON file as a plugin: exit ${rc} (expected 2), stderr:\n${err}")
endif()
expect_in("${err}" "toy-head-on.json: not a loadable plugin" "the refusal")
