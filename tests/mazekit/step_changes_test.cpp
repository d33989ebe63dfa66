// What each step changed (kit/step_changes.hpp): a step's solution against the one before, as
// the diff mazekit solution and the gallery show beside the step.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "common/files.hpp"
#include "kit/step_changes.hpp"

using mazekit::lineDiff;

TEST_CASE("the same texts have no diff", "[step_changes]") {
  CHECK(lineDiff("", "") == "");
  CHECK(lineDiff("a\nb\n", "a\nb\n") == "");
}

TEST_CASE("a changed line is taken out, then the new one put in", "[step_changes]") {
  CHECK(lineDiff("a\nb\n", "a\nc\n") == "  a\n- b\n+ c\n");
  CHECK(lineDiff("", "x\n") == "+ x\n");
  CHECK(lineDiff("x\n", "") == "- x\n");
  CHECK(lineDiff("a\nc\n", "a\nb\nc\n") == "  a\n+ b\n  c\n");
}

TEST_CASE("unchanged lines far from a change are one line '...'", "[step_changes]") {
  const std::string before = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
  const std::string after = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
  CHECK(lineDiff(before, after) == "  ...\n  3\n  4\n- 5\n+ five\n  6\n  7\n  ...\n");
  CHECK(lineDiff(before, after, 0) == "  ...\n- 5\n+ five\n  ...\n");
}

TEST_CASE("a step's changes name each changed file, and a step that changes no code has none",
          "[step_changes]") {
  namespace fs = std::filesystem;
  const fs::path top = fs::temp_directory_path() / "mazekit-step-changes-test";
  fs::remove_all(top);
  mazekit::Lesson lesson;
  lesson.files = {"a.hpp", "b.hpp"};
  for (int k = 1; k <= 3; ++k) {
    mazekit::Step step;
    step.number = k;
    step.solution = top / (k == 3 ? "step02" : "step0" + std::to_string(k));
    lesson.steps.push_back(step);
  }
  fs::create_directories(top / "step01");
  fs::create_directories(top / "step02");
  common::saveFileAtomically(top / "step01" / "a.hpp", "int a();\n");
  common::saveFileAtomically(top / "step01" / "b.hpp", "int b();\n");
  common::saveFileAtomically(top / "step02" / "a.hpp", "int a();\nint c();\n");
  common::saveFileAtomically(top / "step02" / "b.hpp", "int b();\n");
  CHECK(mazekit::stepChanges(lesson, lesson.steps[0]) == "");
  CHECK(mazekit::stepChanges(lesson, lesson.steps[1]) == "a.hpp:\n  int a();\n+ int c();\n");
  CHECK(mazekit::stepChanges(lesson, lesson.steps[2]) == "");
  fs::remove_all(top);
}
