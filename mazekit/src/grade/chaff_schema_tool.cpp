// Writes a test-writing step's mutant schema (grade/chaff_schema.hpp) when the kit is built:
//   mazekit_chaff_schema SPEC.json FOLDER
// SPEC.json: {"wheat": "<folder>", "chaffs": [{"in": ..., "replace": ..., "with": ...,
// "schema": true}, ...]}
// (cmake/kit_lessons.cmake writes it from lesson.json). Says which chaffs keep a build of
// their own, and why.
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "grade/chaff_schema.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: mazekit_chaff_schema SPEC.json FOLDER\n";
    return 2;
  }
  try {
    std::ifstream in(argv[1]);
    if (!in) throw std::runtime_error(std::string("cannot read ") + argv[1]);
    const auto spec = nlohmann::json::parse(in);
    std::vector<mazekit::grade::SchemaChaff> chaffs;
    for (const auto& c : spec.at("chaffs")) {
      chaffs.push_back({c.at("in").get<std::string>(), c.at("replace").get<std::string>(),
                        c.at("with").get<std::string>(),
                        !c.contains("schema") || c.at("schema").get<bool>()});
    }
    const std::vector<bool> placed =
        mazekit::grade::writeSchemaFolder(spec.at("wheat").get<std::string>(), chaffs, argv[2]);
    std::ifstream written(std::string(argv[2]) + "/schema.json");
    const auto why = nlohmann::json::parse(written).at("why_not");
    for (std::size_t k = 0; k < placed.size(); ++k) {
      if (!placed[k]) {
        std::cout << argv[1] << ": chaff " << k + 1
                  << " keeps a build of its own in `mazekit check` (not in the schema): "
                  << why.at(k).get<std::string>() << "\n";
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "mazekit_chaff_schema: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
