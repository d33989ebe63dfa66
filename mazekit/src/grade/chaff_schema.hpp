#pragma once
// A mutant schema of a test-writing step: one copy of the wheat that holds every chaff it
// can, each chosen at run time. Where the wheat has a chaff's "replace" text, the schema has
//   if (mazekit_schema::chaff() != K) { the wheat's statements } else { chaff K's statements }
// (the statements from the one holding the text to the end of its block), and the program
// reads K from the environment (MAZEKIT_CHAFF; 0 or unset: the wheat). So `mazekit check`
// builds the student's tests once against it, not once per chaff, and runs that program once
// per chaff.
//
// Only for the student's own check: the student's tests could read the choice (the
// environment) and pass or fail on purpose, and on their own laptop they fool no one but
// themselves. A grade builds every chaff apart, in the sandbox (grade/grader.cpp), and never
// uses a schema.
//
// A chaff is placed in the schema only when its text lies in one block of a function's body;
// the others (at namespace scope, in a class body, in a braced initializer) keep a build of
// their own. The kit's build proves the schema: it compiles the lesson's own tests against it
// and runs them once per chaff (cmake/kit_lessons.cmake).

#include <filesystem>
#include <string>
#include <vector>

#include "kit/lessons.hpp"

namespace mazekit::grade {

/// The environment variable a schema program reads its chaff from: 1 for the first chaff.
inline constexpr const char* chaffChoiceVariable = "MAZEKIT_CHAFF";

struct SchemaFile {
  std::string text;
  /// For each chaff of the step (in lesson.json's order): placed in this text as a branch.
  std::vector<bool> placed;
  /// For each chaff not placed: why (empty when placed, or when it is in another file).
  std::vector<std::string> whyNot;
};

/// The schema of the wheat's file `name` (its text `wheat`): every chaff whose `in` is `name`
/// that can be a branch becomes one, chosen by its number (its index in `chaffs` plus one).
SchemaFile makeSchemaFile(const std::string& name, const std::string& wheat,
                          const std::vector<Chaff>& chaffs);

/// The schema folder: the wheat's files, those with chaffs made schemas, and schema.json
/// ({"placed": [true, false, ...], "why_not": [...]}, one entry per chaff). The wheat's files
/// written atomically and only when they change. Returns the chaffs placed.
std::vector<bool> writeSchemaFolder(const std::filesystem::path& wheat,
                                    const std::vector<Chaff>& chaffs,
                                    const std::filesystem::path& folder);

/// schema.json of a schema folder: which chaffs it holds. Empty when there is none (the kit
/// not built yet, or a build without schemas): then every chaff is built apart.
std::vector<bool> schemaPlaced(const std::filesystem::path& folder, std::size_t chaffs);

}  // namespace mazekit::grade
