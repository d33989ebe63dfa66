// The one Catch2 main that every test program links: compiled once, not once per program.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#if defined(__SANITIZE_ADDRESS__)
// Under AddressSanitizer: fontconfig keeps the patterns it made for Cairo's text until the
// program ends and never frees them. That leak is the system library's, not the kit's, so
// LeakSanitizer is told to leave it out, however the test program is run.
extern "C" const char* __lsan_default_suppressions() { return "leak:libfontconfig.so\n"; }
#endif
