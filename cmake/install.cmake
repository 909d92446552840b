# What `cmake --install` puts under the prefix: the crashbench executable, the libraries' headers and
# archives, crashbench::plugin for plugins, a CMake package (find_package(crashbench CONFIG)), and the
# shipped cases and case schema under share/crashbench, where an installed crashbench looks for them, and the
# example plugins' sources (share/crashbench/examples/plugin) to build against the package.
include(CMakePackageConfigHelpers)

# A plugin compiles against the headers and links none of the archives: it takes crashbench's symbols
# from the executable that loads it (app/CMakeLists.txt exports them), so it registers into the host's
# own registries instead of a private copy.
add_library(crashbench_plugin INTERFACE)
set_target_properties(crashbench_plugin PROPERTIES EXPORT_NAME plugin)
target_include_directories(crashbench_plugin INTERFACE $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
                                                       $<INSTALL_INTERFACE:${CRASHBENCH_INSTALL_INCLUDEDIR}>)
target_include_directories(crashbench_plugin SYSTEM INTERFACE ${OPENSCENEGRAPH_INCLUDE_DIRS})
target_link_libraries(crashbench_plugin INTERFACE Eigen3::Eigen nlohmann_json::nlohmann_json fmt::fmt)
target_compile_features(crashbench_plugin INTERFACE cxx_std_20)

install(TARGETS crashbench_plugin crashbench EXPORT crashbenchTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT crashbenchTargets NAMESPACE crashbench:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/crashbench)

configure_package_config_file(cmake/crashbenchConfig.cmake.in ${PROJECT_BINARY_DIR}/crashbenchConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/crashbench)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/crashbenchConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/crashbenchConfig.cmake ${PROJECT_BINARY_DIR}/crashbenchConfigVersion.cmake
              cmake/crashbenchPlugin.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/crashbench)

install(DIRECTORY cases/library/ DESTINATION ${CMAKE_INSTALL_DATADIR}/crashbench/cases)
install(FILES ${PROJECT_BINARY_DIR}/case.schema.json DESTINATION ${CMAKE_INSTALL_DATADIR}/crashbench)  # merged with the parts' fragments
install(FILES cases/matrix.schema.json DESTINATION ${CMAKE_INSTALL_DATADIR}/crashbench)
install(DIRECTORY examples/plugin/ DESTINATION ${CMAKE_INSTALL_DATADIR}/crashbench/examples/plugin)
