// Writes a test-writing step's mutant schema (grade/chaff_schema.hpp) when the kit is built:
//   mazekit_chaff_schema LESSON_FOLDER STEP_ID WHEAT_FOLDER FOLDER
// The step's chaffs are read from the lesson's lesson.json (kit/lessons.hpp), its wheat from
// WHEAT_FOLDER (the step's wheat, cut by lesson_cut); cmake/kit_lessons.cmake runs it. Says
// which chaffs keep a build of their own, and why.
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "grade/chaff_schema.hpp"
#include "kit/lessons.hpp"

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: mazekit_chaff_schema LESSON_FOLDER STEP_ID WHEAT_FOLDER FOLDER\n";
    return 2;
  }
  try {
    const mazekit::Lesson lesson = mazekit::readLesson(argv[1], mazekit::LessonPlaces{});
    const std::string stepId = argv[2];
    const mazekit::Step& step = lesson.step(stepId);
    const std::vector<bool> placed =
        mazekit::grade::writeSchemaFolder(argv[3], step.chaffs, argv[4]);
    std::ifstream written(std::string(argv[4]) + "/schema.json");
    const auto why = nlohmann::json::parse(written).at("why_not");
    for (std::size_t k = 0; k < placed.size(); ++k) {
      if (!placed[k]) {
        std::cout << argv[1] << "/lesson.json: step " << step.id << ", chaff '" << step.chaffs[k].id
                  << "' keeps a build of its own in `mazekit check` (not in the schema): "
                  << why.at(k).get<std::string>() << "\n";
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "mazekit_chaff_schema: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
