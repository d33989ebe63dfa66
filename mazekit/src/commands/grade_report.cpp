// The grades written out: the terminal table, grades.csv, Gradescope's results.json, JUnit
// XML and an HTML report with each student's picture inlined, so that it opens from disk.
#include <iomanip>
#include <sstream>

#include <nlohmann/json.hpp>
#include <turtle/save_file.hpp>

#include "grade/grading.hpp"

namespace fs = std::filesystem;

namespace mazekit::grade {
namespace {

std::string xmlUnescape(std::string s) {
  static const std::pair<const char*, const char*> entities[] = {
      {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}};
  for (const auto& [from, to] : entities) {
    for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + 1)) {
      s.replace(at, std::string(from).size(), to);
    }
  }
  return s;
}

std::string escapeXml(const std::string& s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        // Control characters other than tab and newline are not allowed in XML 1.0.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') {
          out += '?';
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

std::string between(const std::string& s, std::size_t from, const std::string& open, const std::string& close) {
  const auto a = s.find(open, from);
  if (a == std::string::npos) return "";
  const auto b = s.find(close, a + open.size());
  if (b == std::string::npos) return "";
  return trim(xmlUnescape(s.substr(a + open.size(), b - a - open.size())));
}

std::string attribute(const std::string& s, std::size_t from, const std::string& name) {
  const auto end = s.find('>', from);
  const auto a = s.find(" " + name + "=\"", from);
  if (a == std::string::npos || a > end) return "";
  const auto start = a + name.size() + 3;
  return xmlUnescape(s.substr(start, s.find('"', start) - start));
}

std::string base64(const std::string& bytes) {
  static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8) | static_cast<unsigned char>(bytes[i + 2]);
    out += {digits[v >> 18], digits[(v >> 12) & 63], digits[(v >> 6) & 63], digits[v & 63]};
  }
  if (i + 1 == bytes.size()) {
    const unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
    out += {digits[v >> 18], digits[(v >> 12) & 63], '=', '='};
  } else if (i + 2 == bytes.size()) {
    const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8);
    out += {digits[v >> 18], digits[(v >> 12) & 63], digits[(v >> 6) & 63], '='};
  }
  return out;
}

std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (const char c : s) out += (c == '"') ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string stepName(const Step& step) {
  std::ostringstream name;
  name << "Step " << std::setw(2) << std::setfill('0') << step.number << ": " << step.title;
  return name.str();
}

}  // namespace

int maxPoints(const Lesson& lesson) {
  int total = 0;
  for (const auto& step : lesson.steps) total += step.points;
  return total;
}

CatchReport parseCatchXml(const std::string& xml) {
  CatchReport report;
  report.complete = xml.find("</Catch>") != std::string::npos;
  const std::string overall = "<OverallResult success=\"";
  for (auto at = xml.find(overall); at != std::string::npos; at = xml.find(overall, at + 1)) {
    ++report.finished;
    if (xml.compare(at + overall.size(), 4, "true") == 0) ++report.passed;
  }
  // The first failure: a failed expression, an exception, a fatal error, a FAIL().
  std::size_t first = std::string::npos;
  std::string kind;
  for (const std::string marker : {"<Expression success=\"false\"", "<Exception ", "<FatalErrorCondition ", "<Failure "}) {
    const auto at = xml.find(marker);
    if (at < first) {
      first = at;
      kind = marker;
    }
  }
  if (first != std::string::npos) {
    const std::string line = attribute(xml, first, "line");
    const std::string where = line.empty() ? "" : "test line " + line + ": ";
    if (kind.rfind("<Expression", 0) == 0) {
      report.firstFailure = where + attribute(xml, first, "type") + "( " + between(xml, first, "<Original>", "</Original>") +
                            " ), with values " + between(xml, first, "<Expanded>", "</Expanded>");
    } else {
      const std::string name = kind.substr(1, kind.size() - 2);
      const auto close = xml.find('>', first);
      const auto end = xml.find("</" + name + ">", close);
      const std::string message = (close == std::string::npos || end == std::string::npos) ? "" : trim(xmlUnescape(xml.substr(close + 1, end - close - 1)));
      report.firstFailure = where + (name == "Exception" ? "exception: " : name == "FatalErrorCondition" ? "fatal error: " : "") + message;
    }
    if (report.firstFailure.size() > 400) report.firstFailure = report.firstFailure.substr(0, 397) + "...";
    for (auto& c : report.firstFailure) {
      if (c == '\n') c = ' ';
    }
  }
  return report;
}

std::string formatTable(const Lesson& lesson, const std::vector<StudentResult>& students) {
  std::size_t width = 7;
  for (const auto& s : students) width = std::max(width, s.name.size());
  std::ostringstream out;
  out << "\n" << std::left << std::setw(static_cast<int>(width)) << "student" << "  ";
  for (const auto& step : lesson.steps) out << (step.number % 10);
  out << "  points\n";
  for (const auto& s : students) {
    out << std::left << std::setw(static_cast<int>(width)) << s.name << "  ";
    for (const auto& r : s.steps) {
      out << (r.passed ? '#' : r.status == "does not compile" ? 'C' : r.status == "timed out" ? 'T'
              : r.status == "crashed" ? 'X' : r.status == "ended early" ? 'E' : r.status == "too few tests" ? 'N'
              : r.status == "not graded" ? '-' : 'F');
    }
    out << "  " << s.total << "/" << maxPoints(lesson);
    if (!s.error.empty()) out << "  (" << s.error << ")";
    out << "\n";
  }
  out << "\n# passed  F failed a check  C does not compile  T timed out  X crashed  E ended early\n"
         "N ran fewer test cases than the step has  - not graded\n";
  return out.str();
}

void writeReports(const Lesson& lesson, const std::vector<StudentResult>& students, const fs::path& out) {
  const int max = maxPoints(lesson);
  std::ostringstream csv;
  csv << "student";
  for (const auto& step : lesson.steps) csv << "," << step.id;
  csv << ",total\n";
  for (const auto& s : students) {
    csv << csvField(s.name);
    for (const auto& r : s.steps) csv << "," << r.score;
    csv << "," << s.total << "\n";
  }

  for (const auto& s : students) {
    const fs::path dir = out / s.slug;
    fs::create_directories(dir);
    // Gradescope's results.json: a score per test and the total.
    nlohmann::ordered_json results;
    results["score"] = s.total;
    std::string output = "mazekit grade, lesson " + lesson.id + ": " + std::to_string(s.total) + " of " + std::to_string(max) + " points.";
    if (!s.error.empty()) output += "\nThe submission could not be graded: " + s.error;
    for (const auto& note : s.notes) output += "\n" + note;
    results["output"] = output;
    results["tests"] = nlohmann::json::array();
    std::ostringstream junit;
    int failures = 0;
    for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
      const auto& r = s.steps[k];
      if (!r.passed) ++failures;
      nlohmann::ordered_json test;
      test["name"] = stepName(lesson.steps[k]);
      test["number"] = std::to_string(lesson.steps[k].number);
      test["score"] = r.score;
      test["max_score"] = lesson.steps[k].points;
      test["status"] = r.passed ? "passed" : "failed";
      test["output"] = r.reason + (r.output.empty() ? "" : "\n\nThe program's output:\n" + r.output);
      test["visibility"] = "visible";
      results["tests"].push_back(test);
      junit << "    <testcase classname=\"" << escapeXml(lesson.id) << "\" name=\"" << escapeXml(stepName(lesson.steps[k])) << "\"";
      if (r.passed) {
        junit << "/>\n";
      } else {
        junit << ">\n      <failure type=\"" << escapeXml(r.status) << "\" message=\"" << escapeXml(r.reason) << "\">"
              << escapeXml(r.reason + (r.output.empty() ? "" : "\n" + r.output)) << "</failure>\n    </testcase>\n";
      }
    }
    turtle::saveFileAtomically(dir / "results.json", results.dump(2) + "\n");
    std::ostringstream junitFile;
    junitFile << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\""
              << escapeXml(s.name) << "\" tests=\"" << lesson.steps.size() << "\" failures=\"" << failures
              << "\" errors=\"0\">\n" << junit.str() << "  </testsuite>\n</testsuites>\n";
    turtle::saveFileAtomically(dir / "junit.xml", junitFile.str());
    if (!s.picture.empty()) turtle::saveFileAtomically(dir / "picture.png", s.picture);
  }

  std::ostringstream html;
  html << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Grades: "
       << escapeXml(lesson.title) << "</title>\n<style>\n"
          "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
          "td,th{border:1px solid #ccc;padding:4px 6px;vertical-align:top}"
          "td.ok{background:#c8f0c8}td.no{background:#f6c8c8}td.step{text-align:center;font-family:monospace}"
          "img{width:200px;height:200px;image-rendering:pixelated}.notes{font-size:90%;color:#555}\n"
          "</style>\n</head>\n<body>\n<h1>"
       << escapeXml(lesson.title) << "</h1>\n<p>" << students.size() << " submissions, " << max
       << " points in all. Hover over a step to see why it failed.</p>\n<table>\n<tr><th>student</th><th>points</th>";
  for (const auto& step : lesson.steps) html << "<th title=\"" << escapeXml(step.title) << "\">" << step.number << "</th>";
  html << "<th>picture</th></tr>\n";
  for (const auto& s : students) {
    html << "<tr><td><a href=\"" << escapeXml(s.slug) << "/results.json\">" << escapeXml(s.name) << "</a>";
    if (!s.error.empty()) html << "<div class=\"notes\">" << escapeXml(s.error) << "</div>";
    for (const auto& note : s.notes) html << "<div class=\"notes\">" << escapeXml(note) << "</div>";
    html << "</td><td>" << s.total << "/" << max << "</td>";
    for (const auto& r : s.steps) {
      html << "<td class=\"step " << (r.passed ? "ok" : "no") << "\" title=\"" << escapeXml(r.reason) << "\">"
           << (r.passed ? "&#10003;" : "&#10007;") << "</td>";
    }
    html << "<td>";
    if (!s.picture.empty()) {
      html << "<img alt=\"" << escapeXml(s.name) << " at step " << escapeXml(s.pictureStep) << "\" src=\"data:image/png;base64,"
           << base64(s.picture) << "\"><div class=\"notes\">" << escapeXml(s.pictureStep) << "</div>";
    } else {
      html << "no step passed";
    }
    html << "</td></tr>\n";
  }
  html << "</table>\n</body>\n</html>\n";

  // The summary files last: when they are there, every student's files are too.
  turtle::saveFileAtomically(out / "report.html", html.str());
  turtle::saveFileAtomically(out / "grades.csv", csv.str());
}

}  // namespace mazekit::grade
