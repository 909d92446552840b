# crashbench_add_plugin(TARGET SOURCES...): a loadable module for `crashbench --plugin FILE` or a case's
# "plugins". It links crashbench::plugin (headers only) and exports nothing but its entry point; the
# crashbench symbols it uses resolve against the loading executable.
function(crashbench_add_plugin target)
  add_library(${target} MODULE ${ARGN})
  target_link_libraries(${target} PRIVATE crashbench::plugin)
  set_target_properties(${target} PROPERTIES CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
endfunction()
