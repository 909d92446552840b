# ctest -L plugin: installs this build into a fresh prefix, builds the installed copy of examples/plugin
# against the installed package, and runs the installed crashbench with the plugins: `list --plugin` shows
# the response model, a shipped case switched to that model runs and passes, a shipped case run with the
# example detector agrees with brute force on every step, a case in the example scene agrees with brute
# force on every step (its wall footprints against its triangles), the installed schema takes each of
# these cases, and a file that is not a plugin is refused with one line and exit 2.
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
# The examples as installed: the prefix ships their sources.
run_step("configure the examples" ${CMAKE_COMMAND} -S ${prefix}/share/crashbench/examples/plugin -B ${WORK_DIR}/build
         -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix})
run_step("build the examples" ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
set(crashbench ${prefix}/bin/crashbench)

# The installed schema must take a case that uses plugins' parts and options, as `crashbench run` does;
# checked with python3-jsonschema where it is installed. Debian's first: it resolves the $refs against the
# schema's $id, and refused the relative one the schema had.
find_program(python3 python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT python3)
  find_program(python3 python3)
endif()
if(python3)
  execute_process(COMMAND ${python3} -c "import jsonschema" RESULT_VARIABLE no_jsonschema OUTPUT_QUIET ERROR_QUIET)
endif()
function(validate_case file)
  if(NOT python3 OR no_jsonschema)
    message(STATUS "python3-jsonschema not found: ${file} not validated against the installed schema")
    return()
  endif()
  run_step("validate ${file} against the installed case.schema.json" ${python3} -c
           "import json, sys, jsonschema\njsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))"
           ${file} ${prefix}/share/crashbench/case.schema.json)
endfunction()
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
validate_case(${WORK_DIR}/cases/toy-head-on.json)
run_step("crashbench run with the plugin's model" ${crashbench} run ${WORK_DIR}/cases/toy-head-on.json
         -o ${WORK_DIR}/out -q)
file(READ ${WORK_DIR}/out/results.json results)
string(JSON model GET "${results}" cases 0 config response_model)
string(JSON status GET "${results}" cases 0 status)
if(NOT model STREQUAL "toy-bounce" OR NOT status STREQUAL "passed")
  message(FATAL_ERROR "the case ran '${model}' and ${status}; expected toy-bounce, passed")
endif()

# Runs the installed case `shipped` with the JSON values of ARGN (pairs of a path, members separated by
# "/", and a value) as `name`, the
# case loading `plugin` itself, and fails unless it passes and its detector agreed with brute force on
# every step it checked (docs/invariants.md, "Detector agreement"). Sets `case_result` to the case's
# object in results.json.
function(run_checked_case name shipped plugin)
  file(READ ${prefix}/share/crashbench/cases/${shipped} doc)
  set(changes ${ARGN})
  while(changes)
    list(POP_FRONT changes path value)
    string(REPLACE "/" ";" path "${path}")
    string(JSON doc SET "${doc}" ${path} "${value}")
  endwhile()
  string(JSON doc SET "${doc}" name "\"${name}\"")
  string(JSON doc SET "${doc}" check_against "\"brute-force\"")
  string(JSON doc SET "${doc}" plugins "[\"../build/${plugin}\"]")
  file(WRITE ${WORK_DIR}/cases/${name}.json "${doc}")
  validate_case(${WORK_DIR}/cases/${name}.json)
  run_step("crashbench run ${name}" ${crashbench} run ${WORK_DIR}/cases/${name}.json -o ${WORK_DIR}/out-${name} -q)
  file(READ ${WORK_DIR}/out-${name}/results.json results)
  string(JSON result GET "${results}" cases 0)
  string(JSON status GET "${result}" status)
  string(JSON agreement GET "${result}" detector_agreement)
  string(JSON checked GET "${agreement}" steps_checked)
  string(JSON differing GET "${agreement}" steps_differing)
  string(JSON impacts GET "${result}" impacts)
  if(NOT status STREQUAL "passed" OR checked LESS 100 OR NOT differing EQUAL 0 OR impacts LESS 1)
    message(FATAL_ERROR "${name}: ${status}, ${impacts} impacts, ${differing} of ${checked} steps differ from "
                        "brute force; expected passed, an impact and none differing:\n${agreement}")
  endif()
  set(case_result "${result}" PARENT_SCOPE)
endfunction()

# The example detector on the L-rail (side wall, then the corner and the end wall), options and all.
run_checked_case(axis-sort-l-rail knight-l-rail.json libaxis_sort.so detector "{\"name\": \"axis-sort\", \"axis\": \"x\"}")
string(JSON detector GET "${case_result}" config detector name)
if(NOT detector STREQUAL "axis-sort")
  message(FATAL_ERROR "the detector case ran '${detector}', expected axis-sort")
endif()

# The example scene: the L-rail's drive moved 20 m west into the yard, along the south wall into the east
# wall. The analytic detector reads the footprints, brute force the triangles; a wall left in panel pieces
# would give a contact per piece the car's side spans, where brute force gives one.
run_checked_case(barrier-yard-l-rail-drive knight-l-rail.json libbarrier_yard.so scene "\"barrier-yard\""
                 vehicles/0/position "[11.66, 3.86]")

# Not a plugin: one line naming the file, exit 2.
execute_process(COMMAND ${crashbench} --plugin ${WORK_DIR}/cases/toy-head-on.json list
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(STRIP "${err}" err)
if(NOT rc EQUAL 2 OR err MATCHES "\n")
  message(FATAL_ERROR "a JSON file as a plugin: exit ${rc} (expected 2), stderr:\n${err}")
endif()
expect_in("${err}" "toy-head-on.json: not a loadable plugin" "the refusal")
