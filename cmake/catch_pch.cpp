// Builds the precompiled catch.hpp that every test program reuses (see kit_testing.cmake).
