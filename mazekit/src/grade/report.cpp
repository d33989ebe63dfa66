// The grades written out: the terminal table, grades.csv, Gradescope's results.json, JUnit
// XML and an HTML report with each student's picture inlined, so that it opens from disk.
// A student chooses the bytes of a folder name and of everything the program prints, so
// every such string reaches a file only through mazekit::text, made safe for that file: a
// name cannot forge a row, run as a spreadsheet formula, or break the JSON, XML or HTML.
#include "grade/grading.hpp"

#include <algorithm>
#include <array>
#include <iomanip>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include <nlohmann/json.hpp>
#include <turtle/save_file.hpp>

#include "grade/class_report.hpp"
#include "kit/version.hpp"
#include "run/explain.hpp"
#include "run/text.hpp"

namespace fs = std::filesystem;

namespace mazekit::grade {
namespace {

using run::Outcome;
using Json = nlohmann::ordered_json;

/// In the order of the legend.
constexpr std::array<Outcome, 10> allOutcomes = {
    Outcome::passed,    Outcome::doesNotCompile, Outcome::failed,     Outcome::crashed,
    Outcome::timedOut,  Outcome::endedEarly,     Outcome::wrongTests, Outcome::tampered,
    Outcome::notGraded, Outcome::graderError};

/// How the students' code ran, when not in the sandbox.
std::string unsandboxed(const RunInfo& info) {
  return info.isolation.empty() ? "graded without a sandbox (--no-sandbox)"
                                : "graded " + info.isolation;
}

/// The points that count: none for a flagged student under --strict.
int scoreOf(const StudentResult& student) { return student.strictZero ? 0 : student.total; }

std::string stepName(const Step& step) {
  std::ostringstream name;
  name << "Step " << std::setw(2) << std::setfill('0') << step.number << ": " << step.title;
  return name.str();
}

/// The verdict's reason, then what the program printed, if anything.
std::string reasonAndOutput(const StepResult& result) {
  std::string details = result.verdict.reason;
  if (!result.output.empty()) details += "\n\nThe program's output:\n" + result.output;
  return details;
}

std::string joined(const std::vector<std::string>& parts, const std::string& separator) {
  std::string whole;
  for (std::size_t k = 0; k < parts.size(); ++k) whole += (k == 0 ? "" : separator) + parts[k];
  return whole;
}

std::string counted(std::size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

/// The slug becomes a folder under --out and part of a link in report.html: it must be one
/// plain name, never "..", a path or a URL scheme.
void checkSlug(const std::string& slug) {
  const bool plain =
      !slug.empty() && slug.front() != '.' && std::all_of(slug.begin(), slug.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '-' || c == '_' || c == '.';
      });
  if (!plain) {
    throw std::invalid_argument(
        "a student's folder name must be letters, digits, '-', '_' and "
        "'.', not starting with '.'; got '" +
        text::terminalLine(slug) + "'");
  }
}

std::string base64(const std::string& bytes) {
  static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const auto byte = [&](std::size_t k) {
    return k < bytes.size() ? static_cast<unsigned>(static_cast<unsigned char>(bytes[k])) : 0u;
  };
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const unsigned v = (byte(i) << 16) | (byte(i + 1) << 8) | byte(i + 2);
    out += digits[v >> 18];
    out += digits[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? digits[(v >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? digits[v & 63] : '=';
  }
  return out;
}

// grades.csv ---------------------------------------------------------------------------------

/// The flags cell: how the run was made when that matters, then what the tamper scan found.
std::string flagsCell(const StudentResult& student, const RunInfo& info) {
  std::vector<std::string> parts;
  if (!info.sandboxed)
    parts.push_back(info.isolation.empty() ? "not sandboxed (--no-sandbox)"
                                           : "not sandboxed: a user of its own");
  if (student.strictZero) parts.push_back("scored 0 (--strict)");
  for (const auto& flag : student.flags) parts.push_back(flag.text());
  return joined(parts, " | ");
}

/// One student's row. Text cells pass through terminalLine first, so a row is one line of the
/// file even for a name with a newline: line tools (grep, wc -l) see the rows as they are.
/// Nothing in it depends on the other students or on the time, so a student graded again
/// gets the same bytes.
std::string csvRow(const Lesson& lesson, const StudentResult& student, const RunInfo& info) {
  std::string row = text::csvCell(text::terminalLine(student.name));
  for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
    row += "," + std::to_string(student.step(k).score);
  }
  row += "," + std::to_string(scoreOf(student));
  row += "," + text::csvCell(text::terminalLine(flagsCell(student, info)));
  return row + "\n";
}

std::string gradesCsv(const Lesson& lesson, const std::vector<StudentResult>& students,
                      const RunInfo& info) {
  std::string csv = "student";
  for (const auto& step : lesson.steps) csv += "," + text::csvCell(text::terminalLine(step.id));
  csv += ",total,flags\n";
  for (const auto& student : students) csv += csvRow(lesson, student, info);
  return csv;
}

// results.json -------------------------------------------------------------------------------

/// Gradescope's results.json. The same for the same student in every run: no times, no paths.
std::string resultsJson(const Lesson& lesson, const StudentResult& student, const RunInfo& info) {
  using text::validUtf8;
  std::vector<std::string> lines;
  if (!info.sandboxed) lines.push_back(unsandboxed(info));
  lines.push_back("mazekit grade, lesson " + lesson.id + ": " + std::to_string(scoreOf(student)) +
                  " of " + std::to_string(maxPoints(lesson)) + " points.");
  if (student.strictZero) lines.push_back("Scored 0 under --strict: your instructor will explain.");
  if (!student.error.empty()) {
    lines.push_back("The submission could not be graded: " + student.error);
  }
  for (const auto& note : student.notes) lines.push_back(note);

  Json results;
  results["score"] = scoreOf(student);
  results["output"] = validUtf8(joined(lines, "\n"));
  results["tests"] = Json::array();
  for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
    const Step& step = lesson.steps[k];
    const StepResult& result = student.step(k);
    Json test;
    test["name"] = validUtf8(stepName(step));
    test["number"] = std::to_string(step.number);
    test["score"] = result.score;
    test["max_score"] = step.points;
    test["status"] = result.passed() ? "passed" : "failed";
    test["output"] = validUtf8(reasonAndOutput(result));
    test["visibility"] = "visible";
    results["tests"].push_back(test);
  }

  // The tamper flags are for the instructor: a hidden test shows them on Gradescope, and
  // extra_data keeps them for scripts.
  Json flags = Json::array();
  std::vector<std::string> flagLines;
  for (const auto& flag : student.flags) {
    flags.push_back(validUtf8(flag.text()));
    flagLines.push_back(flag.text());
  }
  if (!student.flags.empty()) {
    Json test;
    test["name"] = "Integrity flags (instructor only)";
    test["score"] = 0;
    test["max_score"] = 0;
    test["output"] = validUtf8(joined(flagLines, "\n"));
    test["visibility"] = "hidden";
    results["tests"].push_back(test);
  }
  results["extra_data"] = {
      {"flags", flags}, {"strict_zero", student.strictZero}, {"mazekit_version", kitVersion()}};

  // Every string above is valid UTF-8 already; `replace` is the second guard, so that a
  // string missed here can never make dump() throw halfway through a class.
  return results.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

// Gradescope's results.json, with times and pictures ------------------------------------------

/// A fenced block that `text` cannot close: the fence is longer than any run of '~' in it, so
/// a program that prints a fence cannot turn the rest of its output into Markdown.
std::string fenced(const std::string& text) {
  std::size_t longest = 0;
  std::size_t run = 0;
  for (const char c : text) {
    run = c == '~' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(std::max<std::size_t>(3, longest + 1), '~');
  return fence + "text\n" + text + (text.empty() || text.back() == '\n' ? "" : "\n") + fence + "\n";
}

/// Text that Markdown shows as it is: its punctuation escaped, <, > and & as entities (an
/// explanation quotes names from the student's code).
std::string markdownText(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '<') {
      out += "&lt;";
    } else if (c == '>') {
      out += "&gt;";
    } else if (c == '&') {
      out += "&amp;";
    } else {
      if (std::string_view("\\`*_{}[]()#+-.!|~").find(c) != std::string_view::npos) out += '\\';
      out += c;
    }
  }
  return out;
}

/// The step's output on Gradescope, in Markdown: the verdict line a student reads in mazekit
/// status, then the first failure and what the program printed, each in a block the
/// student's bytes cannot leave, then the step's picture, inlined (Gradescope shows files
/// only when they are in results.json).
std::string gradescopeOutput(const StepResult& result) {
  using text::validUtf8;
  std::string md = result.passed()
                       ? "**GREEN** passed\n"
                       : "**RED** " + std::string(run::outcomeName(result.verdict.outcome)) + "\n";
  if (!result.passed()) md += "\n" + fenced(validUtf8(result.verdict.reason));
  if (result.verdict.outcome == Outcome::doesNotCompile) {
    if (const auto explained = run::explainCompileError(result.verdict.reason)) {
      md += "\nWhat it means: " + markdownText(validUtf8(*explained)) + "\n";
    }
  }
  if (!result.passed() && !result.output.empty()) {
    md += "\nThe program's output:\n\n" + fenced(validUtf8(result.output));
  }
  if (!result.picture.empty()) {
    md += "\n![The step's picture](data:image/png;base64," + base64(result.picture) + ")\n";
  }
  return md;
}

std::string rounded(double seconds) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(2) << seconds;
  return text.str();
}

}  // namespace

std::string gradescopeResults(const Lesson& lesson, const StudentResult& student,
                              const RunInfo& info, const GradescopeView& view) {
  using text::validUtf8;
  Json results = Json::parse(resultsJson(lesson, student, info));
  results["execution_time"] = std::stod(rounded(view.seconds));
  // The top line names files the student chose: plain text. Each step's output is Markdown
  // built above, and what the autograder prints is the instructor's.
  results["output_format"] = "text";
  results["test_output_format"] = "md";
  results["stdout_visibility"] = "hidden";
  for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
    const Step& step = lesson.steps[k];
    const StepResult& result = student.step(k);
    Json& test = results["tests"][k];
    const auto chosen = view.stepVisibility.find(step.id);
    test["visibility"] = chosen != view.stepVisibility.end() ? chosen->second : view.visibility;
    test["output"] = gradescopeOutput(result);
    test["output_format"] = "md";
    test["execution_time"] = std::stod(rounded(result.seconds));
  }
  return results.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

namespace {

// junit.xml ----------------------------------------------------------------------------------

std::string property(const std::string& name, const std::string& value) {
  return "      <property name=\"" + text::xmlText(name) + "\" value=\"" + text::xmlText(value) +
         "\"/>\n";
}

/// One testsuite per student, a testcase per step; valid against tests/mazekit/junit.xsd
/// whatever the student's bytes.
std::string junitXml(const Lesson& lesson, const StudentResult& student, const RunInfo& info) {
  using text::xmlText;
  int failures = 0;
  int errors = 0;
  int skipped = 0;
  std::string cases;
  for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
    const StepResult& result = student.step(k);
    const Outcome outcome = result.verdict.outcome;
    cases += "    <testcase classname=\"" + xmlText(lesson.id) + "\" name=\"" +
             xmlText(stepName(lesson.steps[k])) + "\"";
    const std::string message = "message=\"" + xmlText(result.verdict.reason) + "\"";
    const std::string type = "type=\"" + xmlText(std::string(run::outcomeName(outcome))) + "\"";
    if (result.passed()) {
      cases += "/>\n";
      continue;
    }
    cases += ">\n      ";
    if (outcome == Outcome::notGraded) {
      ++skipped;
      cases += "<skipped " + message + "/>";
    } else if (outcome == Outcome::graderError) {
      ++errors;
      cases +=
          "<error " + type + " " + message + ">" + xmlText(reasonAndOutput(result)) + "</error>";
    } else {
      ++failures;
      cases += "<failure " + type + " " + message + ">" + xmlText(reasonAndOutput(result)) +
               "</failure>";
    }
    cases += "\n    </testcase>\n";
  }

  std::string properties = property("mazekit version", kitVersion());
  properties += property("sandbox", info.sandboxed ? "yes" : "no (--no-sandbox)");
  if (!info.protections.empty()) properties += property("sandbox protections", info.protections);
  if (!info.limits.empty()) properties += property("limits", info.limits);
  if (student.strictZero) properties += property("scored 0", "--strict");
  for (const auto& flag : student.flags) properties += property("tamper flag", flag.text());

  std::vector<std::string> remarks;
  if (!student.error.empty()) remarks.push_back("could not be graded: " + student.error);
  for (const auto& note : student.notes) remarks.push_back(note);

  // The schema wants a name; a blank one (a folder called " ") is named by its slug.
  const bool blank = student.name.find_first_not_of(" \t\r\n") == std::string::npos;
  std::ostringstream xml;
  xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\""
      << xmlText(blank ? student.slug : student.name) << "\" tests=\"" << lesson.steps.size()
      << "\" failures=\"" << failures << "\" errors=\"" << errors << "\" skipped=\"" << skipped
      << "\">\n    <properties>\n"
      << properties << "    </properties>\n"
      << cases;
  if (!remarks.empty())
    xml << "    <system-out>" << xmlText(joined(remarks, "\n")) << "</system-out>\n";
  xml << "  </testsuite>\n</testsuites>\n";
  return xml.str();
}

// report.html --------------------------------------------------------------------------------

std::string stepClass(Outcome outcome) {
  switch (outcome) {
    case Outcome::passed:
      return "ok";
    case Outcome::notGraded:
      return "skip";
    case Outcome::graderError:
      return "err";
    default:
      return "no";
  }
}

std::string runBanner(const RunInfo& info) {
  using text::htmlText;
  std::string banner =
      info.sandboxed
          ? "<p class=\"banner\">Graded in a sandbox" +
                (info.protections.empty() ? "" : " by " + htmlText(info.protections)) + "."
          : "<p class=\"banner warn\">&#9888; " + htmlText(unsandboxed(info)) +
                ": the students' programs ran with the grader's rights.";
  if (!info.limits.empty()) banner += " Limits: " + htmlText(info.limits) + ".";
  if (info.strict) banner += " --strict: a flagged student scores 0.";
  return banner + "</p>\n";
}

std::string studentRow(const Lesson& lesson, const StudentResult& student) {
  using text::htmlText;
  std::ostringstream html;
  html << "<tr><td><a href=\"./" << htmlText(student.slug) << "/results.json\">"
       << htmlText(student.name) << "</a>";
  if (!student.error.empty())
    html << "<div class=\"notes\">" << htmlText(student.error) << "</div>";
  for (const auto& note : student.notes)
    html << "<div class=\"notes\">" << htmlText(note) << "</div>";
  html << "</td><td>" << scoreOf(student) << "/" << maxPoints(lesson);
  if (student.strictZero) html << "<div class=\"strict\">scored 0: --strict</div>";
  html << "</td><td class=\"flags\">";
  for (const auto& flag : student.flags) {
    html << "<div class=\"flag\">&#9873; <code>" << htmlText(flag.file) << ":" << flag.line
         << "</code> " << htmlText(flag.what) << "</div>";
  }
  html << "</td>";
  for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
    const StepResult& result = student.step(k);
    html << "<td class=\"step " << stepClass(result.verdict.outcome) << "\" title=\""
         << htmlText(result.verdict.reason) << "\">"
         << htmlText(std::string(1, run::outcomeLetter(result.verdict.outcome))) << "</td>";
  }
  html << "<td>";
  if (!student.picture.empty()) {
    html << "<img alt=\"" << htmlText(student.name) << " at step " << htmlText(student.pictureStep)
         << "\" src=\"data:image/png;base64," << base64(student.picture)
         << "\"><div class=\"notes\">" << htmlText(student.pictureStep) << "</div>";
  } else {
    html << "no step passed";
  }
  html << "</td></tr>\n";
  return html.str();
}

std::string reportHtml(const Lesson& lesson, const std::vector<StudentResult>& students,
                       const RunInfo& info) {
  using text::htmlText;
  std::ostringstream html;
  // The policy forbids scripts and every fetch but the inlined pictures: a second guard, should
  // a student's text ever slip past htmlText.
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
          "img-src data:; style-src 'unsafe-inline'\">\n<title>Grades: "
       << htmlText(lesson.title)
       << "</title>\n<style>\n"
          "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
          "td,th{border:1px solid #ccc;padding:4px 6px;vertical-align:top}"
          "td.ok{background:#c8f0c8}td.no{background:#f6c8c8}td.err{background:#f0e08c}"
          "td.skip{background:#eee}td.step{text-align:center;font-family:monospace}"
          "img{width:200px;height:200px;image-rendering:pixelated}.notes{font-size:90%;color:#555}"
          ".banner{padding:6px 10px;background:#eef}.warn{background:#c00;color:#fff;"
          "font-weight:bold}.flag,.strict{color:#a00;font-size:90%}"
       << classReportStyle() << "\n</style>\n</head>\n<body>\n"
       << runBanner(info) << "<h1>" << htmlText(lesson.title) << "</h1>\n<p>" << students.size()
       << " submissions, " << maxPoints(lesson) << " points in all.</p>\n"
       << classReportHtml(classReport(lesson, students))
       << "<h2>Students</h2>\n<p>Hover over a step to see why it failed.</p>\n"
          "<p class=\"notes\">";
  for (const Outcome outcome : allOutcomes) {
    html << "<code>" << htmlText(std::string(1, run::outcomeLetter(outcome))) << "</code> "
         << htmlText(std::string(run::outcomeName(outcome))) << " &nbsp; ";
  }
  html << "&#9873; what the tamper scan found (for the instructor)</p>\n"
          "<table>\n<tr><th>student</th><th>points</th><th>flags</th>";
  for (const auto& step : lesson.steps) {
    html << "<th title=\"" << htmlText(step.title) << "\">" << step.number << "</th>";
  }
  html << "<th>picture</th></tr>\n";
  for (const auto& student : students) html << studentRow(lesson, student);
  html << "</table>\n<p class=\"notes\">Graded by mazekit " << kitVersion()
       << ".</p>\n</body>\n</html>\n";
  return html.str();
}

// The terminal table -------------------------------------------------------------------------

/// Columns a terminal gives valid UTF-8 text: one per character, near enough (wide CJK
/// characters take two, and the table is then a little off, never broken).
std::size_t columns(const std::string& line) {
  return static_cast<std::size_t>(std::count_if(line.begin(), line.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

/// A name for the table: one line, at most `width` columns.
std::string tableName(const std::string& name, std::size_t width) {
  std::string line = text::terminalLine(name);
  if (columns(line) <= width) return line;
  std::string cut;
  std::size_t used = 0;
  for (const char c : line) {
    const bool starts = (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    if (starts && ++used > width - 1) break;
    cut += c;
  }
  return cut + "\xE2\x80\xA6";  // …
}

std::string padded(const std::string& line, std::size_t width) {
  const std::size_t used = columns(line);
  return line + std::string(used < width ? width - used : 0, ' ');
}

}  // namespace

const StepResult& StudentResult::step(std::size_t k) const {
  static const StepResult notGraded = [] {
    StepResult result;
    result.verdict = {Outcome::notGraded, "not graded"};
    return result;
  }();
  return k < steps.size() ? steps[k] : notGraded;
}

int maxPoints(const Lesson& lesson) {
  int total = 0;
  for (const auto& step : lesson.steps) total += step.points;
  return total;
}

std::string formatTable(const Lesson& lesson, const std::vector<StudentResult>& students,
                        const RunInfo& info) {
  constexpr std::size_t widest = 40;  // a longer name is cut, so that rows stay one line
  std::vector<std::string> names;
  std::size_t width = 7;  // "student"
  for (const auto& student : students) {
    names.push_back(tableName(student.name, widest));
    width = std::max(width, columns(names.back()));
  }

  std::ostringstream out;
  out << "\n" << padded("student", width) << "  ";
  for (const auto& step : lesson.steps) out << (step.number % 10);
  out << "  points\n";
  bool anyFlags = false;
  for (std::size_t i = 0; i < students.size(); ++i) {
    const StudentResult& student = students[i];
    out << padded(names[i], width) << "  ";
    for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
      out << run::outcomeLetter(student.step(k).verdict.outcome);
    }
    out << "  " << scoreOf(student) << "/" << maxPoints(lesson);
    if (!student.flags.empty()) {
      anyFlags = true;
      out << "  \xE2\x9A\x91 " << counted(student.flags.size(), "flag");  // ⚑
    }
    if (student.strictZero) out << "  (scored 0: --strict)";
    if (!student.error.empty()) out << "  (" << text::terminalLine(student.error) << ")";
    out << "\n";
  }

  // The legend: every letter, folded before 90 columns.
  out << "\n";
  std::string line;
  for (const Outcome outcome : allOutcomes) {
    const std::string entry =
        std::string(1, run::outcomeLetter(outcome)) + " " + std::string(run::outcomeName(outcome));
    if (!line.empty() && line.size() + 2 + entry.size() > 90) {
      out << line << "\n";
      line.clear();
    }
    line += (line.empty() ? "" : "  ") + entry;
  }
  out << line << "\n";
  if (anyFlags) {
    out << "\xE2\x9A\x91 flags: what the tamper scan found; report.html and grades.csv list them\n";
  }

  std::string howRun = info.sandboxed ? "Sandboxed" : "NOT SANDBOXED: " + unsandboxed(info);
  if (info.sandboxed && !info.protections.empty()) howRun += " by " + info.protections;
  if (!info.limits.empty()) howRun += "; limits: " + info.limits;
  if (info.strict) howRun += "; --strict: a flagged student scores 0";
  out << text::terminalLine(howRun) << "\n";
  return out.str();
}

std::string classJson(const Lesson& lesson, const std::vector<StudentResult>& students,
                      const RunInfo& info, const fs::path& out) {
  using text::validUtf8;
  Json json;
  json["schema"] = "mazekit.grade/1";
  json["kit_version"] = kitVersion();
  json["lesson"] = {{"id", lesson.id}, {"number", lesson.number}, {"title", lesson.title}};
  json["max_score"] = maxPoints(lesson);
  json["sandboxed"] = info.sandboxed;
  json["strict"] = info.strict;
  json["limits"] = validUtf8(info.limits);
  json["out"] = validUtf8(out.string());
  json["steps"] = Json::array();
  for (const Step& step : lesson.steps) {
    json["steps"].push_back(
        {{"number", step.number}, {"id", step.id}, {"title", step.title}, {"points", step.points}});
  }
  json["students"] = Json::array();
  for (const auto& student : students) {
    Json row;
    row["name"] = validUtf8(student.name);
    row["folder"] = student.slug;
    row["score"] = scoreOf(student);
    row["error"] = validUtf8(student.error);
    row["strict_zero"] = student.strictZero;
    row["flags"] = Json::array();
    for (const auto& flag : student.flags) row["flags"].push_back(validUtf8(flag.text()));
    row["notes"] = Json::array();
    for (const auto& note : student.notes) row["notes"].push_back(validUtf8(note));
    row["steps"] = Json::array();
    for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
      const StepResult& result = student.step(k);
      row["steps"].push_back({{"id", lesson.steps[k].id},
                              {"outcome", std::string(run::outcomeName(result.verdict.outcome))},
                              {"score", result.score},
                              {"reason", validUtf8(result.verdict.reason)}});
    }
    json["students"].push_back(row);
  }
  return json.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

void writeReports(const Lesson& lesson, const std::vector<StudentResult>& students,
                  const RunInfo& info, const fs::path& out) {
  for (const auto& student : students) checkSlug(student.slug);
  for (const auto& student : students) {
    const fs::path folder = out / student.slug;
    fs::create_directories(folder);
    turtle::saveFileAtomically(folder / "results.json", resultsJson(lesson, student, info));
    turtle::saveFileAtomically(folder / "junit.xml", junitXml(lesson, student, info));
    if (!student.picture.empty())
      turtle::saveFileAtomically(folder / "picture.png", student.picture);
  }
  // The summary files last: when they are there, every student's files are too.
  turtle::saveFileAtomically(out / "class-report.json",
                             classReportJson(classReport(lesson, students)));
  turtle::saveFileAtomically(out / "report.html", reportHtml(lesson, students, info));
  turtle::saveFileAtomically(out / "grades.csv", gradesCsv(lesson, students, info));
}

}  // namespace mazekit::grade
