#pragma once
// The turtle library in one include: Screen, Turtle, Color, Vec2D.
//
//     #include <turtle/turtle.hpp>
//
//     int main() {
//       turtle::Screen screen;
//       turtle::Turtle t(screen);
//       t.circle(100);
//       screen.save("circle.png");
//     }

#include "turtle/color.hpp"
#include "turtle/pen.hpp"
#include "turtle/save_file.hpp"
#include "turtle/screen.hpp"
#include "turtle/vec2d.hpp"
