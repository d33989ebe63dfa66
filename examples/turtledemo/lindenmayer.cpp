// turtledemo/lindenmayer.py: "Each morning women in Tamil Nadu, in southern India, place
// designs, created by using rice flour and known as kolam on the thresholds of their homes.
// These can be described by Lindenmayer systems" (Marcia Ascher, Mathematics Elsewhere).
// Two examples: the snake kolam and the anklets of Krishna.
#include <cmath>
#include <map>

#include "turtledemo.hpp"

namespace turtledemo {
namespace {

// Python's rules map a letter to a function or to a string of more letters.
struct Rule {
  std::function<void()> action;
  std::string letters;
};
using Rules = std::map<char, Rule>;

std::string replace(std::string seq, const std::map<char, std::string>& replacementRules, int n) {
  for (int i = 0; i < n; ++i) {
    std::string newseq;
    for (char element : seq) {
      const auto found = replacementRules.find(element);
      newseq = newseq + (found != replacementRules.end() ? found->second : std::string(1, element));
    }
    seq = newseq;
  }
  return seq;
}

void draw(const std::string& commands, const Rules& rules) {
  for (char b : commands) {
    const auto found = rules.find(b);
    if (found == rules.end()) continue;  // Python: the KeyError is passed over
    if (found->second.action) {
      found->second.action();
    } else {
      draw(found->second.letters, rules);
    }
  }
}

}  // namespace

std::string lindenmayer(Run& run) {
  turtle::Screen& screen = run.screen;
  turtle::Turtle& t = run.newTurtle();
  const auto r = [&t] { t.right(45); };
  const auto l = [&t] { t.left(45); };
  const auto f = [&t] { t.forward(7.5); };

  const Rules snake_rules = {
      {'-', {r, ""}}, {'+', {l, ""}}, {'f', {f, ""}}, {'b', {nullptr, "f+f+f--f--f+f+f"}}};
  const std::map<char, std::string> snake_replacementRules = {{'b', "b+f+b--f--b+f+b"}};
  const std::string snake_start = "b--f--b--f";

  std::string drawing = replace(snake_start, snake_replacementRules, 3);

  t.reset();
  t.speed(3);
  screen.tracer(1, 0);
  t.ht();
  t.up();
  t.backward(195);
  t.down();
  draw(drawing, snake_rules);

  run.sleep(3);

  const auto A = [&t] {
    t.color("red");
    t.circle(10, 90);
  };
  const auto B = [&t] {
    t.color("black");
    const double side = 5 / std::sqrt(2);  // Python's l: here l is the left turn already
    t.forward(side);
    t.circle(side, 270);
    t.forward(side);
  };
  const auto F = [&t] {
    t.color("green");
    t.forward(10);
  };

  const Rules krishna_rules = {{'a', {A, ""}}, {'b', {B, ""}}, {'f', {F, ""}}};
  const std::map<char, std::string> krishna_replacementRules = {{'a', "afbfa"}, {'b', "afbfbfbfa"}};
  const std::string krishna_start = "fbfbfbfb";

  t.reset();
  t.speed(0);
  screen.tracer(3, 0);
  t.ht();
  t.left(45);
  drawing = replace(krishna_start, krishna_replacementRules, 3);
  draw(drawing, krishna_rules);
  screen.tracer(1);
  return "Done!";
}

}  // namespace turtledemo
