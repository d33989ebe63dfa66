// A mutant schema of a test-writing step (see chaff_schema.hpp).
#include "grade/chaff_schema.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "common/files.hpp"

namespace mazekit::grade {
namespace fs = std::filesystem;
namespace {

// Which characters are code: not in a comment, a string or character literal, or a
// preprocessor line.
std::vector<bool> codeMask(const std::string& t) {
  std::vector<bool> code(t.size(), false);
  std::size_t i = 0;
  bool lineStart = true;  // only spaces since the last line break
  while (i < t.size()) {
    const char c = t[i];
    const char next = i + 1 < t.size() ? t[i + 1] : '\0';
    if (c == '#' && lineStart) {  // to the end of the line, and its continuations
      while (i < t.size() && !(t[i] == '\n' && t[i - 1] != '\\')) ++i;
      continue;
    }
    if (c == '/' && next == '/') {
      while (i < t.size() && t[i] != '\n') ++i;
      continue;
    }
    if (c == '/' && next == '*') {
      const std::size_t end = t.find("*/", i + 2);
      i = end == std::string::npos ? t.size() : end + 2;
      lineStart = false;
      continue;
    }
    const bool prevAlnum =
        i > 0 && (std::isalnum(static_cast<unsigned char>(t[i - 1])) != 0 || t[i - 1] == '_');
    if (c == '"' && i > 0 && t[i - 1] == 'R') {  // a raw string: R"delim( ... )delim"
      const std::size_t open = t.find('(', i);
      const std::string close = ")" + t.substr(i + 1, open - i - 1) + "\"";
      const std::size_t end = open == std::string::npos ? std::string::npos : t.find(close, open);
      i = end == std::string::npos ? t.size() : end + close.size();
      lineStart = false;
      continue;
    }
    if (c == '"' || (c == '\'' && !prevAlnum)) {  // not a digit separator (1'000)
      ++i;
      while (i < t.size() && t[i] != c && t[i] != '\n') i += t[i] == '\\' ? 2U : 1U;
      ++i;
      lineStart = false;
      continue;
    }
    code[i] = true;
    if (c == '\n') {
      lineStart = true;
    } else if (std::isspace(static_cast<unsigned char>(c)) == 0) {
      lineStart = false;
    }
    ++i;
  }
  return code;
}

// The word (or the one character) of code that ends just before `at`.
std::string tokenBefore(const std::string& t, const std::vector<bool>& code, std::size_t at) {
  std::size_t i = at;
  while (i > 0 && (!code[i - 1] || std::isspace(static_cast<unsigned char>(t[i - 1])) != 0)) --i;
  if (i == 0) return "";
  const auto word = [&](std::size_t k) {
    return code[k] && (std::isalnum(static_cast<unsigned char>(t[k])) != 0 || t[k] == '_');
  };
  if (!word(i - 1)) return std::string(1, t[i - 1]);
  std::size_t start = i - 1;
  while (start > 0 && word(start - 1)) --start;
  return t.substr(start, i - start);
}

// An opening brace that starts a block of statements (a function's body, a loop's, an
// if's...), not a class, a namespace or a braced initializer.
bool opensBlock(const std::string& t, const std::vector<bool>& code, std::size_t brace) {
  const std::string before = tokenBefore(t, code, brace);
  static const std::vector<std::string> blockAfter{")",        ";",        "{",      "}",   ":",
                                                   "]",        "else",     "do",     "try", "const",
                                                   "noexcept", "override", "mutable"};
  return std::find(blockAfter.begin(), blockAfter.end(), before) != blockAfter.end();
}

struct Bracket {
  char c;
  std::size_t at;
  bool block;
};

// The brackets open at `end`.
std::vector<Bracket> openAt(const std::string& t, const std::vector<bool>& code, std::size_t end) {
  std::vector<Bracket> open;
  for (std::size_t i = 0; i < end; ++i) {
    if (!code[i]) continue;
    const char c = t[i];
    if (c == '{' || c == '(' || c == '[') {
      open.push_back({c, i, c == '{' && opensBlock(t, code, i)});
    } else if ((c == '}' || c == ')' || c == ']') && !open.empty()) {
      open.pop_back();
    }
  }
  return open;
}

// How many brackets are open just after each character.
std::vector<std::size_t> depths(const std::string& t, const std::vector<bool>& code) {
  std::vector<std::size_t> depth(t.size(), 0);
  std::size_t open = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (code[i] && (t[i] == '{' || t[i] == '(' || t[i] == '[')) ++open;
    if (code[i] && (t[i] == '}' || t[i] == ')' || t[i] == ']') && open > 0) --open;
    depth[i] = open;
  }
  return depth;
}

// The closing brace of the block opened at `brace`.
std::size_t closeOf(const std::string& t, const std::vector<bool>& code, std::size_t brace) {
  int depth = 0;
  for (std::size_t i = brace; i < t.size(); ++i) {
    if (!code[i]) continue;
    if (t[i] == '{' || t[i] == '(' || t[i] == '[') ++depth;
    if (t[i] == '}' || t[i] == ')' || t[i] == ']') {
      if (--depth == 0) return i;
    }
  }
  return std::string::npos;
}

struct Region {
  std::size_t begin = 0;  // just after the `;`, `{` or `}` before the statement
  std::size_t end = 0;    // the block's closing brace
  std::vector<std::size_t> chaffs;
};

}  // namespace

namespace {

// Where chaff `k` can be a branch: from the start of the statement that holds its text to the
// end of that statement's block, in a function's body. Empty, with why not in `whyNot`, when
// it cannot.
std::optional<Region> regionOf(const std::string& wheat, const std::vector<bool>& code,
                               const std::vector<std::size_t>& depth, const Chaff& chaff,
                               const std::string& name, std::string& whyNot) {
  if (!chaff.inSchema) {
    whyNot = "lesson.json says \"schema\": false";
    return std::nullopt;
  }
  const std::size_t at = wheat.find(chaff.replace);
  if (chaff.replace.empty() || at == std::string::npos ||
      wheat.find(chaff.replace, at + 1) != std::string::npos) {
    whyNot = "its \"replace\" text is not once in " + name;
    return std::nullopt;
  }
  // The innermost block open both where the text starts and where it ends.
  const std::vector<Bracket> first = openAt(wheat, code, at);
  const std::vector<Bracket> last = openAt(wheat, code, at + chaff.replace.size());
  std::size_t common = 0;
  while (common < first.size() && common < last.size() && first[common].at == last[common].at) {
    ++common;
  }
  std::size_t block = common;
  while (block > 0 && !first[block - 1].block) --block;
  if (block == 0) {
    whyNot = "its \"replace\" text is not in a function's body";
    return std::nullopt;
  }
  const std::size_t open = first[block - 1].at;
  // Back to the start of the statement: after the last `;`, `{` or `}` of the block itself.
  Region region;
  region.begin = open + 1;
  for (std::size_t i = at; i > open + 1; --i) {
    const char c = wheat[i - 1];
    if (code[i - 1] && (c == ';' || c == '{' || c == '}') && depth[i - 1] == block) {
      region.begin = i;
      break;
    }
  }
  region.end = closeOf(wheat, code, open);
  if (region.end == std::string::npos) {
    whyNot = "its block has no end in " + name;
    return std::nullopt;
  }
  return region;
}

// Chaffs whose statements overlap share one region: a branch for each.
std::vector<Region> merged(std::vector<Region> regions) {
  std::sort(regions.begin(), regions.end(),
            [](const Region& a, const Region& b) { return a.begin < b.begin; });
  std::vector<Region> out;
  for (const Region& r : regions) {
    if (!out.empty() && r.begin < out.back().end) {
      out.back().end = std::max(out.back().end, r.end);
      out.back().chaffs.insert(out.back().chaffs.end(), r.chaffs.begin(), r.chaffs.end());
    } else {
      out.push_back(r);
    }
  }
  return out;
}

// The wheat with each region's branches, and the function that reads the choice above it.
std::string schemaText(const std::string& wheat, const std::vector<Region>& regions,
                       const std::vector<Chaff>& chaffs) {
  std::string text;
  std::size_t done = 0;
  for (const Region& r : regions) {
    const std::string original = wheat.substr(r.begin, r.end - r.begin);
    // The wheat's statements first, where they were: their lines keep their numbers. The last
    // chaff's branch is a plain else, so that a function that returns still always does.
    const std::string chosen = "mazekit_schema_chosen_";
    std::string wheatTest;
    std::string branches;
    for (std::size_t i = 0; i < r.chaffs.size(); ++i) {
      const std::size_t k = r.chaffs[i];
      std::string changed = original;
      changed.replace(changed.find(chaffs[k].replace), chaffs[k].replace.size(), chaffs[k].with);
      const std::string n = std::to_string(k + 1);
      wheatTest += (wheatTest.empty() ? "" : " && ") + chosen + " != " + n;
      branches += i + 1 < r.chaffs.size() ? " else if (" + chosen + " == " + n + ") {" : " else {";
      branches += changed + "}";
    }
    text += wheat.substr(done, r.begin - done);
    text += " if (const int " + chosen + " = ::mazekit_schema::chaff(); " + wheatTest + ") {" +
            original + "}" + branches + "\n";
    done = r.end;
  }
  text += wheat.substr(done);
  if (regions.empty()) return text;
  return "#ifndef MAZEKIT_CHAFF_SCHEMA\n#define MAZEKIT_CHAFF_SCHEMA\n#include <cstdlib>\n"
         "// A mutant schema: the wheat and its chaffs in one, chosen by MAZEKIT_CHAFF.\n"
         "namespace mazekit_schema {\ninline int chaff() {\n  static const int chosen = [] {\n"
         "    const char* n = std::getenv(\"" +
         std::string(chaffChoiceVariable) +
         "\");\n    return n == nullptr ? 0 : std::atoi(n);\n  }();\n  return chosen;\n}\n}  "
         "// namespace mazekit_schema\n#endif\n" +
         text;
}

}  // namespace

SchemaFile makeSchemaFile(const std::string& name, const std::string& wheat,
                          const std::vector<Chaff>& chaffs) {
  SchemaFile out;
  out.placed = std::vector<bool>(chaffs.size(), false);
  out.whyNot.assign(chaffs.size(), "");
  const std::vector<bool> code = codeMask(wheat);
  const std::vector<std::size_t> depth = depths(wheat, code);
  std::vector<Region> regions;
  for (std::size_t k = 0; k < chaffs.size(); ++k) {
    if (chaffs[k].in != name) continue;
    if (auto region = regionOf(wheat, code, depth, chaffs[k], name, out.whyNot[k])) {
      region->chaffs.push_back(k);
      regions.push_back(*region);
      out.placed[k] = true;
    }
  }
  out.text = schemaText(wheat, merged(std::move(regions)), chaffs);
  return out;
}

std::vector<bool> writeSchemaFolder(const fs::path& wheat, const std::vector<Chaff>& chaffs,
                                    const fs::path& folder) {
  std::vector<bool> placed(chaffs.size(), false);
  std::vector<std::string> whyNot(chaffs.size(), "");
  for (std::size_t k = 0; k < chaffs.size(); ++k) {
    if (!fs::is_regular_file(wheat / chaffs[k].in))
      whyNot[k] = "its \"in\" (" + chaffs[k].in + ") is not a file of the wheat";
  }
  fs::create_directories(folder);
  for (const auto& entry : fs::directory_iterator(wheat)) {
    if (!entry.is_regular_file()) continue;
    const std::string name = entry.path().filename().string();
    const SchemaFile file = makeSchemaFile(name, common::readFile(entry.path()), chaffs);
    for (std::size_t k = 0; k < chaffs.size(); ++k) {
      if (chaffs[k].in != name) continue;
      placed[k] = file.placed[k];
      whyNot[k] = file.whyNot[k];
    }
    common::saveFileIfChanged(folder / name, file.text);
  }
  nlohmann::json json;
  json["placed"] = placed;
  json["why_not"] = whyNot;
  // Always written: the build's mark that this schema is up to date with its wheat.
  common::saveFileAtomically(folder / "schema.json", json.dump(2) + "\n");
  return placed;
}

std::vector<bool> schemaPlaced(const fs::path& folder, std::size_t chaffs) {
  std::error_code ec;
  if (folder.empty() || !fs::is_regular_file(folder / "schema.json", ec)) return {};
  try {
    const auto json = nlohmann::json::parse(common::readFile(folder / "schema.json"));
    auto placed = json.at("placed").get<std::vector<bool>>();
    if (placed.size() != chaffs) return {};
    return placed;
  } catch (const std::exception&) {
    return {};  // a schema.json of another build: every chaff apart, as without one
  }
}

}  // namespace mazekit::grade
