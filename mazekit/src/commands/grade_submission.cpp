// Finding submissions and taking from each only the lesson's declared files. Archives are
// unpacked by Debian's unzip and tar, in a child process with a file-size, CPU and wall-time
// limit, after their listing has been checked: no absolute paths, no `..`, no links or
// devices, no entry or total over the limits.
#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "grade/process.hpp"
#include "grade/submission.hpp"

namespace fs = std::filesystem;

namespace mazekit::grade {
namespace {

bool endsWith(const std::string& s, const std::string& end) {
  return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

std::vector<std::string> fields(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string f; in >> f;) out.push_back(f);
  return out;
}

std::string megabytes(std::size_t bytes) { return std::to_string(bytes >> 20) + " MB"; }

ProcessResult runTool(const std::vector<std::string>& argv, const fs::path& cwd,
                      const ArchiveLimits& limits) {
  Limits l;
  l.wallSeconds = limits.seconds;
  l.cpuSeconds = static_cast<long>(limits.seconds);
  l.fileBytes = limits.maxEntryBytes;
  l.outputBytes = 4u << 20;
  l.addressSpaceBytes = 1ull << 30;
  return runProcess(argv, cwd, {"LC_ALL=C"}, l);
}

void checkName(const std::string& name) {
  if (name.empty()) return;
  if (name.front() == '/' || name.front() == '\\' || (name.size() > 1 && name[1] == ':')) {
    throw SubmissionError("the archive has an entry with an absolute path, '" + name + "'; refused");
  }
  std::string part;
  for (const char c : name + "/") {
    if (c == '/' || c == '\\') {
      if (part == "..") {
        throw SubmissionError("the archive has an entry that climbs out of its folder, '" + name + "'; refused");
      }
      part.clear();
    } else {
      part += c;
    }
  }
}

// Checks an archive's listing, then unpacks it into `dest`.
void unpack(const Submission& submission, const fs::path& dest, const ArchiveLimits& limits) {
  const std::string archive = fs::absolute(submission.source).string();
  const bool zip = submission.kind == Submission::Kind::zip;
  const std::string tool = zip ? "/usr/bin/unzip" : "/usr/bin/tar";
  if (!fs::exists(tool)) {
    throw std::runtime_error(tool + " is not installed (Debian package " +
                             (zip ? "unzip" : "tar") + "); scripts/install-deps.sh installs it");
  }
  const auto names = runTool(zip ? std::vector<std::string>{tool, "-Z1", archive}
                                 : std::vector<std::string>{tool, "-tzf", archive}, dest, limits);
  const auto details = runTool(zip ? std::vector<std::string>{tool, "-Z", archive}
                                   : std::vector<std::string>{tool, "-tzvf", archive}, dest, limits);
  if (!names.exitedWith(0) || !details.exitedWith(0)) {
    std::string why = lines(names.output + details.output).empty() ? "" : lines(names.output + details.output).front();
    throw SubmissionError("cannot read the archive" + (why.empty() ? std::string() : ": " + why));
  }
  const auto nameLines = lines(names.output);
  if (nameLines.size() > limits.maxEntries) {
    throw SubmissionError("the archive has " + std::to_string(nameLines.size()) +
                          " entries; at most " + std::to_string(limits.maxEntries) + " are accepted");
  }
  for (const auto& name : nameLines) checkName(name);
  std::size_t total = 0;
  for (const auto& line : lines(details.output)) {
    const auto f = fields(line);
    // zip: "-rw-r--r--  3.0 unx   1234 tx defN 24-Jan-01 12:00 name"; tar: "-rw-r--r-- u/g 1234 ..."
    const bool entry = zip ? (f.size() >= 9 && f[0].size() >= 7 && std::string("-dlbcps?").find(f[0][0]) != std::string::npos && f[1].find('.') != std::string::npos)
                           : f.size() >= 5;
    if (!entry) continue;
    const char type = f[0][0];
    if (type != '-' && type != 'd') {
      throw SubmissionError(std::string("the archive holds a ") + (type == 'l' ? "symbolic link" : type == 'h' ? "hard link" : "special file") +
                            " ('" + line + "'); only plain files and folders are accepted");
    }
    const std::size_t sizeField = zip ? 3 : 2;
    std::size_t size = 0;
    try {
      size = std::stoull(f[sizeField]);
    } catch (const std::exception&) {
      throw SubmissionError("cannot read the archive's listing: '" + line + "'");
    }
    if (size > limits.maxEntryBytes) {
      throw SubmissionError("the archive has an entry of " + std::to_string(size) +
                            " bytes; at most " + megabytes(limits.maxEntryBytes) + " each are accepted");
    }
    total += size;
  }
  if (total > limits.maxTotalBytes) {
    throw SubmissionError("the archive unpacks to " + std::to_string(total) + " bytes; at most " +
                          megabytes(limits.maxTotalBytes) + " are accepted");
  }
  const auto unpacked = runTool(zip ? std::vector<std::string>{tool, "-qq", "-o", archive, "-d", dest.string()}
                                    : std::vector<std::string>{tool, "-xzf", archive, "-C", dest.string(), "--no-same-owner", "--no-same-permissions"},
                                dest, limits);
  if (unpacked.timedOut) throw SubmissionError("unpacking the archive took longer than " + std::to_string(static_cast<int>(limits.seconds)) + " s; refused");
  if (unpacked.signal != 0) throw SubmissionError("unpacking the archive stopped: " + describeSignal(unpacked.signal) + " (an entry over " + megabytes(limits.maxEntryBytes) + "?)");
  if (!unpacked.exitedWith(0)) {
    const auto l = lines(unpacked.output);
    throw SubmissionError("cannot unpack the archive" + (l.empty() ? std::string() : ": " + l.front()));
  }
}

struct Found {
  std::vector<fs::path> files;  // regular files, relative to the root
  std::vector<std::string> links;
};

Found walk(const fs::path& root, const ArchiveLimits& limits, bool fromArchive) {
  Found found;
  std::size_t total = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::none, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const auto status = it->symlink_status();
    const fs::path rel = fs::relative(it->path(), root);
    if (fs::is_symlink(status)) {
      if (fromArchive) throw SubmissionError("the archive unpacked a link, '" + rel.string() + "'; refused");
      found.links.push_back(rel.string());
      continue;
    }
    if (fs::is_directory(status)) {
      if (it->path().filename() == "__MACOSX" || it->path().filename() == ".git") it.disable_recursion_pending();
      continue;
    }
    if (!fs::is_regular_file(status)) continue;
    if (found.files.size() >= limits.maxEntries) {
      throw SubmissionError("the submission has more than " + std::to_string(limits.maxEntries) + " files; refused");
    }
    total += fs::file_size(it->path(), ec);
    if (total > limits.maxTotalBytes) {
      throw SubmissionError("the submission is larger than " + megabytes(limits.maxTotalBytes) + "; refused");
    }
    found.files.push_back(rel);
  }
  if (ec) throw SubmissionError("cannot read the submission's folder: " + ec.message());
  std::sort(found.files.begin(), found.files.end());
  return found;
}

// Does `rel` end with the components of `wanted`?
bool endsWithPath(const fs::path& rel, const fs::path& wanted) {
  std::vector<fs::path> a(rel.begin(), rel.end());
  std::vector<fs::path> b(wanted.begin(), wanted.end());
  if (b.size() > a.size()) return false;
  return std::equal(b.rbegin(), b.rend(), a.rbegin());
}

}  // namespace

std::vector<Submission> findSubmissions(const fs::path& folder, std::vector<std::string>& skipped) {
  std::vector<Submission> out;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string file = entry.path().filename().string();
    if (!file.empty() && file.front() == '.') continue;
    Submission s;
    s.source = entry.path();
    const auto status = entry.symlink_status();
    if (fs::is_directory(status)) {
      s.name = file;
      s.kind = Submission::Kind::folder;
    } else if (fs::is_regular_file(status) && endsWith(file, ".zip")) {
      s.name = file.substr(0, file.size() - 4);
      s.kind = Submission::Kind::zip;
    } else if (fs::is_regular_file(status) && (endsWith(file, ".tar.gz") || endsWith(file, ".tgz"))) {
      s.name = file.substr(0, file.size() - (endsWith(file, ".tgz") ? 4 : 7));
      s.kind = Submission::Kind::tarGz;
    } else {
      skipped.push_back(file + ": not a folder, .zip, .tar.gz or .tgz" +
                        (fs::is_symlink(status) ? " (links are not followed)" : ""));
      continue;
    }
    out.push_back(s);
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return a.name != b.name ? a.name < b.name : a.source < b.source;
  });
  return out;
}

PreparedCode prepareCode(const Submission& submission, const Lesson& lesson, const fs::path& work,
                         const fs::path& code, const ArchiveLimits& limits) {
  PreparedCode prepared;
  fs::path root = submission.source;
  if (submission.kind != Submission::Kind::folder) {
    root = work / "unpacked";
    fs::create_directories(root);
    unpack(submission, root, limits);
  }
  const Found found = walk(root, limits, submission.kind != Submission::Kind::folder);

  std::vector<fs::path> used;
  for (const auto& declared : lesson.files) {
    std::vector<fs::path> matches;
    for (const auto& rel : found.files) {
      if (endsWithPath(rel, declared)) matches.push_back(rel);
    }
    if (matches.empty()) {
      throw SubmissionError("no " + declared + " in the submission (it must hold the lesson's files: " + [&] {
        std::string all;
        for (const auto& f : lesson.files) all += (all.empty() ? "" : ", ") + f;
        return all;
      }() + ")");
    }
    std::stable_sort(matches.begin(), matches.end(), [](const fs::path& a, const fs::path& b) {
      return std::distance(a.begin(), a.end()) < std::distance(b.begin(), b.end());
    });
    const fs::path chosen = matches.front();
    if (matches.size() > 1) {
      prepared.notes.push_back("several " + declared + " files; used " + chosen.generic_string());
    }
    if (fs::file_size(root / chosen) > limits.maxEntryBytes) {
      throw SubmissionError(chosen.generic_string() + " is larger than " + megabytes(limits.maxEntryBytes) + "; refused");
    }
    fs::create_directories((code / declared).parent_path());
    fs::copy_file(root / chosen, code / declared, fs::copy_options::overwrite_existing);
    used.push_back(chosen);
  }

  // What was not used is reported: above all, tests and build files the student changed.
  std::map<std::string, fs::path> tests;
  for (const auto& step : lesson.steps) tests[step.test.filename().string()] = step.test;
  std::vector<std::string> ignored;
  for (const auto& rel : found.files) {
    if (std::find(used.begin(), used.end(), rel) != used.end()) continue;
    const std::string file = rel.filename().string();
    if (file == ".DS_Store") continue;
    if (const auto t = tests.find(file); t != tests.end()) {
      if (readFile(root / rel) != readFile(t->second)) {
        prepared.notes.push_back("edited test ignored: " + rel.generic_string() + " (graded with the lesson's own test)");
      }
      continue;
    }
    if (file == "CMakeLists.txt" || endsWith(file, ".cmake") || file == "CMakePresets.json") {
      prepared.notes.push_back("build file ignored: " + rel.generic_string() + " (graded with the kit's build)");
      continue;
    }
    ignored.push_back(rel.generic_string());
  }
  for (const auto& link : found.links) prepared.notes.push_back("link ignored: " + link);
  if (!ignored.empty()) {
    std::string list;
    for (std::size_t i = 0; i < ignored.size() && i < 8; ++i) list += (i ? ", " : "") + ignored[i];
    if (ignored.size() > 8) list += " and " + std::to_string(ignored.size() - 8) + " more";
    prepared.notes.push_back("not part of the lesson, ignored: " + list);
  }
  return prepared;
}

}  // namespace mazekit::grade
