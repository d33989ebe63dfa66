// Events and questions, without a window: a test presses keys, clicks and lets time pass,
// and answers textinput and numinput, so a Python student's game can be tested.
#include <catch2/catch.hpp>
#include <turtle/turtle.hpp>

#include <stdexcept>
#include <string>
#include <vector>

using turtle::Screen;
using turtle::Turtle;
using turtle::Vec2D;

TEST_CASE("onkey runs when a listened key is pressed", "[events]") {
  Screen screen;
  Turtle t(screen);
  screen.onkey([&t] { t.forward(10); }, "Up");
  screen.onkeyrelease([&t] { t.left(90); }, "Left");
  CHECK_THROWS_WITH(screen.press("Up"), Catch::Contains("call screen.listen()"));
  screen.listen();
  screen.press("Up");
  screen.press("Up");
  CHECK(t.pos() == Vec2D(20, 0));
  screen.press("Left");
  CHECK(t.heading() == 90.0);
  screen.press("Down");  // no handler: nothing happens, as in Python
  screen.onkey(nullptr, "Up");
  screen.press("Up");
  CHECK(t.pos() == Vec2D(20, 0));
}

TEST_CASE("onkeypress runs before onkey, and without a key for any key", "[events]") {
  Screen screen;
  std::vector<std::string> heard;
  screen.onkeypress([&heard] { heard.push_back("press a"); }, "a");
  screen.onkey([&heard] { heard.push_back("release a"); }, "a");
  screen.onkeypress([&heard] { heard.push_back("any"); });
  screen.listen();
  screen.press("a");
  screen.press("space");
  CHECK(heard == std::vector<std::string>{"press a", "release a", "any"});
}

TEST_CASE("a key Tk has no name for is refused with the name meant", "[events][errors]") {
  Screen screen;
  CHECK_THROWS_WITH(screen.onkey([] {}, "up"), "unknown key 'up' — did you mean 'Up'?");
  CHECK_THROWS_WITH(screen.onkey([] {}, " "), "unknown key ' ' — the space bar is 'space'");
  CHECK_THROWS_WITH(screen.onkeypress([] {}, "Enter"),
                    Catch::Contains("unknown key 'Enter' — keys are Tk's names"));
  CHECK_NOTHROW(screen.onkey([] {}, "q"));
  CHECK_NOTHROW(screen.onkey([] {}, "Return"));
}

TEST_CASE("onclick gets the point clicked, in turtle coordinates", "[events]") {
  Screen screen;
  Turtle t(screen);
  t.penup();
  screen.onclick([&t](double x, double y) { t.goTo(x, y); });
  screen.click(-50, 80);
  CHECK(t.pos() == Vec2D(-50, 80));
  int rightClicks = 0;
  screen.onclick([&rightClicks](double, double) { ++rightClicks; }, 3);
  screen.onclick([&rightClicks](double, double) { rightClicks += 10; }, 3, true);
  screen.click(0, 0, 3);
  CHECK(rightClicks == 11);
  CHECK(t.pos() == Vec2D(-50, 80));  // button 1's handler did not run
  screen.onclick(nullptr);
  screen.click(10, 10);
  CHECK(t.pos() == Vec2D(-50, 80));
  CHECK_THROWS_WITH(screen.click(0, 0, 4),
                    "mouse button must be 1 (left), 2 (middle) or 3 (right), got 4");
}

TEST_CASE("a turtle's onclick runs when the click is on its shape", "[events]") {
  Screen screen;
  Turtle t(screen);
  t.shape("square");  // 20×20 around (0, 0)
  std::vector<std::string> heard;
  t.onclick([&heard](double, double) { heard.push_back("turtle"); });
  t.onrelease([&heard](double, double) { heard.push_back("released"); });
  screen.onclick([&heard](double, double) { heard.push_back("screen"); });
  screen.click(5, -5);
  CHECK(heard == std::vector<std::string>{"turtle", "released", "screen"});
  heard.clear();
  screen.click(15, 0);  // beside it
  CHECK(heard == std::vector<std::string>{"screen"});
  heard.clear();
  t.hideturtle();  // a hidden turtle cannot be clicked
  screen.click(0, 0);
  CHECK(heard == std::vector<std::string>{"screen"});
}

TEST_CASE("ontimer runs when tick lets the time pass, in order", "[events]") {
  Screen screen;
  std::vector<std::string> heard;
  screen.ontimer([&heard] { heard.push_back("b at 200"); }, 200);
  screen.ontimer([&heard] { heard.push_back("a at 100"); }, 100);
  screen.ontimer([&heard] { heard.push_back("c at 200"); }, 200);
  screen.tick(99);
  CHECK(heard.empty());
  screen.tick(1);
  CHECK(heard == std::vector<std::string>{"a at 100"});
  screen.tick(100);
  CHECK(heard == std::vector<std::string>{"a at 100", "b at 200", "c at 200"});
}

TEST_CASE("a timer that sets itself again runs as a game loop does", "[events]") {
  Screen screen;
  Turtle t(screen);
  std::function<void()> step = [&] {
    t.forward(1);
    screen.ontimer(step, 50);
  };
  screen.ontimer(step, 50);
  screen.tick(1000);
  CHECK(t.pos() == Vec2D(20, 0));
  CHECK_THROWS_WITH(screen.tick(-1), "tick needs 0 or more milliseconds, got -1");
  CHECK_THROWS_WITH(screen.ontimer(step, -5), "ontimer needs 0 or more milliseconds, got -5");
}

TEST_CASE("Screen.clear takes the key and click handlers away, as Python's does", "[events]") {
  Screen screen;
  int calls = 0;
  screen.onkey([&calls] { ++calls; }, "x");
  screen.onclick([&calls](double, double) { ++calls; });
  screen.listen();
  screen.clear();
  screen.press("x");
  screen.click(0, 0);
  CHECK(calls == 0);
}

TEST_CASE("textinput and numinput take the answers a test gives", "[events][input]") {
  Screen screen;
  screen.answer("Ada");
  screen.answer(std::nullopt);  // Cancel
  CHECK(screen.textinput("Name", "What is your name?") == std::optional<std::string>("Ada"));
  CHECK(screen.textinput("Name", "What is your name?") == std::nullopt);

  screen.answer("12.5");
  CHECK(screen.numinput("Size", "How big?") == 12.5);
  screen.answer("");  // OK on the default
  CHECK(screen.numinput("Size", "How big?", 20) == 20.0);
  // Refused, as Python's dialog refuses them, and asked again.
  screen.answer("big");
  screen.answer("500");
  screen.answer("-1");
  screen.answer(" 40 ");
  CHECK(screen.numinput("Size", "How big?", 20, 0, 100) == 40.0);
  screen.answer(std::nullopt);
  CHECK(screen.numinput("Size", "How big?") == std::nullopt);
}
