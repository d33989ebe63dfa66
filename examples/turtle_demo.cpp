// The kit's demo drawing: everything the turtle library can do on one 400×400 canvas,
// saved as PNG and SVG.
//
//     turtle_demo [OUTPUT_FOLDER]      (default: out/demo)
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>

#include <turtle/turtle.hpp>

namespace {

// The maze lesson's grid: a white path of 20×20 squares on a blue wall.
void drawPath(turtle::Turtle& t) {
  t.penup();
  t.shape("square");
  t.color("white");
  for (int i = 0; i < 20; ++i) {  // along the top row
    t.goTo(-190 + 20 * i, 190);
    t.stamp();
  }
  for (int j = 1; j < 20; ++j) {  // down the right-hand side
    t.goTo(190, 190 - 20 * j);
    t.stamp();
  }
  t.color("yellow");  // the goal, bottom right
  t.stamp();
}

void drawStar(turtle::Turtle& t) {
  t.goTo(-120, 40);
  t.setheading(0);
  t.pendown();
  t.pensize(2);
  t.color("red", "gold");
  t.begin_fill();
  for (int i = 0; i < 5; ++i) {
    t.forward(120);
    t.right(144);
  }
  t.end_fill();
  t.penup();
}

void drawSpiral(turtle::Turtle& t) {
  t.goTo(80, -40);
  t.setheading(90);
  t.pendown();
  t.pensize(3);
  const char* colours[] = {"orange", "light green", "cyan", "violet"};
  for (int i = 0; i < 36; ++i) {
    t.pencolor(colours[i % 4]);
    t.forward(4 + i * 2.5);
    t.left(91);
  }
  t.penup();
}

void drawLabels(turtle::Turtle& t) {
  t.goTo(-100, -150);
  t.color("white");
  t.pendown();
  t.circle(30);
  t.penup();
  t.dot(12, "orange red");
  t.goTo(-20, -120);
  t.write("mazekit", "left", turtle::Font{"DejaVu Sans", 18, "bold"});
  t.goTo(-20, -145);
  t.write("turtle graphics in C++", "left", 10);
  t.goTo(-150, -60);
  t.shape("turtle");
  t.color("black", "lime green");
  t.setheading(30);
  t.shapesize(2);
  t.stamp();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 2) {
    std::cerr << "usage: turtle_demo [OUTPUT_FOLDER]  (one folder at most, got " << argc - 1
              << " arguments)\n";
    return 2;
  }
  const std::filesystem::path folder = argc == 2 ? argv[1] : "out/demo";
  try {
    turtle::Screen screen;
    screen.bgcolor("blue");
    turtle::Turtle t(screen);
    drawPath(t);
    drawStar(t);
    drawSpiral(t);
    drawLabels(t);
    t.hideturtle();

    std::filesystem::create_directories(folder);
    for (const char* name : {"turtle_demo.png", "turtle_demo.svg"}) {
      screen.save(folder / name);
      std::cout << "wrote " << (folder / name).string() << "\n";
    }
  } catch (const std::exception& error) {
    std::cerr << "turtle_demo: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
