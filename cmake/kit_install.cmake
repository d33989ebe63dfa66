# Install rules and the package config, so that an outside project can write
#   find_package(mazekit REQUIRED)
#   target_link_libraries(app PRIVATE mazekit::turtle)      # drawing, through Cairo
#   target_link_libraries(app PRIVATE mazekit::maze)        # the lesson's Maze, on the turtle
#   target_link_libraries(app PRIVATE mazekit::maze_model)  # grids, algorithms, text, PNG/SVG; no Cairo
include(CMakePackageConfigHelpers)

set(MAZEKIT_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/mazekit")

install(EXPORT mazekitTargets
  NAMESPACE mazekit::
  DESTINATION "${MAZEKIT_INSTALL_CMAKEDIR}"
  COMPONENT mazekit_development)

configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/mazekitConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/mazekitConfig.cmake"
  INSTALL_DESTINATION "${MAZEKIT_INSTALL_CMAKEDIR}")
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/mazekitConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES
  "${PROJECT_BINARY_DIR}/mazekitConfig.cmake"
  "${PROJECT_BINARY_DIR}/mazekitConfigVersion.cmake"
  DESTINATION "${MAZEKIT_INSTALL_CMAKEDIR}"
  COMPONENT mazekit_development)

# The same targets straight from this build tree, for projects that build against the kit
# without installing it: `mazekit grade` builds students' steps with
#   find_package(mazekit CONFIG REQUIRED PATHS <build tree>/mazekit-build-tree NO_DEFAULT_PATH)
export(EXPORT mazekitTargets
  NAMESPACE mazekit::
  FILE "${PROJECT_BINARY_DIR}/mazekit-build-tree/mazekitTargets.cmake")
configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/mazekitConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/mazekit-build-tree/mazekitConfig.cmake"
  INSTALL_DESTINATION "mazekit-build-tree"
  INSTALL_PREFIX "${PROJECT_BINARY_DIR}")
