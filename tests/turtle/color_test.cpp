// Colours: every name Python's turtle accepts, hex, numbers, and the error for a typo.
#include <catch2/catch.hpp>
#include <turtle/turtle.hpp>

#include <algorithm>
#include <sstream>

using turtle::Color;
using turtle::ColorError;

TEST_CASE("colour names give Tk's red, green and blue", "[color]") {
  CHECK(Color("blue").hex() == "#0000ff");
  CHECK(Color("white").hex() == "#ffffff");
  CHECK(Color("yellow").hex() == "#ffff00");
  // Tk 8.6, which Python's turtle draws with, uses the CSS values for these four.
  CHECK(Color("green").hex() == "#008000");
  CHECK(Color("gray").hex() == "#808080");
  CHECK(Color("maroon").hex() == "#800000");
  CHECK(Color("purple").hex() == "#800080");
  // Samples from across the table.
  CHECK(Color("SteelBlue1").hex() == "#63b8ff");
  CHECK(Color("gray50").hex() == "#7f7f7f");
  CHECK(Color("grey100").hex() == "#ffffff");
  CHECK(Color("navy").hex() == "#000080");
  CHECK(Color("DarkOliveGreen3").hex() == "#a2cd5a");
  CHECK(Color("crimson").hex() == "#dc143c");
  CHECK(Color("x11green").hex() == "#00ff00");
  CHECK(Color("lightgoldenrodyellow").hex() == "#fafad2");
}

TEST_CASE("Tk's spellings of a name are one colour", "[color]") {
  CHECK(Color("light blue") == Color("LightBlue"));
  CHECK(Color("LightBlue") == Color("lightblue"));
  CHECK(Color("LIGHTBLUE") == Color("light blue"));
  CHECK(Color("Light Blue").hex() == "#add8e6");
}

TEST_CASE("the table holds every Tk colour name", "[color]") {
  const auto names = Color::names();
  CHECK(names.size() > 750);
  CHECK(std::is_sorted(names.begin(), names.end()));
  CHECK(std::count(names.begin(), names.end(), "LightBlue") == 1);
  for (const std::string& name : names) {
    CHECK_NOTHROW(Color(name));
  }
}

TEST_CASE("hex colours come as #rgb or #rrggbb", "[color]") {
  CHECK(Color("#f00") == Color("red"));
  CHECK(Color("#FF8000").hex() == "#ff8000");
  CHECK(Color("#123").hex() == "#112233");
  CHECK_THROWS_AS(Color("#12"), ColorError);
  CHECK_THROWS_AS(Color("#1234567"), ColorError);
  CHECK_THROWS_WITH(Color("#ggg"), Catch::Contains("'#ggg'") && Catch::Contains("#rrggbb"));
}

TEST_CASE("numbers make colours in colormode 1.0 and 255", "[color]") {
  CHECK(Color::fromRgb(1, 0, 0) == "red");
  CHECK(Color::fromRgb(0, 0, 255, 255) == "blue");
  // Python rounds half to even: 0.5 × 255 = 127.5 becomes 128.
  CHECK(Color::fromRgb(0.5, 0.5, 0.5).hex() == "#808080");
  CHECK(Color::fromRgb(0.2, 0.4, 0.6).name() == "#336699");
}

TEST_CASE("numbers outside the colormode's range are refused", "[color]") {
  CHECK_THROWS_WITH(Color::fromRgb(1.5, 0, 0),
                    Catch::Contains("colormode 1") && Catch::Contains("from 0 to 1"));
  CHECK_THROWS_WITH(Color::fromRgb(0, 256, 0, 255), Catch::Contains("from 0 to 255"));
  CHECK_THROWS_AS(Color::fromRgb(-0.1, 0, 0), ColorError);
  CHECK_THROWS_AS(Color::fromRgb(std::nan(""), 0, 0), ColorError);
  CHECK_THROWS_WITH(Color::fromRgb(0, 0, 0, 100), "colormode must be 1.0 or 255, got 100");
}

TEST_CASE("an unknown name says which names are near", "[color]") {
  CHECK_THROWS_WITH(Color("bleu"), "unknown colour 'bleu' — did you mean 'blue'?");
  CHECK_THROWS_WITH(Color("yelow"), "unknown colour 'yelow' — did you mean 'yellow'?");
  CHECK_THROWS_WITH(Color("light  blue"),
                    Catch::Contains("did you mean") && Catch::Contains("LightBlue"));
  CHECK_THROWS_WITH(Color(""), Catch::StartsWith("unknown colour ''"));
  CHECK_THROWS_AS(Color("zzzzzzzzzzzzzzzz"), std::invalid_argument);
}

TEST_CASE("a colour compares equal to any spelling of it", "[color]") {
  const Color blue("blue");
  CHECK(blue == "blue");
  CHECK("blue" == blue);
  CHECK(blue == std::string("#0000ff"));
  CHECK(blue != "red");
  CHECK_FALSE(blue == "navy");
}

TEST_CASE("a colour keeps the text it was made from", "[color]") {
  CHECK(Color("light blue").name() == "light blue");
  CHECK(Color("#ABC").name() == "#ABC");
  CHECK(Color().name() == "black");
  CHECK(Color("light blue").red() == 173);
  CHECK(Color("light blue").green() == 216);
  CHECK(Color("light blue").blue() == 230);
}

TEST_CASE("a colour prints its name and its value, numbers with the plainest name Tk has for them",
          "[color]") {
  // One form in every test's failure, whether the colour was set by name or read from a pixel.
  std::ostringstream out;
  out << Color("light blue") << " / " << Color("#00ff00") << " / " << Color("#ffffff") << " / "
      << Color("#123456");
  CHECK(out.str() == "light blue (#add8e6) / lime (#00ff00) / white (#ffffff) / #123456");
  turtle::Screen screen;
  screen.bgcolor("blue");
  std::ostringstream pixel;
  pixel << screen.colorAt(0, 0);
  CHECK(pixel.str() == "blue (#0000ff)");
}
