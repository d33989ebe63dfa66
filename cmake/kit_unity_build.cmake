# The kit's libraries and mazekit compile as unity builds: their files in batches of eight, each
# batch one compile, so the standard library, CLI11 and nlohmann-json are read once per batch
# instead of once per file. A clean build of mazekit takes half the time (docs/performance.md,
# "Building"), on a student's first build and in each of CI's stages.
#
# It asks one thing of the code: two files' helpers in unnamed namespaces may not share a name
# (a helper two files need belongs once in a header). The dev preset turns it OFF, so that an
# edit recompiles one file and each file is seen to compile on its own.
option(MAZEKIT_UNITY_BUILD "Compile the kit's libraries and mazekit in batches of files" ON)

function(kit_unity_build)
  if(MAZEKIT_UNITY_BUILD)
    set_target_properties(${ARGN} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  endif()
endfunction()
