// Where the class is stuck: the grades of one run summed up per step (class_report.hpp).
#include "grade/class_report.hpp"

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <map>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "common/files.hpp"
#include "kit/progress.hpp"
#include "kit/version.hpp"
#include "run/explain.hpp"
#include "run/text.hpp"

namespace mazekit::grade {
namespace {

using Json = nlohmann::ordered_json;
using run::Outcome;

/// A student's text for the class report: valid UTF-8, one line, at most classTextLimit bytes
/// (and "…" when cut).
std::string cut(const std::string& text) {
  std::string line = text::terminalLine(text);
  if (line.size() <= classTextLimit) return line;
  return text::cutUtf8(line, classTextLimit - 3) + "\xE2\x80\xA6";
}

/// "tests/step10_dig_east.cpp:13:11: 'class Maze' has no member named 'dig'" without its
/// place: "'class Maze' has no member named 'dig'".
std::string withoutPlace(const std::string& message) {
  static const std::regex place(R"(^[^\s:]+:\d+(:\d+)?:\s*)");
  return std::regex_replace(message, place, "", std::regex_constants::format_first_only);
}

std::string after(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0 ? text.substr(prefix.size()) : text;
}

std::string before(const std::string& text, const std::string& marker) {
  const auto at = text.find(marker);
  return at == std::string::npos ? text : text.substr(0, at);
}

/// What the reasons of students stopped alike share, and the kit's words for it.
RedReason groupOf(const run::Verdict& verdict) {
  RedReason group;
  group.outcome = std::string(run::outcomeName(verdict.outcome));
  const std::string& reason = verdict.reason;
  if (verdict.outcome == Outcome::doesNotCompile) {
    const std::string message = withoutPlace(after(reason, "does not compile: "));
    group.example = cut(message);
    if (const auto topic = run::compileErrorTopic(message)) {
      group.reason = *topic;
    } else {
      group.reason = group.example;
    }
    // The kit's words, which may quote a name from the student's message: cut longer.
    if (const auto explained = run::explainCompileError(message))
      group.explanation = text::cutUtf8(text::terminalLine(*explained), 4 * classTextLimit);
    return group;
  }
  // A failed check without the values it saw; a crash without the last check before it; a
  // test-writing step's count without its detail. The outcome's words are said once, apart.
  std::string shared = before(before(after(reason, group.outcome + ": "), ", with values"), "; ");
  group.reason = cut(shared);
  group.example = cut(reason);
  return group;
}

template <typename T>
void mostFirst(std::vector<T>& groups) {
  std::stable_sort(groups.begin(), groups.end(),
                   [](const T& a, const T& b) { return a.students.size() > b.students.size(); });
}

}  // namespace

namespace {

// For each student and step, the step where the student's run of red steps with the same reason
// began (the step itself when the run begins there, or the step passed).
std::vector<std::vector<std::size_t>> runStarts(const Lesson& lesson,
                                                const std::vector<StudentResult>& students) {
  std::vector<std::vector<std::size_t>> runFrom(students.size());
  for (std::size_t i = 0; i < students.size(); ++i) {
    std::string before;  // the reason at the step before ("" when passed)
    for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
      const StepResult& result = students[i].step(k);
      std::string key;
      if (!result.passed()) {
        const RedReason group = groupOf(result.verdict);
        key = group.outcome + "\n" + group.reason;
      }
      const bool same = k > 0 && !key.empty() && key == before;
      runFrom[i].push_back(same ? runFrom[i][k - 1] : k);
      before = std::move(key);
    }
  }
  return runFrom;
}

// Step k across the class: who passed, each red reason with its students (the reasons new at
// this step first), and each chaff missed with who missed it.
StepSummary stepSummary(const Lesson& lesson, std::size_t k,
                        const std::vector<StudentResult>& students,
                        const std::vector<std::vector<std::size_t>>& runFrom) {
  const Step& step = lesson.steps[k];
  StepSummary summary;
  summary.number = step.number;
  summary.id = step.id;
  summary.title = step.title;
  std::vector<std::size_t> since;  // per group: the latest start of its students' runs
  for (std::size_t i = 0; i < students.size(); ++i) {
    const StudentResult& student = students[i];
    const StepResult& result = student.step(k);
    if (result.passed()) {
      ++summary.passed;
    } else {
      RedReason group = groupOf(result.verdict);
      const auto same = std::find_if(
          summary.reasons.begin(), summary.reasons.end(), [&group](const RedReason& r) {
            return r.outcome == group.outcome && r.reason == group.reason;
          });
      const auto at = static_cast<std::size_t>(same - summary.reasons.begin());
      if (same == summary.reasons.end()) {
        summary.reasons.push_back(std::move(group));
        since.push_back(0);
      }
      summary.reasons[at].students.push_back(cut(student.name));
      since[at] = std::max(since[at], runFrom[i][k]);
    }
    for (const std::string& chaff : result.chaffsMissed) {
      const std::string says = cut(chaff);
      auto same = std::find_if(summary.chaffs.begin(), summary.chaffs.end(),
                               [&says](const MissedChaff& c) { return c.chaff == says; });
      if (same == summary.chaffs.end())
        same = summary.chaffs.insert(summary.chaffs.end(), {says, {}});
      same->students.push_back(cut(student.name));
    }
  }
  for (std::size_t g = 0; g < summary.reasons.size(); ++g) {
    if (since[g] < k) summary.reasons[g].sinceStep = lesson.steps[since[g]].number;
  }
  mostFirst(summary.reasons);
  // The reasons new at this step first: where the class is stuck here.
  std::stable_partition(summary.reasons.begin(), summary.reasons.end(),
                        [](const RedReason& r) { return r.sinceStep == 0; });
  mostFirst(summary.chaffs);
  return summary;
}

// Each student's first red step and its reason, the earliest first (all green last).
std::vector<Stopped> stoppedEarliest(const Lesson& lesson,
                                     const std::vector<StudentResult>& students) {
  std::vector<Stopped> stopped;
  for (const StudentResult& student : students) {
    Stopped s{cut(student.name), student.slug, 0, ""};
    for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
      const StepResult& result = student.step(k);
      if (!result.passed()) {
        s.step = lesson.steps[k].number;
        s.reason = cut(result.verdict.reason);
        break;
      }
    }
    stopped.push_back(s);
  }
  const int never = static_cast<int>(lesson.steps.size()) + 1;
  std::stable_sort(stopped.begin(), stopped.end(), [never](const Stopped& a, const Stopped& b) {
    const int x = a.step == 0 ? never : a.step;
    const int y = b.step == 0 ? never : b.step;
    return x != y ? x < y : a.name < b.name;
  });
  return stopped;
}

}  // namespace

ClassReport classReport(const Lesson& lesson, const std::vector<StudentResult>& students) {
  ClassReport report;
  report.lessonId = lesson.id;
  report.lessonNumber = lesson.number;
  report.lessonTitle = lesson.title;
  report.students = static_cast<int>(students.size());
  const std::vector<std::vector<std::size_t>> runFrom = runStarts(lesson, students);
  for (std::size_t k = 0; k < lesson.steps.size(); ++k)
    report.steps.push_back(stepSummary(lesson, k, students, runFrom));
  report.stoppedEarliest = stoppedEarliest(lesson, students);
  return report;
}

std::string classReportJson(const ClassReport& report) {
  Json json;
  json["schema"] = "mazekit.class-report/1";
  json["kit_version"] = kitVersion();
  json["lesson"] = {
      {"id", report.lessonId}, {"number", report.lessonNumber}, {"title", report.lessonTitle}};
  json["students"] = report.students;
  json["steps"] = Json::array();
  for (const StepSummary& step : report.steps) {
    Json row = {{"number", step.number},
                {"id", step.id},
                {"title", step.title},
                {"passed", step.passed},
                {"red", report.students - step.passed}};
    row["reasons"] = Json::array();
    for (const RedReason& r : step.reasons) {
      row["reasons"].push_back(
          {{"outcome", r.outcome},
           {"reason", r.reason},
           {"example", r.example},
           {"explanation", r.explanation.empty() ? Json(nullptr) : Json(r.explanation)},
           {"count", r.students.size()},
           {"students", r.students},
           {"since_step", r.sinceStep == 0 ? Json(nullptr) : Json(r.sinceStep)}});
    }
    row["chaffs_missed"] = Json::array();
    for (const MissedChaff& c : step.chaffs) {
      row["chaffs_missed"].push_back(
          {{"chaff", c.chaff}, {"count", c.students.size()}, {"students", c.students}});
    }
    json["steps"].push_back(row);
  }
  json["stopped_earliest"] = Json::array();
  for (const Stopped& s : report.stoppedEarliest) {
    json["stopped_earliest"].push_back({{"name", s.name},
                                        {"folder", s.folder},
                                        {"step", s.step == 0 ? Json(nullptr) : Json(s.step)},
                                        {"reason", s.reason}});
  }
  return json.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string classReportStyle() {
  return ".class td{vertical-align:middle}.bar{width:240px;height:14px;background:#f6c8c8;"
         "border:1px solid #999;display:inline-block;vertical-align:middle}"
         ".bar>span{display:block;height:100%;background:#3a3}.count{font-family:monospace;"
         "padding-left:6px}.why{margin:0;padding-left:1.2em}.why li{margin:2px 0}.why "
         "li.since{color:#666}"
         ".who{font-size:85%;color:#555}.means{font-size:90%;color:#225}.passed{white-space:nowrap}"
         "code.said{font-size:85%}";
}

namespace {

/// At most `most` names, then "and N more".
std::string namesOf(const std::vector<std::string>& names, std::size_t most = 6) {
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < most; ++i)
    out += (i == 0 ? "" : ", ") + text::htmlText(names[i]);
  if (names.size() > most) out += " and " + std::to_string(names.size() - most) + " more";
  return out;
}

}  // namespace

// The class report's page, written top to bottom as it reads: long because the page is.
std::string classReportHtml(const ClassReport& report, std::size_t earliest) {
  using text::htmlText;
  // The compile errors' topics and explanations, each once, in the order first shown.
  std::vector<std::pair<std::string, std::string>> meanings;
  for (const StepSummary& step : report.steps) {
    for (std::size_t i = 0; i < step.reasons.size() && i < 3; ++i) {
      const RedReason& r = step.reasons[i];
      const bool known = std::any_of(meanings.begin(), meanings.end(),
                                     [&r](const auto& m) { return m.first == r.reason; });
      if (!r.explanation.empty() && !known) meanings.emplace_back(r.reason, r.explanation);
    }
  }
  const auto explained = [&meanings](const std::string& topic) {
    return std::find_if(meanings.begin(), meanings.end(),
                        [&topic](const auto& m) { return m.first == topic; }) -
           meanings.begin();
  };
  // The chaffs' column only when some step's tests missed one.
  const bool chaffs = std::any_of(report.steps.begin(), report.steps.end(),
                                  [](const StepSummary& step) { return !step.chaffs.empty(); });
  std::ostringstream html;
  html << "<section id=\"class\">\n<h2>Where the class is stuck</h2>\n<p>Per step: how many of the "
       << report.students
       << " students passed it (green), the most common reasons for RED, and in a test-writing "
          "step the chaffs their tests missed.</p>\n"
          "<table class=\"class\">\n<tr><th>step</th><th>passed</th><th>why RED (students)</th>"
       << (chaffs ? "<th>chaffs missed (students)</th>" : "") << "</tr>\n";
  for (const StepSummary& step : report.steps) {
    const double share = report.students == 0 ? 0.0 : 100.0 * step.passed / report.students;
    std::ostringstream width;
    width << std::fixed << std::setprecision(1) << share;
    html << "<tr id=\"step-" << step.number << "\"><td>" << step.number << ". "
         << htmlText(step.title)
         << "</td><td class=\"passed\"><span class=\"bar\" role=\"img\" aria-label=\""
         << step.passed << " of " << report.students
         << " passed\"><span style=\"width:" << width.str()
         << "%\"></span></span><span class=\"count\">" << step.passed << " of " << report.students
         << "</span></td><td>";
    if (!step.reasons.empty()) {
      // The reasons new at this step, then in one line the students RED for the same reason
      // as at an earlier step (the JSON keeps each group).
      std::size_t shown = 0, fresh = 0;
      std::vector<std::string> carried;
      html << "<ul class=\"why\">";
      for (const RedReason& r : step.reasons) {
        if (r.sinceStep != 0) {
          carried.insert(carried.end(), r.students.begin(), r.students.end());
          continue;
        }
        ++fresh;
        if (shown == 3) continue;
        ++shown;
        // The first student's own words: under a compile error's topic, and on hover.
        html << "<li title=\"" << htmlText(r.example) << "\"><b>" << r.students.size() << "</b> "
             << htmlText(r.outcome) << ": " << htmlText(r.reason);
        if (!r.explanation.empty()) {
          html << " <a href=\"#means-" << explained(r.reason) << "\">(what it means)</a>"
               << " <code class=\"said\">" << htmlText(r.example) << "</code>";
        }
        html << "<div class=\"who\">" << namesOf(r.students) << "</div></li>";
      }
      if (fresh > shown) html << "<li class=\"who\">and " << fresh - shown << " other reasons</li>";
      if (!carried.empty()) {
        html << "<li class=\"since\"><b>" << carried.size() << "</b> RED for the same reason as at "
             << "an earlier step<div class=\"who\">" << namesOf(carried) << "</div></li>";
      }
      html << "</ul>";
    }
    html << "</td>";
    if (chaffs) html << "<td>";
    if (!step.chaffs.empty()) {
      html << "<ul class=\"why\">";
      for (const MissedChaff& c : step.chaffs) {
        html << "<li><b>" << c.students.size() << "</b> " << htmlText(c.chaff)
             << "<div class=\"who\">" << namesOf(c.students) << "</div></li>";
      }
      html << "</ul>";
    }
    html << (chaffs ? "</td>" : "") << "</tr>\n";
  }
  html << "</table>\n";
  // Each compile error's explanation once, as the students read it under their error.
  if (!meanings.empty()) {
    html << "<h3>What the compile errors mean</h3>\n<dl class=\"means\">";
    for (std::size_t i = 0; i < meanings.size(); ++i) {
      html << "<dt id=\"means-" << i << "\">" << htmlText(meanings[i].first) << "</dt><dd>"
           << htmlText(meanings[i].second) << "</dd>";
    }
    html << "</dl>\n";
  }
  html << "<h3>Stopped earliest</h3>\n<ol class=\"earliest\">";
  for (std::size_t i = 0; i < report.stoppedEarliest.size() && i < earliest; ++i) {
    const Stopped& s = report.stoppedEarliest[i];
    html << "<li>" << htmlText(s.name) << ": ";
    if (s.step == 0) {
      html << "every step passed";
    } else {
      html << "step " << s.step << " <span class=\"who\">" << htmlText(s.reason) << "</span>";
    }
    html << "</li>";
  }
  html << "</ol>\n<p class=\"notes\">The same as JSON: <a href=\"./class-report.json\">"
          "class-report.json</a>.</p>\n</section>\n";
  return html.str();
}

std::vector<StudentResult> fromProgressFiles(const Lesson& lesson,
                                             const std::vector<std::filesystem::path>& files) {
  namespace fs = std::filesystem;
  constexpr std::uintmax_t largest = 1 << 20;
  std::vector<StudentResult> students;
  for (const fs::path& file : files) {
    StudentResult student;
    const std::string stem = file.stem().string();
    student.name =
        !stem.empty() && stem.front() != '.' ? stem : file.parent_path().filename().string();
    if (student.name.empty()) student.name = file.string();
    for (char c : student.name) {
      const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                         (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
      student.slug += plain ? c : '_';
    }
    State state;
    try {
      std::error_code error;
      const std::uintmax_t size = fs::file_size(file, error);
      if (error) throw std::runtime_error("cannot read it: " + error.message());
      if (size > largest) {
        throw std::runtime_error("it is " + std::to_string(size) +
                                 " bytes, larger than a progress file can be (1 MB)");
      }
      const std::string text = common::readFile(file);
      const auto json = nlohmann::json::parse(text, nullptr, false);
      if (json.is_discarded()) throw std::runtime_error("it is not JSON");
      state = stateFromJson(json);
    } catch (const std::exception& error) {
      student.error = "not a progress file: " + std::string(error.what());
    }
    const auto lessonPassed = state.passed.find(lesson.id);
    for (const Step& step : lesson.steps) {
      StepResult result;
      const bool passed =
          lessonPassed != state.passed.end() && lessonPassed->second.count(step.id) != 0;
      if (!student.error.empty()) {
        result.verdict = {Outcome::notGraded, "not graded: " + student.error};
      } else if (passed) {
        result.verdict = {Outcome::passed, "passed"};
        result.score = step.points;
        student.total += step.points;
      } else {
        result.verdict = {Outcome::notGraded, "not passed yet"};
      }
      student.steps.push_back(result);
    }
    students.push_back(std::move(student));
  }
  return students;
}

std::string classReportPage(const ClassReport& report, const std::string& source) {
  using text::htmlText;
  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
          "style-src 'unsafe-inline'\">\n<title>Where the class is stuck: "
       << htmlText(report.lessonTitle)
       << "</title>\n<style>\nbody{font-family:sans-serif;margin:2em}table{border-collapse:"
          "collapse}td,th{border:1px solid #ccc;padding:4px 6px;vertical-align:top}"
          ".notes{font-size:90%;color:#555}"
       << classReportStyle() << "\n</style>\n</head>\n<body>\n<h1>Lesson " << report.lessonNumber
       << ": " << htmlText(report.lessonTitle) << "</h1>\n<p class=\"notes\">" << htmlText(source)
       << "</p>\n"
       << classReportHtml(report) << "<p class=\"notes\">mazekit " << kitVersion()
       << ".</p>\n</body>\n</html>\n";
  return html.str();
}

}  // namespace mazekit::grade
