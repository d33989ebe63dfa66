// Builds a precompiled header that test programs reuse: catch.hpp for every test program
// (kit_testing.cmake), with lesson_picture.hpp for the lesson programs (kit_lessons.cmake).
