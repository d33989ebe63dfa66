#include <catch2/catch.hpp>
#include <turtle/turtle.hpp>
