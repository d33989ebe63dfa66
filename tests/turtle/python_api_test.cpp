// The rest of Python's turtle API: window size, modes and world coordinates, pen(), the
// shape's tilt, shear and matrix, recorded polygons and a background picture. The expected
// values are CPython 3.11's: its TNavigator and TPen run without a window and printed them;
// tilt, shear and shapetransform were worked with turtle.py's own formulas.
#include <catch2/catch.hpp>
#include <turtle/turtle.hpp>

#include <stdexcept>

#include "temp_folder.hpp"

using turtle::Screen;
using turtle::Turtle;
using turtle::Vec2D;

TEST_CASE("setup and screensize set the picture's size in pixels", "[python][screen]") {
  Screen screen;
  screen.setup(640, 480);
  CHECK(screen.window_width() == 640);
  CHECK(screen.window_height() == 480);
  CHECK(screen.screensize() == std::make_pair(640, 480));
  screen.setup(300, 200, 0, 0);
  CHECK(screen.width() == 300);
  screen.screensize(500, 400, "blue");
  CHECK(screen.screensize() == std::make_pair(500, 400));
  CHECK(screen.bgcolor() == "blue");
  CHECK(screen.drawingLog().rfind("screen 500x400 bgcolor blue\n", 0) == 0);
}

TEST_CASE("setup refuses sizes that are not pixels, saying why", "[python][screen][errors]") {
  Screen screen;
  CHECK_THROWS_WITH(screen.setup(0.5, 0.75),
                    "setup width must be a whole number of pixels, got 0.5: Python's fraction of "
                    "the monitor has no meaning without a window; give pixels, like 400");
  CHECK_THROWS_WITH(screen.setup(-5, 100),
                    "setup width must be a whole number of pixels from 1 to 8192, got -5");
  CHECK_THROWS_WITH(screen.screensize(400, 10000),
                    "screensize height must be a whole number of pixels from 1 to 8192, got 10000");
  CHECK(screen.width() == 400);
}

TEST_CASE("logo mode: heading 0 is north and angles go clockwise", "[python][mode]") {
  Screen screen;
  CHECK(screen.mode() == "standard");
  screen.mode("logo");
  CHECK(screen.mode() == "logo");
  Turtle t(screen);
  CHECK(t.heading() == 0.0);  // Python: 0.0
  t.forward(100);
  CHECK(t.pos() == Vec2D(0, 100));  // Python: (0.00,100.00)
  t.left(30);
  CHECK(t.heading() == 330.0);  // Python: 330.0
  t.setheading(90);
  CHECK(t.heading() == 90.0);  // Python: 90.0, facing east
  t.forward(10);
  CHECK(t.pos() == Vec2D(10, 100));
  t.home();
  CHECK(t.towards(10, 10) == 45.0);  // Python: 45.0
  CHECK(t.towards(0, 10) == 0.0);    // Python: 0.0
}

TEST_CASE("changing the mode resets the screen, as in Python", "[python][mode]") {
  Screen screen;
  Turtle t(screen);
  t.forward(50);
  REQUIRE(screen.itemCount() == 1);
  screen.mode("LOGO");  // Python lowers the name
  CHECK(screen.itemCount() == 0);
  CHECK(t.pos() == Vec2D(0, 0));
  CHECK(t.heading() == 0.0);
  CHECK(screen.drawingLog() == "screen 400x400 bgcolor white mode logo\n");
  screen.mode("standard");
  CHECK(t.heading() == 0.0);
  t.forward(10);
  CHECK(t.pos() == Vec2D(10, 0));
  CHECK_THROWS_WITH(screen.mode("bogus"),
                    "unknown mode 'bogus' — the modes are 'standard', 'logo' and 'world'");
}

TEST_CASE("setworldcoordinates maps the world's corners onto the canvas", "[python][mode]") {
  Screen screen;
  Turtle t(screen);
  screen.setworldcoordinates(0, 0, 10, 10);
  CHECK(screen.mode() == "world");
  t.penup();
  t.goTo(5, 5);
  t.dot(40, "red");  // 40 pixels across, in the centre of a 400×400 canvas
  CHECK(screen.colorAt(5, 5) == "red");
  CHECK(screen.colorAt(5.4, 5) == "red");  // 16 pixels right of the centre
  CHECK(screen.colorAt(5.6, 5) == "white");
  CHECK(screen.colorAt(0, 0) == "white");
  CHECK(screen.colorAt(10, 10) == "white");
  CHECK_THROWS_WITH(screen.colorAt(-1, 5),
                    "point (-1, 5) is off the 400×400 canvas, which runs from x = 0 to 10 and "
                    "y = 0 to 10");
  CHECK(screen.drawingLog() ==
        "screen 400x400 bgcolor white world (0,0) (10,10)\ndot at (5,5) size 40 color red\n");
  // Again in world mode: the drawing stays and is shown in the new coordinates.
  screen.setworldcoordinates(0, 0, 20, 20);
  CHECK(screen.itemCount() == 1);
  CHECK(screen.colorAt(5, 5) == "red");
  CHECK(screen.colorAt(10, 10) == "white");
  CHECK_THROWS_WITH(screen.setworldcoordinates(0, 0, 0, 10),
                    "setworldcoordinates needs the lower-left corner below and left of the "
                    "upper-right one, all finite, got (0, 0) and (0, 10)");
}

TEST_CASE("pen() reports every pen setting as Python's dictionary does", "[python][pen]") {
  Screen screen;
  Turtle t(screen);
  // Python: {'shown': True, 'pendown': True, 'pencolor': 'black', 'fillcolor': 'black',
  // 'pensize': 1, 'speed': 3, 'resizemode': 'noresize', 'stretchfactor': (1.0, 1.0),
  // 'shearfactor': 0.0, 'outline': 1, 'tilt': 0.0}
  const turtle::PenState pen = t.pen();
  CHECK(pen.shown == true);
  CHECK(pen.pendown == true);
  CHECK(pen.pencolor == "black");
  CHECK(pen.fillcolor == "black");
  CHECK(pen.pensize == 1.0);
  CHECK(pen.speed == 3.0);
  CHECK(pen.resizemode == "noresize");
  CHECK(pen.stretchfactor == std::make_pair(1.0, 1.0));
  CHECK(pen.shearfactor == 0.0);
  CHECK(pen.outline == 1.0);
  CHECK(pen.tilt == 0.0);
}

TEST_CASE("pen(change) sets only what it holds, in one undo step", "[python][pen][undo]") {
  Screen screen;
  Turtle t(screen);
  const turtle::PenState saved = t.pen();
  turtle::PenState change;
  change.pensize = 10;
  change.pencolor = "red";
  change.pendown = false;
  t.pen(change);
  CHECK(t.pensize() == 10);
  CHECK(t.pencolor() == "red");
  CHECK_FALSE(t.isdown());
  CHECK(t.fillcolor() == "black");
  CHECK(t.undobufferentries() == 1);
  t.undo();
  CHECK(t.pensize() == 1);
  CHECK(t.isdown());
  t.pen(change);
  t.pen(saved);  // Python: t.pen(saved) puts everything back
  CHECK(t.pencolor() == "black");
  CHECK(t.pensize() == 1);

  turtle::PenState bad;
  bad.pensize = 2;
  bad.resizemode = "big";
  CHECK_THROWS_WITH(t.pen(bad), "unknown resizemode 'big' — use 'auto', 'user' or 'noresize'");
  CHECK(t.pensize() == 1);  // nothing changed
}

TEST_CASE("tiltangle and tilt turn the shape, kept in radians as Python keeps it",
          "[python][shape]") {
  Screen screen;
  Turtle t(screen);
  t.tiltangle(45);
  CHECK(t.tiltangle() == 45.0);              // Python: 45.0
  CHECK(t.pen().tilt == 5.497787143782138);  // Python: 5.497787143782138
  CHECK(t.resizemode() == "user");           // as Python's tiltangle sets it
  t.tilt(30);
  CHECK(t.tiltangle() == 75.0);              // Python: 75.0
  CHECK(t.pen().tilt == 4.974188368183839);  // Python: 4.974188368183839
  CHECK(t.heading() == 0.0);                 // the heading does not change

  screen.mode("logo");
  t.tiltangle(45);
  CHECK(t.pen().tilt == 0.7853981633974483);  // Python: 0.7853981633974483
  CHECK(t.tiltangle() == 45.0);
}

TEST_CASE("shearfactor and shapetransform make the shape's matrix as Python does",
          "[python][shape]") {
  Screen screen;
  Turtle t(screen);
  t.shearfactor(0.5);
  CHECK(t.resizemode() == "user");
  const turtle::ShapeTransform sheared = t.shapetransform();
  CHECK(sheared.t11 == 1.0);  // Python: (1.0, 0.5, -0.0, 1.0)
  CHECK(sheared.t12 == 0.5);
  CHECK(sheared.t21 == 0.0);
  CHECK(sheared.t22 == 1.0);

  t.shapetransform(2, 1, 0, 3);
  CHECK(t.shapesize().stretchWid == 2.0);  // Python: stretchfactor (2.0, 3.0)
  CHECK(t.shapesize().stretchLen == 3.0);
  CHECK(t.shearfactor() == 0.3333333333333333);  // Python: 0.3333333333333333
  CHECK(t.tiltangle() == 0.0);
  t.shapetransform(0, -1, 1, 0);
  CHECK(t.shearfactor() == 1.8369701987210297e-16);  // Python: 1.8369701987210297e-16
  CHECK(t.pen().tilt == 4.71238898038469);           // Python: 4.71238898038469
  CHECK_THROWS_WITH(t.shapetransform(1, 2, 2, 4),
                    "bad shape transform matrix (1, 2, 2, 4): it must not be singular "
                    "(t11 * t22 - t12 * t21 must not be 0)");
}

TEST_CASE("stamps follow the resizemode: noresize, user and auto", "[python][shape][stamp]") {
  Screen screen;
  Turtle t(screen);
  t.shape("square");
  t.penup();
  t.stamp();  // noresize: 20×20, as in Python, whatever the stretch says
  t.pen([] {
    turtle::PenState change;
    change.stretchfactor = std::make_pair(3.0, 3.0);
    return change;
  }());
  t.goTo(100, 0);
  t.stamp();
  t.resizemode("auto");
  t.pensize(10);
  t.goTo(-100, 0);
  t.stamp();  // auto: grows with the pen, max(1, 10 / 5) = 2, outline the pen size
  t.shapesize(1, 3);
  t.tiltangle(90);  // Python's matrix: (-1.8e-16, -3.0, 1.0, -5.5e-16)
  t.goTo(0, 100);
  t.stamp();
  const std::string log = screen.drawingLog();
  CHECK(log.find("stamp 1 square at (0,0) heading 0 pen black") != std::string::npos);
  CHECK(log.find("stamp 2 square at (100,0) heading 0 pen black") != std::string::npos);
  CHECK(log.find("at (-100,0) heading 0 size 2x2 outline 10 pen") != std::string::npos);
  CHECK(log.find("at (0,100) heading 0 transform (0,-3,1,0) outline 1 pen") != std::string::npos);
  // The tilted 20×60 square stands upright: 60 tall, 20 wide.
  CHECK(screen.colorAt(0, 125) == "black");
  CHECK(screen.colorAt(25, 100) == "white");
  CHECK_THROWS_WITH(t.resizemode("bogus"),
                    "unknown resizemode 'bogus' — use 'auto', 'user' or 'noresize'");
}

TEST_CASE("begin_poly and end_poly record the turtle's path for a shape", "[python][poly]") {
  Screen screen;
  Turtle t(screen);
  CHECK(t.get_poly().empty());  // Python: None
  t.begin_poly();
  t.forward(100);
  t.left(90);
  t.forward(100);
  t.forward(10);
  t.undo();  // Python takes the last point back too
  t.end_poly();
  t.forward(50);
  const std::vector<Vec2D> expected{{0, 0}, {100, 0}, {100, 100}};
  CHECK(t.get_poly() == expected);  // Python: ((0.00,0.00), (100.00,0.00), (100.00,100.00))
  screen.register_shape("corner", t.get_poly());
  CHECK_NOTHROW(t.shape("corner"));
}

TEST_CASE("bgpic shows a PNG under the drawing, centred", "[python][screen]") {
  kit_test::TempFolder folder;
  const std::string path = (folder.path / "red.png").string();
  {
    Screen picture(20, 20);
    picture.bgcolor("red");
    picture.save(path);
  }
  Screen screen;
  CHECK(screen.bgpic() == "nopic");
  screen.bgcolor("blue");
  screen.bgpic(path);
  CHECK(screen.bgpic() == path);
  CHECK(screen.colorAt(0, 0) == "red");
  CHECK(screen.colorAt(9, 9) == "red");
  CHECK(screen.colorAt(11, 0) == "blue");
  CHECK(screen.drawingLog() == "screen 400x400 bgcolor blue bgpic \"" + path + "\"\n");
  screen.bgpic("nopic");
  CHECK(screen.colorAt(0, 0) == "blue");
  CHECK_THROWS_AS(screen.bgpic((folder.path / "missing.png").string()), std::runtime_error);
  CHECK_THROWS_WITH(screen.bgpic((folder.path / "missing.png").string()),
                    Catch::Contains("missing.png") && Catch::Contains("bgpic reads PNG files"));
}
