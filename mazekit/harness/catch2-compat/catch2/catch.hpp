#pragma once
// Catch2 3 under the one name Catch2 2.13 has: `#include <catch2/catch.hpp>`.
//
// Every test of the kit, every lesson step and every student's my_tests.cpp includes
// <catch2/catch.hpp> and is written once, for both versions. Catch2 2.13 ships that header;
// Catch2 3 splits itself into many and moves a few names. When the build finds Catch2 3, this
// folder comes first on the include path (cmake/kit_testing.cmake, and the student's build
// through mazekit's student-include folder), and this header includes the parts of Catch2 3
// the kit uses and gives back the names as 2.13 spells them. Nothing here is used with 2.13.

#include <catch2/catch_approx.hpp>
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/catch_tostring.hpp>
#include <catch2/catch_version_macros.hpp>
#include <catch2/generators/catch_generators_all.hpp>
#include <catch2/matchers/catch_matchers_all.hpp>

#include <string>

// 2.13: Approx(1.5) without a namespace.
using Catch::Approx;

namespace Catch {

// 2.13: the matchers are Catch::Contains, Catch::StartsWith, ... as well as
// Catch::Matchers::...; a string's Contains is 3's ContainsSubstring.
inline Matchers::StringContainsMatcher Contains(
    const std::string& text, CaseSensitive caseSensitivity = CaseSensitive::Yes) {
  return Matchers::ContainsSubstring(text, caseSensitivity);
}
using Matchers::EndsWith;
using Matchers::Equals;
using Matchers::Message;
using Matchers::StartsWith;
using Matchers::VectorContains;

}  // namespace Catch
