// Taking a submission in (mazekit/src/grade/submission.cpp): what `mazekit grade` takes from
// a careless student (a Maze.hpp, a maze.hpp.txt, a zip made on Windows or by Python, a
// project folder with its IDE's build folders, a file saved as UTF-16 or Latin-1) and what it
// refuses from a hostile one (links, FIFOs, absolute paths and "..", zip bombs, directories
// that lie about sizes, corrupt archives, 25,000 nested folders). Every archive is made here,
// by libarchive's writer or byte by byte, in a temporary folder removed afterwards.
#include <catch2/catch.hpp>

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <clocale>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "grade/submission.hpp"

namespace fs = std::filesystem;
using namespace mazekit;
using namespace mazekit::grade;
using Catch::Contains;
using Catch::VectorContains;

namespace {

const std::string lessonTestText =
    "// Digging east opens the wall between a cell and its east neighbour.\n"
    "#include \"maze.hpp\"\nTEST_CASE(\"dig east\") { REQUIRE(true); }\n";
const std::string mazeText = "#pragma once\nstruct Maze {};\n";

void writeFile(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

/// Every file and folder under `root`, relative, sorted.
std::set<std::string> treeOf(const fs::path& root) {
  std::set<std::string> out;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
       ++it) {
    out.insert(fs::relative(it->path(), root).generic_string());
  }
  return out;
}

/// A folder of its own under the system's temporary folder, removed with all it holds.
class TempFolder {
 public:
  TempFolder() {
    std::random_device random;
    path_ = fs::temp_directory_path() /
            ("mazekit-intake-" + std::to_string(::getpid()) + "-" + std::to_string(random()));
    fs::create_directories(path_);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  ~TempFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

/// A lesson built by hand: one declared file, maze.hpp, and step 10 whose test lives in
/// the temporary folder. Each SECTION gets a fresh one.
struct Intake {
  TempFolder temp;
  Lesson lesson;
  fs::path code = temp.path() / "code";
  fs::path lessonTest = temp.path() / "lesson" / "tests" / "step10_dig_east.cpp";

  Intake() {
    writeFile(lessonTest, lessonTestText);
    lesson.number = 2;
    lesson.id = "02-building-the-maze";
    lesson.files = {"maze.hpp"};
    Step step;
    step.number = 10;
    step.id = "10-dig-east";
    step.test = lessonTest;
    lesson.steps.push_back(step);
  }

  fs::path at(const std::string& relative) const { return temp.path() / relative; }

  PreparedCode prepare(const fs::path& source, Submission::Kind kind,
                       const IntakeLimits& limits = {}) {
    Submission submission;
    submission.name = source.stem().string();
    submission.source = source;
    submission.kind = kind;
    return prepareCode(submission, lesson, code, limits);
  }
  PreparedCode folder(const std::string& name, const IntakeLimits& limits = {}) {
    return prepare(at(name), Submission::Kind::folder, limits);
  }
  PreparedCode zip(const std::string& name, const IntakeLimits& limits = {}) {
    return prepare(at(name), Submission::Kind::zip, limits);
  }
  PreparedCode tarGz(const std::string& name, const IntakeLimits& limits = {}) {
    return prepare(at(name), Submission::Kind::tarGz, limits);
  }
  std::string taken() const { return readFile(code / "maze.hpp"); }
};

// ---- Archives made by libarchive's writer ----

struct Item {
  std::string path;
  std::string data;
  unsigned type = AE_IFREG;
  std::string link;  ///< symbolic link's target
  std::string hard;  ///< hard link's target
};

Item file(const std::string& path, const std::string& data = mazeText) {
  Item item;
  item.path = path;
  item.data = data;
  return item;
}
Item folder(const std::string& path) {
  Item item;
  item.path = path;
  item.type = AE_IFDIR;
  return item;
}
Item symbolicLink(const std::string& path, const std::string& target) {
  Item item;
  item.path = path;
  item.type = AE_IFLNK;
  item.link = target;
  return item;
}
Item hardLink(const std::string& path, const std::string& target) {
  Item item;
  item.path = path;
  item.hard = target;
  return item;
}
/// A FIFO (AE_IFIFO) or a device (AE_IFCHR, AE_IFBLK).
Item special(const std::string& path, unsigned type) {
  Item item;
  item.path = path;
  item.type = type;
  return item;
}

struct ArchiveWriteFree {
  void operator()(archive* writer) const noexcept { archive_write_free(writer); }
};

enum class Format { zip, tarGz };

void writeArchive(const fs::path& target, Format format, const std::vector<Item>& items) {
  const std::unique_ptr<archive, ArchiveWriteFree> writer(archive_write_new());
  if (format == Format::zip) {
    REQUIRE(archive_write_set_format_zip(writer.get()) == ARCHIVE_OK);
  } else {
    REQUIRE(archive_write_set_format_pax_restricted(writer.get()) == ARCHIVE_OK);
    REQUIRE(archive_write_add_filter_gzip(writer.get()) == ARCHIVE_OK);
  }
  REQUIRE(archive_write_open_filename(writer.get(), target.c_str()) == ARCHIVE_OK);
  for (const auto& item : items) {
    archive_entry* entry = archive_entry_new();
    archive_entry_set_pathname(entry, item.path.c_str());
    archive_entry_set_mode(entry, item.type | (item.type == AE_IFDIR ? 0755 : 0644));
    if (!item.link.empty()) archive_entry_set_symlink(entry, item.link.c_str());
    if (!item.hard.empty()) archive_entry_set_hardlink(entry, item.hard.c_str());
    archive_entry_set_size(entry, static_cast<la_int64_t>(item.data.size()));
    // A Latin-1 name gives ARCHIVE_WARN ("cannot translate to UTF-8") and is stored as bytes.
    REQUIRE(archive_write_header(writer.get(), entry) >= ARCHIVE_WARN);
    if (!item.data.empty()) {
      REQUIRE(archive_write_data(writer.get(), item.data.data(), item.data.size()) ==
              static_cast<la_ssize_t>(item.data.size()));
    }
    archive_entry_free(entry);
  }
  REQUIRE(archive_write_close(writer.get()) == ARCHIVE_OK);
}

// ---- Zips made byte by byte: what libarchive's writer refuses to make ----

void put16(std::string& out, std::uint32_t value) {
  out += static_cast<char>(value & 0xff);
  out += static_cast<char>((value >> 8) & 0xff);
}
void put32(std::string& out, std::uint32_t value) {
  put16(out, value & 0xffff);
  put16(out, value >> 16);
}
std::uint32_t get32(const std::string& in, std::size_t at) {
  std::uint32_t value = 0;
  for (int i = 3; i >= 0; --i)
    value = (value << 8) | static_cast<unsigned char>(in[at + static_cast<std::size_t>(i)]);
  return value;
}
void set32(std::string& bytes, std::size_t at, std::uint32_t value) {
  std::string field;
  put32(field, value);
  bytes.replace(at, 4, field);
}

struct RawEntry {
  std::string name;
  std::string data;
  std::uint32_t externalAttributes = 0;  ///< Python's zipfile.ZipInfo leaves it 0: no type
  std::uint16_t madeBy = 3 << 8;         ///< 3: Unix; 0: MS-DOS/Windows
  std::uint16_t flags = 0;               ///< 0x800: the name is UTF-8
};

/// A stored (uncompressed) zip: per entry a local header and the bytes, then the central
/// directory and its end record, each field as the zip specification lays it out.
std::string rawZip(const std::vector<RawEntry>& entries) {
  std::string out, directory;
  for (const auto& e : entries) {
    const auto crc = static_cast<std::uint32_t>(
        crc32(0, reinterpret_cast<const Bytef*>(e.data.data()), static_cast<uInt>(e.data.size())));
    const auto size = static_cast<std::uint32_t>(e.data.size());
    const auto offset = static_cast<std::uint32_t>(out.size());
    put32(out, 0x04034b50);  // local file header
    put16(out, 20);          // version needed: 2.0
    put16(out, e.flags);
    put16(out, 0);     // stored
    put16(out, 0);     // time
    put16(out, 0x21);  // date: 1980-01-01
    put32(out, crc);
    put32(out, size);  // compressed
    put32(out, size);  // uncompressed
    put16(out, static_cast<std::uint16_t>(e.name.size()));
    put16(out, 0);  // extra field
    out += e.name + e.data;
    put32(directory, 0x02014b50);  // central directory header
    put16(directory, e.madeBy | 20);
    put16(directory, 20);
    put16(directory, e.flags);
    put16(directory, 0);
    put16(directory, 0);
    put16(directory, 0x21);
    put32(directory, crc);
    put32(directory, size);
    put32(directory, size);
    put16(directory, static_cast<std::uint16_t>(e.name.size()));
    put16(directory, 0);  // extra field
    put16(directory, 0);  // comment
    put16(directory, 0);  // disk
    put16(directory, 0);  // internal attributes
    put32(directory, e.externalAttributes);
    put32(directory, offset);
    directory += e.name;
  }
  const auto directoryOffset = static_cast<std::uint32_t>(out.size());
  out += directory;
  put32(out, 0x06054b50);  // end of central directory
  put16(out, 0);
  put16(out, 0);
  put16(out, static_cast<std::uint16_t>(entries.size()));
  put16(out, static_cast<std::uint16_t>(entries.size()));
  put32(out, static_cast<std::uint32_t>(directory.size()));
  put32(out, directoryOffset);
  put16(out, 0);
  return out;
}

/// Makes every size field of a zip's only entry claim `claimed` uncompressed bytes: the
/// local header, the data descriptor if there is one, and the central directory.
void claimUncompressedSize(std::string& zip, std::uint32_t claimed) {
  const auto find = [&](const char* signature) { return zip.find(std::string(signature, 4)); };
  const auto local = find("PK\3\4");
  const auto descriptor = find("PK\7\10");
  const auto central = find("PK\1\2");
  REQUIRE(local != std::string::npos);
  REQUIRE(central != std::string::npos);
  if (get32(zip, local + 22) != 0) set32(zip, local + 22, claimed);
  if (descriptor != std::string::npos) set32(zip, descriptor + 12, claimed);
  set32(zip, central + 24, claimed);
}

/// The file type libarchive's reader reports for a zip's first entry.
unsigned firstEntryType(const std::string& zip) {
  struct ReadFree {
    void operator()(archive* reader) const noexcept { archive_read_free(reader); }
  };
  const std::unique_ptr<archive, ReadFree> reader(archive_read_new());
  archive_read_support_format_zip(reader.get());
  REQUIRE(archive_read_open_memory(reader.get(), zip.data(), zip.size()) == ARCHIVE_OK);
  archive_entry* entry = nullptr;
  REQUIRE(archive_read_next_header(reader.get(), &entry) == ARCHIVE_OK);
  return archive_entry_filetype(entry);
}

// ---- Deep folders ----

/// top/a/a/a/...: `depth` folders, made one at a time relative to the last (a path of
/// 25,000 parts is far longer than the system allows in one call).
void makeNestedFolders(const fs::path& top, int depth) {
  int folder = ::open(top.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  int made = 0;
  for (int i = 0; i < depth && folder >= 0; ++i) {
    made += ::mkdirat(folder, "a", 0755) == 0 ? 1 : 0;
    const int next = ::openat(folder, "a", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    ::close(folder);
    folder = next;
  }
  if (folder >= 0) ::close(folder);
  REQUIRE(made == depth);
}

/// Removes top/a/a/... when it goes out of scope, even after a failed REQUIRE:
/// std::filesystem::remove_all would build paths too long to use, so the second level is
/// lifted up to replace the first, until none is left.
class NestedFoldersRemover {
 public:
  explicit NestedFoldersRemover(fs::path top) : top_(std::move(top)) {}
  NestedFoldersRemover(const NestedFoldersRemover&) = delete;
  NestedFoldersRemover& operator=(const NestedFoldersRemover&) = delete;
  ~NestedFoldersRemover() {
    const int folder = ::open(top_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0) return;
    bool removing = true;
    while (removing && ::faccessat(folder, "a", F_OK, AT_SYMLINK_NOFOLLOW) == 0) {
      if (::renameat(folder, "a/a", folder, "lifted") == 0) {
        removing = ::unlinkat(folder, "a", AT_REMOVEDIR) == 0 &&
                   ::renameat(folder, "lifted", folder, "a") == 0;
      } else {
        removing = ::unlinkat(folder, "a", AT_REMOVEDIR) == 0;
      }
    }
    ::close(folder);
  }

 private:
  fs::path top_;
};

}  // namespace

// ---- Finding the submissions ----

TEST_CASE("findSubmissions lists folders, zips and tarballs by name and says what it skipped",
          "[mazekit][intake]") {
  TempFolder temp;
  const fs::path& in = temp.path();
  fs::create_directories(in / "alice");
  fs::create_directories(in / "bob");
  writeFile(in / "bob.zip", "");
  writeFile(in / "carol.tar.gz", "");
  writeFile(in / "dave.tgz", "");
  writeFile(in / "Eve.ZIP", "");
  fs::create_directories(in / ".hidden");
  writeFile(in / ".DS_Store", "");
  writeFile(in / "notes.txt", "");
  fs::create_directory_symlink(in / "alice", in / "mallory");
  fs::create_symlink(in / "bob.zip", in / "trent.zip");

  std::vector<std::string> skipped;
  const auto found = findSubmissions(in, skipped);
  std::vector<std::string> names, files;
  for (const auto& s : found) {
    names.push_back(s.name);
    files.push_back(s.source.filename().string());
  }
  // Byte order: upper case first; the same name, by path.
  CHECK(names == std::vector<std::string>{"Eve", "alice", "bob", "bob", "carol", "dave"});
  CHECK(files ==
        std::vector<std::string>{"Eve.ZIP", "alice", "bob", "bob.zip", "carol.tar.gz", "dave.tgz"});
  CHECK(found[0].kind == Submission::Kind::zip);
  CHECK(found[1].kind == Submission::Kind::folder);
  CHECK(found[4].kind == Submission::Kind::tarGz);
  CHECK(found[5].kind == Submission::Kind::tarGz);
  CHECK_THAT(skipped,
             VectorContains(std::string(".hidden: hidden (its name starts with '.'), not read")));
  CHECK_THAT(skipped,
             VectorContains(std::string(".DS_Store: hidden (its name starts with '.'), not read")));
  CHECK_THAT(skipped,
             VectorContains(std::string("notes.txt: not a folder, .zip, .tar.gz or .tgz")));
  CHECK_THAT(skipped,
             VectorContains(std::string(
                 "mallory: not a folder, .zip, .tar.gz or .tgz (links are not followed)")));
  CHECK_THAT(skipped,
             VectorContains(std::string(
                 "trent.zip: not a folder, .zip, .tar.gz or .tgz (links are not followed)")));
  CHECK(skipped.size() == 5);
}

// ---- Folders ----

TEST_CASE("a folder's maze.hpp is written into code, and nothing else is", "[mazekit][intake]") {
  Intake intake;
  writeFile(intake.at("alice/maze.hpp"), mazeText);
  writeFile(intake.at("alice/main.cpp"), "int main() {}\n");
  const auto prepared = intake.folder("alice");
  CHECK(intake.taken() == mazeText);
  CHECK(treeOf(intake.code) == std::set<std::string>{"maze.hpp"});  // no temporary file left
  CHECK(prepared.notes == std::vector<std::string>{"not part of the lesson, ignored: main.cpp"});
}

TEST_CASE("a careless student's maze.hpp is found by its file name, with a note",
          "[mazekit][intake]") {
  Intake intake;
  SECTION("in a subfolder") {
    writeFile(intake.at("alice/project/src/maze.hpp"), mazeText);
    const auto prepared = intake.folder("alice");
    CHECK(intake.taken() == mazeText);
    CHECK_THAT(prepared.notes,
               VectorContains(std::string("took project/src/maze.hpp as maze.hpp")));
  }
  SECTION("in another case") {
    writeFile(intake.at("alice/Maze.hpp"), mazeText);
    const auto prepared = intake.folder("alice");
    CHECK(intake.taken() == mazeText);
    CHECK(prepared.notes ==
          std::vector<std::string>{
              "took Maze.hpp as maze.hpp (names are case-sensitive: call it maze.hpp)"});
  }
  SECTION("with an extra .txt, in any case") {
    writeFile(intake.at("alice/src/MAZE.HPP.TXT"), mazeText);
    const auto prepared = intake.folder("alice");
    CHECK(intake.taken() == mazeText);
    CHECK(prepared.notes ==
          std::vector<std::string>{
              "took src/MAZE.HPP.TXT as maze.hpp (drop the .txt: call it maze.hpp)"});
  }
  SECTION("an exact name is taken before one in another case, which is then not used") {
    writeFile(intake.at("alice/maze.hpp"), mazeText);
    writeFile(intake.at("alice/old/Maze.hpp"), "old\n");
    writeFile(intake.at("alice/maze.hpp.txt"), "older\n");
    const auto prepared = intake.folder("alice");
    CHECK(intake.taken() == mazeText);
    CHECK(prepared.notes ==
          std::vector<std::string>{"not part of the lesson, ignored: maze.hpp.txt, old/Maze.hpp"});
  }
}

TEST_CASE("two files that could be maze.hpp are refused, naming both", "[mazekit][intake]") {
  Intake intake;
  SECTION("two exact names") {
    writeFile(intake.at("alice/a/maze.hpp"), mazeText);
    writeFile(intake.at("alice/b/maze.hpp"), mazeText);
    REQUIRE_THROWS_WITH(intake.folder("alice"),
                        "two files could be maze.hpp: a/maze.hpp, b/maze.hpp; hand in only one, as "
                        "02-building-the-maze/maze.hpp (mazekit submit 2 makes that zip)");
  }
  SECTION("two names in another case, when no exact name exists") {
    writeFile(intake.at("alice/Maze.hpp"), mazeText);
    writeFile(intake.at("alice/MAZE.hpp"), mazeText);
    writeFile(intake.at("alice/src/maze.HPP"), mazeText);
    REQUIRE_THROWS_WITH(
        intake.folder("alice"),
        "three files could be maze.hpp: MAZE.hpp, Maze.hpp, src/maze.HPP; hand in only one, "
        "as 02-building-the-maze/maze.hpp (mazekit submit 2 makes that zip)");
  }
  CHECK_FALSE(fs::exists(intake.code / "maze.hpp"));
}

TEST_CASE("the whole exercises folder: the maze.hpp of the lesson's own folder is taken",
          "[mazekit][intake][careless]") {
  Intake intake;
  writeFile(intake.at("alice/exercises/01-turtle-warmup/warmup.hpp"), "// lesson 1\n");
  writeFile(intake.at("alice/exercises/02-building-the-maze/maze.hpp"), mazeText);
  writeFile(intake.at("alice/exercises/03-drawing-the-maze/maze.hpp"), "// lesson 3\n");
  writeFile(intake.at("alice/exercises/04-walls/maze.hpp"), "// lesson 4\n");
  CHECK(intake.folder("alice").notes ==
        std::vector<std::string>{"took the lesson's files from exercises/02-building-the-maze/ "
                                 "(3 other files in the submission not graded)"});
  CHECK(intake.taken() == mazeText);
  // One at the lesson folder's top is the one; another below it is listed, not taken.
  writeFile(intake.at("alice/exercises/02-building-the-maze/old/maze.hpp"), "// old\n");
  CHECK_THAT(intake.folder("alice").notes,
             VectorContains(std::string(
                 "not part of the lesson, ignored: exercises/02-building-the-maze/old/maze.hpp")));
  CHECK(intake.taken() == mazeText);
  // Two below it are still two.
  fs::remove(intake.at("alice/exercises/02-building-the-maze/maze.hpp"));
  writeFile(intake.at("alice/exercises/02-building-the-maze/new/maze.hpp"), "// new\n");
  REQUIRE_THROWS_WITH(intake.folder("alice"),
                      "two files could be maze.hpp: exercises/02-building-the-maze/new/maze.hpp, "
                      "exercises/02-building-the-maze/old/maze.hpp; hand in only one, as "
                      "02-building-the-maze/maze.hpp (mazekit submit 2 makes that zip)");
}

// ---- Every shape a real hand-in has ----

namespace {

/// A student's repository as mazekit init-repo makes it (or a clone of the kit): every
/// lesson's exercise folder, the kit's lessons with their reference solutions and tests, the
/// kit's hostile fabricated submissions, a .git, a .github and a build folder. Only
/// exercises/02-building-the-maze/maze.hpp is the student's lesson-2 work.
std::vector<std::pair<std::string, std::string>> studentRepository() {
  return {
      {"README.md", "# mazekit\n"},
      {"exercises/01-turtle-warmup/warmup.cpp", "// lesson 1\n"},
      {"exercises/02-building-the-maze/maze.hpp", mazeText},
      {"exercises/03-solving-the-maze/maze.hpp", "// lesson 3: another lesson's\n"},
      {"exercises/07-loops-and-a-game/maze.hpp", "// lesson 7\n"},
      {"lessons/02-building-the-maze/solutions/step01/maze.hpp", "// the reference\n"},
      {"lessons/02-building-the-maze/solutions/step22/maze.hpp", "// the reference\n"},
      {"lessons/02-building-the-maze/tests/step10_dig_east.cpp", lessonTestText},
      {"grading/hostile/daemon/maze.hpp", "// a hostile fabricated student\n"},
      {".git/objects/ab/cdef", "blob"},
      {".github/workflows/mazekit.yml", "on: push\n"},
      {"build/ci/exercises/02-building-the-maze/maze.hpp", "// a copy in a build\n"},
  };
}

/// The files of `all` under `folder` (with that prefix dropped), then each under `into`.
std::vector<std::pair<std::string, std::string>> reshaped(
    const std::vector<std::pair<std::string, std::string>>& all, const std::string& folder,
    const std::string& into) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [path, bytes] : all) {
    if (path.compare(0, folder.size(), folder) == 0)
      out.push_back({into + path.substr(folder.size()), bytes});
  }
  return out;
}

}  // namespace

TEST_CASE("every shape of a hand-in is graded on the lesson folder's maze.hpp",
          "[mazekit][intake][careless]") {
  struct Shape {
    std::string name;
    std::vector<std::pair<std::string, std::string>> files;
  };
  const auto repository = studentRepository();
  const std::vector<Shape> shapes{
      {"the student's repository", repository},
      {"the repository in a folder", reshaped(repository, "", "my-maze/")},
      {"its exercises folder", reshaped(repository, "exercises/", "exercises/")},
      {"its exercises folder's contents", reshaped(repository, "exercises/", "")},
      {"the exercises folder in a folder", reshaped(repository, "exercises/", "alice/exercises/")},
      {"the lesson's exercise folder",
       reshaped(repository, "exercises/02-building-the-maze/", "02-building-the-maze/")},
      {"the lesson's exercise folder in a folder",
       reshaped(repository, "exercises/02-building-the-maze/", "hand-in/02-building-the-maze/")},
      {"the lesson folder's contents", reshaped(repository, "exercises/02-building-the-maze/", "")},
  };
  enum class Pack { folder, linuxZip, windowsZip, macZip, tarGz };
  const std::vector<std::pair<Pack, std::string>> packs{
      {Pack::folder, "a folder"},
      {Pack::linuxZip, "a zip made on Linux"},
      {Pack::windowsZip, "a zip made on Windows (backslashes, no Unix modes)"},
      {Pack::macZip, "a zip made on macOS (__MACOSX, ._ files, .DS_Store)"},
      {Pack::tarGz, "a .tar.gz"}};
  for (const auto& shape : shapes) {
    for (const auto& [pack, packName] : packs) {
      DYNAMIC_SECTION(shape.name << ", as " << packName) {
        Intake intake;
        if (pack == Pack::folder) {
          for (const auto& [path, bytes] : shape.files)
            writeFile(intake.at("alice/" + path), bytes);
          intake.folder("alice");
        } else if (pack == Pack::windowsZip) {
          std::vector<RawEntry> entries;
          for (auto [path, bytes] : shape.files) {
            std::replace(path.begin(), path.end(), '/', '\\');
            entries.push_back({path, bytes, 0x20, 0});
          }
          writeFile(intake.at("alice.zip"), rawZip(entries));
          intake.zip("alice.zip");
        } else {
          std::vector<Item> items;
          for (const auto& [path, bytes] : shape.files) {
            items.push_back(file(path, bytes));
            if (pack == Pack::macZip) {
              const fs::path p(path);
              const std::string parent = p.parent_path().string();
              items.push_back(file(
                  "__MACOSX/" + (parent.empty() ? "" : parent + "/") + "._" + p.filename().string(),
                  "AppleDouble\n"));
              items.push_back(
                  file((parent.empty() ? "" : parent + "/") + "._" + p.filename().string(),
                       "AppleDouble\n"));
            }
          }
          if (pack == Pack::macZip) items.push_back(file(".DS_Store", "Bud1"));
          writeArchive(intake.at("alice.archive"),
                       pack == Pack::tarGz ? Format::tarGz : Format::zip, items);
          if (pack == Pack::tarGz) {
            intake.tarGz("alice.archive");
          } else {
            intake.zip("alice.archive");
          }
        }
        CHECK(intake.taken() == mazeText);
      }
    }
  }
}

TEST_CASE("another lesson's maze.hpp or the kit's reference is never taken for this lesson",
          "[mazekit][intake][hostile]") {
  Intake intake;
  SECTION("only lesson 3's folder holds a maze.hpp") {
    writeFile(intake.at("alice/exercises/03-solving-the-maze/maze.hpp"), "// lesson 3\n");
    REQUIRE_THROWS_WITH(
        intake.folder("alice"),
        "no maze.hpp in the submission (exercises/03-solving-the-maze/maze.hpp is in "
        "exercises/03-solving-the-maze, another lesson's folder or the kit's, which is never "
        "taken); hand in the lesson's files: maze.hpp");
  }
  SECTION("only the kit's reference, in lessons/, holds a maze.hpp") {
    writeFile(intake.at("alice/lessons/02-building-the-maze/solutions/step22/maze.hpp"),
              "// ref\n");
    REQUIRE_THROWS_WITH(intake.folder("alice"),
                        Contains("is in lessons/02-building-the-maze, another lesson's folder or "
                                 "the kit's, which is never taken"));
  }
  SECTION("a loose maze.hpp beside another lesson's folder is taken, the other listed") {
    writeFile(intake.at("alice/maze.hpp"), mazeText);
    writeFile(intake.at("alice/03-solving-the-maze/maze.hpp"), "// lesson 3\n");
    CHECK(intake.folder("alice").notes ==
          std::vector<std::string>{"another lesson's folder, not searched: 03-solving-the-maze"});
    CHECK(intake.taken() == mazeText);
  }
  SECTION("two repositories in one hand-in are refused, naming both lesson folders") {
    writeFile(intake.at("alice/mine/exercises/02-building-the-maze/maze.hpp"), mazeText);
    writeFile(intake.at("alice/bobs/exercises/02-building-the-maze/maze.hpp"), "// bob's\n");
    REQUIRE_THROWS_WITH(intake.folder("alice"),
                        "two folders could be lesson 2's: bobs/exercises/02-building-the-maze, "
                        "mine/exercises/02-building-the-maze; hand in only one (mazekit submit 2 "
                        "makes the zip of exercises/02-building-the-maze)");
  }
  SECTION("a lesson folder whose maze.hpp is a link is refused, not passed over") {
    writeFile(intake.at("elsewhere/maze.hpp"), "// not the student's\n");
    writeFile(intake.at("alice/maze.hpp"), mazeText);
    fs::create_directories(intake.at("alice/exercises/02-building-the-maze"));
    fs::create_symlink(intake.at("elsewhere/maze.hpp"),
                       intake.at("alice/exercises/02-building-the-maze/maze.hpp"));
    REQUIRE_THROWS_WITH(intake.folder("alice"), Contains("is a symbolic link"));
    CHECK_FALSE(fs::exists(intake.code / "maze.hpp"));
  }
}

TEST_CASE("a submission without maze.hpp is refused, saying what the lesson needs",
          "[mazekit][intake]") {
  Intake intake;
  writeFile(intake.at("alice/maze.cpp"), mazeText);
  REQUIRE_THROWS_WITH(intake.folder("alice"),
                      "no maze.hpp in the submission; hand in the lesson's files: maze.hpp");
}

TEST_CASE("a folder's links are never followed", "[mazekit][intake]") {
  Intake intake;
  writeFile(intake.at("secret/maze.hpp"), "secret\n");
  SECTION("a link named maze.hpp is refused") {
    fs::create_directories(intake.at("alice"));
    fs::create_symlink(intake.at("secret/maze.hpp"), intake.at("alice/maze.hpp"));
    REQUIRE_THROWS_WITH(intake.folder("alice"),
                        "maze.hpp in the folder is a symbolic link; only plain files are accepted");
  }
  SECTION("links to folders are noted, not walked, even a loop") {
    writeFile(intake.at("alice/maze.hpp"), mazeText);
    fs::create_directory_symlink(intake.at("secret"), intake.at("alice/outside"));
    fs::create_directory_symlink(".", intake.at("alice/loop"));
    const auto prepared = intake.folder("alice");
    CHECK(intake.taken() == mazeText);
    CHECK(prepared.notes == std::vector<std::string>{"links not followed: loop, outside"});
  }
  SECTION("a submission folder that is itself a link is refused") {
    fs::create_directory_symlink(intake.at("secret"), intake.at("alice"));
    REQUIRE_THROWS_WITH(intake.folder("alice"),
                        Contains("is not a folder (a link to a folder is not followed)"));
  }
}

TEST_CASE("a folder's FIFOs are noted and never opened", "[mazekit][intake]") {
  Intake intake;
  fs::create_directories(intake.at("alice"));
  // Opened for reading without O_NONBLOCK, a FIFO would wait for a writer forever.
  REQUIRE(::mkfifo(intake.at("alice/pipe").c_str(), 0644) == 0);
  SECTION("beside maze.hpp") {
    writeFile(intake.at("alice/maze.hpp"), mazeText);
    const auto prepared = intake.folder("alice");
    CHECK(intake.taken() == mazeText);
    CHECK(prepared.notes == std::vector<std::string>{"special file not read: pipe (a FIFO)"});
  }
  SECTION("as maze.hpp") {
    REQUIRE(::mkfifo(intake.at("alice/maze.hpp").c_str(), 0644) == 0);
    REQUIRE_THROWS_WITH(intake.folder("alice"),
                        "maze.hpp in the folder is a FIFO; only plain files are accepted");
  }
}

TEST_CASE("25,000 nested folders are walked only down to maxDepth", "[mazekit][intake]") {
  Intake intake;
  writeFile(intake.at("alice/maze.hpp"), mazeText);
  const NestedFoldersRemover remover(intake.at("alice"));  // before the Intake's own clean-up
  makeNestedFolders(intake.at("alice"), 25000);
  std::string deepest = "a";
  for (int i = 1; i < 32; ++i) deepest += "/a";

  const auto prepared = intake.folder("alice");
  CHECK(intake.taken() == mazeText);
  CHECK(prepared.notes == std::vector<std::string>{"folder too deep, not read: " + deepest +
                                                   " (more than 32 folders deep)"});
  IntakeLimits shallow;
  shallow.maxDepth = 3;
  CHECK(intake.folder("alice", shallow).notes ==
        std::vector<std::string>{"folder too deep, not read: a/a/a (more than 3 folders deep)"});
}

TEST_CASE("a folder with more than maxEntries files and folders is refused", "[mazekit][intake]") {
  Intake intake;
  writeFile(intake.at("alice/maze.hpp"), mazeText);
  for (int i = 0; i < 30; ++i) writeFile(intake.at("alice/notes/f" + std::to_string(i)), "");
  IntakeLimits limits;
  limits.maxEntries = 20;
  REQUIRE_THROWS_WITH(intake.folder("alice", limits),
                      "the folder holds more than 20 files and folders; at most 20 are accepted "
                      "(leave out build folders and .git)");
  limits.maxEntries = 40;
  CHECK_NOTHROW(intake.folder("alice", limits));
}

TEST_CASE("a declared file larger than maxEntryBytes is refused with the limit",
          "[mazekit][intake]") {
  Intake intake;
  IntakeLimits limits;
  limits.maxEntryBytes = 1000;
  writeFile(intake.at("alice/maze.hpp"), std::string(1001, ' '));
  REQUIRE_THROWS_WITH(intake.folder("alice", limits),
                      "maze.hpp in the folder is larger than 1000 bytes; a lesson file may have at "
                      "most 1000 bytes");
  writeFile(intake.at("alice/maze.hpp"), std::string(1000, ' '));
  CHECK_NOTHROW(intake.folder("alice", limits));
  CHECK(intake.taken().size() == 1000);
}

TEST_CASE("hidden files and folders and __MACOSX are not searched, and the notes list them",
          "[mazekit][intake]") {
  Intake intake;
  SECTION("one hidden folder") {
    writeFile(intake.at("alice/maze.hpp"), mazeText);
    writeFile(intake.at("alice/.hidden/maze.hpp"), "hidden\n");
    const auto prepared = intake.folder("alice");
    CHECK(intake.taken() == mazeText);  // not "two files could be maze.hpp"
    CHECK(prepared.notes == std::vector<std::string>{"hidden folder not read: .hidden"});
  }
  SECTION("several, and hidden files") {
    writeFile(intake.at("alice/src/maze.hpp"), mazeText);
    writeFile(intake.at("alice/.git/config"), "");
    writeFile(intake.at("alice/__MACOSX/src/._maze.hpp"), "");
    writeFile(intake.at("alice/.DS_Store"), "");
    writeFile(intake.at("alice/src/.maze.hpp.swp"), "");
    const auto prepared = intake.folder("alice");
    CHECK(intake.taken() == mazeText);
    CHECK_THAT(prepared.notes,
               VectorContains(std::string("hidden folders not read: .git, __MACOSX")));
    CHECK_THAT(prepared.notes,
               VectorContains(std::string("hidden files not read: .DS_Store, src/.maze.hpp.swp")));
  }
}

TEST_CASE("edited tests, build files and other files are reported, not used", "[mazekit][intake]") {
  Intake intake;
  writeFile(intake.at("alice/maze.hpp"), mazeText);
  SECTION("an edited copy of a step's test is noticed; an unchanged copy is not") {
    writeFile(intake.at("alice/tests/step10_dig_east.cpp"), "TEST_CASE(\"dig east\") {}\n");
    writeFile(intake.at("alice/copy/step10_dig_east.cpp"), lessonTestText);
    const auto prepared = intake.folder("alice");
    CHECK(
        prepared.notes ==
        std::vector<std::string>{
            "edited test ignored: tests/step10_dig_east.cpp (graded with the lesson's own test)"});
  }
  SECTION("in an archive too") {
    writeArchive(
        intake.at("alice.tar.gz"), Format::tarGz,
        {file("alice/maze.hpp"), file("alice/tests/step10_dig_east.cpp", "// mine\n"),
         file("alice/step10_dig_east.cpp", lessonTestText), file("alice/CMakeLists.txt", "")});
    CHECK(intake.tarGz("alice.tar.gz").notes ==
          std::vector<std::string>{
              "took alice/maze.hpp as maze.hpp",
              "edited test ignored: alice/tests/step10_dig_east.cpp (graded with the lesson's own "
              "test)",
              "build file ignored: alice/CMakeLists.txt (graded with the kit's build)"});
  }
  SECTION("one build file") {
    writeFile(intake.at("alice/CMakeLists.txt"), "project(x)\n");
    CHECK(intake.folder("alice").notes ==
          std::vector<std::string>{
              "build file ignored: CMakeLists.txt (graded with the kit's build)"});
  }
  SECTION("several build files, and more than eight other files") {
    writeFile(intake.at("alice/CMakePresets.json"), "{}");
    writeFile(intake.at("alice/cmake/warnings.cmake"), "");
    for (int i = 1; i <= 10; ++i) {
      writeFile(
          intake.at("alice/notes/n" + std::to_string(i / 10) + std::to_string(i % 10) + ".txt"),
          "");
    }
    const auto prepared = intake.folder("alice");
    CHECK(prepared.notes ==
          std::vector<std::string>{
              "build files ignored: CMakePresets.json, cmake/warnings.cmake (graded with the kit's "
              "build)",
              "not part of the lesson, ignored: notes/n01.txt, notes/n02.txt, notes/n03.txt, "
              "notes/n04.txt, notes/n05.txt, notes/n06.txt, notes/n07.txt, notes/n08.txt and 2 "
              "more"});
  }
}

TEST_CASE("names with any bytes are kept as they are in notes", "[mazekit][intake]") {
  Intake intake;
  const std::string latin1 = "caf\xe9.txt";  // "café.txt" in Latin-1
  const std::string utf8 = "Zo\xc3\xab";     // "Zoë" in UTF-8
  SECTION("a folder") {
    writeFile(intake.at("alice/maze.hpp"), mazeText);
    writeFile(intake.at("alice/" + latin1), "");
    CHECK(intake.folder("alice").notes ==
          std::vector<std::string>{"not part of the lesson, ignored: " + latin1});
  }
  SECTION("a zip with raw bytes for names and one with UTF-8 names") {
    writeFile(intake.at("alice.zip"), rawZip({{utf8 + "/maze.hpp", mazeText, 0, 3 << 8, 0x800},
                                              {latin1, "", 0, 3 << 8, 0}}));
    const locale_t before = uselocale(locale_t{});
    const auto prepared = intake.zip("alice.zip");
    CHECK(uselocale(locale_t{}) == before);  // the thread's locale is given back
    CHECK(intake.taken() == mazeText);
    CHECK(prepared.notes == std::vector<std::string>{"took " + utf8 + "/maze.hpp as maze.hpp",
                                                     "not part of the lesson, ignored: " + latin1});
  }
  SECTION("a tarball") {
    writeArchive(intake.at("alice.tar.gz"), Format::tarGz, {file("maze.hpp"), file(latin1, "")});
    CHECK(intake.tarGz("alice.tar.gz").notes ==
          std::vector<std::string>{"not part of the lesson, ignored: " + latin1});
  }
}

TEST_CASE("a lone file is taken as the lesson's one declared file", "[mazekit][intake]") {
  Intake intake;
  writeFile(intake.at("alice.hpp"), mazeText);
  SECTION("one declared file") {
    const auto prepared = intake.prepare(intake.at("alice.hpp"), Submission::Kind::file);
    CHECK(intake.taken() == mazeText);
    CHECK(prepared.notes == std::vector<std::string>{"took alice.hpp as maze.hpp"});
  }
  SECTION("a lesson that declares several files refuses it") {
    intake.lesson.files = {"maze.hpp", "grid.hpp"};
    REQUIRE_THROWS_WITH(intake.prepare(intake.at("alice.hpp"), Submission::Kind::file),
                        "the submission is one file, alice.hpp, but the lesson needs 2 files "
                        "(maze.hpp, grid.hpp); hand in a folder, .zip or .tar.gz holding them");
  }
  SECTION("a link is refused") {
    fs::create_symlink(intake.at("alice.hpp"), intake.at("bob.hpp"));
    REQUIRE_THROWS_WITH(intake.prepare(intake.at("bob.hpp"), Submission::Kind::file),
                        "bob.hpp is a symbolic link; only plain files are accepted");
  }
}

// ---- Archives: careless ----

TEST_CASE("a zip's maze.hpp is taken in memory: nothing else is written anywhere",
          "[mazekit][intake]") {
  Intake intake;
  writeArchive(
      intake.at("alice.zip"), Format::zip,
      {folder("alice/"), file("alice/maze.hpp"), file("alice/main.cpp", "int main() {}\n")});
  const auto before = treeOf(intake.temp.path());
  const auto prepared = intake.zip("alice.zip");
  CHECK(intake.taken() == mazeText);
  auto after = treeOf(intake.temp.path());
  CHECK(after.erase("code") == 1);
  CHECK(after.erase("code/maze.hpp") == 1);
  CHECK(after == before);
  CHECK(prepared.notes ==
        std::vector<std::string>{"took alice/maze.hpp as maze.hpp",
                                 "not part of the lesson, ignored: alice/main.cpp"});
}

TEST_CASE("a tarball made from its own folder (./maze.hpp) is taken as it is",
          "[mazekit][intake]") {
  Intake intake;
  writeArchive(intake.at("alice.tgz"), Format::tarGz, {folder("./"), file("./maze.hpp")});
  CHECK(intake.tarGz("alice.tgz").notes.empty());
  CHECK(intake.taken() == mazeText);
}

TEST_CASE("a zip made on Windows, with backslashes between folders, is read as folders",
          "[mazekit][intake]") {
  Intake intake;
  SECTION("written by libarchive") {
    writeArchive(intake.at("alice.zip"), Format::zip, {file("project\\maze.hpp")});
    CHECK(intake.zip("alice.zip").notes ==
          std::vector<std::string>{"took project/maze.hpp as maze.hpp"});
    CHECK(intake.taken() == mazeText);
  }
  SECTION("as Windows makes it: made by MS-DOS, the archive attribute, no Unix mode") {
    writeFile(intake.at("alice.zip"), rawZip({{"Project\\Maze.hpp", mazeText, 0x20, 0}}));
    CHECK(intake.zip("alice.zip").notes ==
          std::vector<std::string>{
              "took Project/Maze.hpp as maze.hpp (names are case-sensitive: call it maze.hpp)"});
    CHECK(intake.taken() == mazeText);
  }
}

TEST_CASE("a zip made by Python's zipfile, with no file-type bits, is read as plain files",
          "[mazekit][intake]") {
  Intake intake;
  const std::string zip = rawZip({{"maze.hpp", mazeText, 0}});
  CHECK(zip.size() < 200);
  CHECK(firstEntryType(zip) == AE_IFREG);  // libarchive itself calls it a plain file
  writeFile(intake.at("alice.zip"), zip);
  CHECK(intake.zip("alice.zip").notes.empty());
  CHECK(intake.taken() == mazeText);
}

TEST_CASE("hidden entries and __MACOSX in an archive are not searched, and the notes list them",
          "[mazekit][intake]") {
  Intake intake;
  SECTION("beside maze.hpp") {
    writeArchive(intake.at("alice.zip"), Format::zip,
                 {file("maze.hpp"), file(".hidden/maze.hpp", "hidden\n"), folder(".git/"),
                  file(".git/config", ""), file("__MACOSX/._maze.hpp", ""), file(".DS_Store", "")});
    const auto prepared = intake.zip("alice.zip");
    CHECK(intake.taken() == mazeText);
    CHECK(prepared.notes ==
          std::vector<std::string>{"hidden folders not read: .git, .hidden, __MACOSX",
                                   "hidden file not read: .DS_Store"});
  }
  SECTION("the only maze.hpp is in a hidden folder: the refusal says where it is") {
    writeArchive(intake.at("alice.zip"), Format::zip, {file(".hidden/maze.hpp")});
    REQUIRE_THROWS_WITH(intake.zip("alice.zip"),
                        "no maze.hpp in the submission (.hidden/maze.hpp is in a hidden folder, "
                        "which is not read); hand in the lesson's files: maze.hpp");
  }
}

// ---- Archives: hostile ----

TEST_CASE("an archive with two maze.hpp is refused, naming both", "[mazekit][intake]") {
  Intake intake;
  writeArchive(intake.at("alice.zip"), Format::zip, {file("b/maze.hpp"), file("a/maze.hpp")});
  REQUIRE_THROWS_WITH(intake.zip("alice.zip"),
                      "two files could be maze.hpp: a/maze.hpp, b/maze.hpp; hand in only one, as "
                      "02-building-the-maze/maze.hpp (mazekit submit 2 makes that zip)");
}

TEST_CASE("links in an archive are not taken", "[mazekit][intake]") {
  Intake intake;
  SECTION("maze.hpp as a symbolic link is refused") {
    writeArchive(intake.at("alice.tar.gz"), Format::tarGz,
                 {symbolicLink("maze.hpp", "/etc/passwd")});
    REQUIRE_THROWS_WITH(
        intake.tarGz("alice.tar.gz"),
        "maze.hpp in the archive is a symbolic link; only plain files are accepted");
  }
  SECTION("a zip's symbolic link too") {
    writeArchive(intake.at("alice.zip"), Format::zip,
                 {symbolicLink("src/maze.hpp", "../../secret")});
    REQUIRE_THROWS_WITH(
        intake.zip("alice.zip"),
        "src/maze.hpp in the archive is a symbolic link; only plain files are accepted");
  }
  SECTION("maze.hpp as a hard link is refused") {
    writeArchive(intake.at("alice.tar.gz"), Format::tarGz,
                 {file("old/maze.txt"), hardLink("maze.hpp", "old/maze.txt")});
    REQUIRE_THROWS_WITH(intake.tarGz("alice.tar.gz"),
                        "maze.hpp in the archive is a hard link; only plain files are accepted");
  }
  SECTION("other links are noted") {
    writeArchive(intake.at("alice.tar.gz"), Format::tarGz,
                 {file("maze.hpp"), symbolicLink("passwd", "/etc/passwd"),
                  hardLink("copy.hpp", "maze.hpp")});
    CHECK(intake.tarGz("alice.tar.gz").notes ==
          std::vector<std::string>{"links not followed: copy.hpp, passwd"});
    CHECK(intake.taken() == mazeText);
  }
}

TEST_CASE("FIFOs and devices in an archive are not taken", "[mazekit][intake]") {
  Intake intake;
  SECTION("noted beside maze.hpp") {
    writeArchive(intake.at("alice.tar.gz"), Format::tarGz,
                 {file("maze.hpp"), special("pipe", AE_IFIFO), special("dev/null", AE_IFCHR)});
    CHECK(intake.tarGz("alice.tar.gz").notes ==
          std::vector<std::string>{
              "special files not read: dev/null (a character device), pipe (a FIFO)"});
    CHECK(intake.taken() == mazeText);
  }
  SECTION("refused as maze.hpp") {
    writeArchive(intake.at("alice.tar.gz"), Format::tarGz, {special("maze.hpp", AE_IFIFO)});
    REQUIRE_THROWS_WITH(intake.tarGz("alice.tar.gz"),
                        "maze.hpp in the archive is a FIFO; only plain files are accepted");
  }
}

TEST_CASE("entries with absolute paths, '..' or drive letters are not taken", "[mazekit][intake]") {
  Intake intake;
  SECTION("noted beside maze.hpp, and nothing written outside code") {
    writeArchive(intake.at("alice.tar.gz"), Format::tarGz,
                 {file("maze.hpp"), file("/tmp/evil.hpp"), file("../evil.hpp"),
                  file("a/../../evil.hpp"), file("C:\\evil.hpp")});
    const auto prepared = intake.tarGz("alice.tar.gz");
    CHECK(intake.taken() == mazeText);
    CHECK(prepared.notes ==
          std::vector<std::string>{
              "unsafe paths not read: ../evil.hpp, /tmp/evil.hpp, C:\\evil.hpp, a/../../evil.hpp "
              "(absolute paths, drive letters and '..' are never taken)"});
    CHECK_FALSE(fs::exists(intake.temp.path().parent_path() / "evil.hpp"));
    CHECK(treeOf(intake.code) == std::set<std::string>{"maze.hpp"});
  }
  SECTION("a zip's '..' with backslashes") {
    writeFile(intake.at("alice.zip"), rawZip({{"..\\..\\maze.hpp", mazeText, 0x20, 0}}));
    REQUIRE_THROWS_WITH(
        intake.zip("alice.zip"),
        Contains("no maze.hpp in the submission (../../maze.hpp has an unsafe path"));
  }
  SECTION("the only maze.hpp has an absolute path") {
    writeArchive(intake.at("alice.tar.gz"), Format::tarGz, {file("/home/alice/maze.hpp")});
    REQUIRE_THROWS_WITH(intake.tarGz("alice.tar.gz"),
                        "no maze.hpp in the submission (/home/alice/maze.hpp has an unsafe path, "
                        "which is never read); hand in the lesson's files: maze.hpp");
  }
}

TEST_CASE("a zip bomb is stopped as its bytes come out", "[mazekit][intake]") {
  Intake intake;
  const std::string spaces(20u << 20, ' ');  // deflates to about 20 kB
  SECTION("as maze.hpp: at maxEntryBytes") {
    writeArchive(intake.at("alice.zip"), Format::zip, {file("maze.hpp", spaces)});
    CHECK(fs::file_size(intake.at("alice.zip")) < 100000);
    REQUIRE_THROWS_WITH(
        intake.zip("alice.zip"),
        "maze.hpp in the archive is larger than 1048576 bytes; a lesson file may have "
        "at most 1048576 bytes (1 MB)");
  }
  SECTION("in a tarball, as maze.hpp") {
    writeArchive(intake.at("alice.tgz"), Format::tarGz, {file("maze.hpp", spaces)});
    REQUIRE_THROWS_WITH(intake.tarGz("alice.tgz"),
                        Contains("maze.hpp in the archive is larger than 1048576 bytes"));
  }
  SECTION("as any other file: a zip's is never inflated") {
    writeArchive(intake.at("alice.zip"), Format::zip,
                 {file("maze.hpp"), file("video.bin", spaces)});
    IntakeLimits limits;
    limits.maxTotalBytes = 8u << 20;
    limits.maxScannedBytes = 8u << 20;
    CHECK(intake.zip("alice.zip", limits).notes ==
          std::vector<std::string>{"not part of the lesson, ignored: video.bin"});
    CHECK(intake.taken() == mazeText);
  }
  SECTION("as any other file in a tarball: inflated to pass over it, at most maxScannedBytes") {
    writeArchive(intake.at("alice.tgz"), Format::tarGz,
                 {file("video.bin", spaces), file("maze.hpp")});
    IntakeLimits limits;
    limits.maxScannedBytes = 8u << 20;
    REQUIRE_THROWS_WITH(intake.tarGz("alice.tgz", limits),
                        "the archive unpacks to more than 8388608 bytes; at most 8388608 bytes "
                        "(8 MB) are read (a .tar.gz is unpacked whole to reach its files: leave "
                        "out build folders and large files, or hand in a .zip)");
    // Under the default 1 GB, the same archive is graded.
    CHECK(intake.tarGz("alice.tgz").notes ==
          std::vector<std::string>{"not part of the lesson, ignored: video.bin"});
    CHECK(intake.taken() == mazeText);
  }
  SECTION("copies of maze.hpp in other cases: at maxTotalBytes, what is taken") {
    std::vector<Item> items{file("maze.hpp")};
    for (int i = 0; i < 10; ++i)
      items.push_back(file("old" + std::to_string(i) + "/Maze.hpp", spaces));
    writeArchive(intake.at("alice.zip"), Format::zip, items);
    REQUIRE_THROWS_WITH(
        intake.zip("alice.zip"),
        "the files taken from the archive unpack to more than 67108864 bytes; at most 67108864 "
        "bytes (64 MB) are accepted (hand in the lesson's files, not copies of them)");
  }
  SECTION("a maze.hpp in another case is refused only if it is the one taken") {
    writeArchive(intake.at("alice.zip"), Format::zip,
                 {file("maze.hpp"), file("old/Maze.hpp", spaces)});
    CHECK(intake.zip("alice.zip").notes ==
          std::vector<std::string>{"not part of the lesson, ignored: old/Maze.hpp"});
    writeArchive(intake.at("bob.zip"), Format::zip, {file("old/Maze.hpp", spaces)});
    REQUIRE_THROWS_WITH(intake.zip("bob.zip"),
                        Contains("old/Maze.hpp in the archive is larger than 1048576 bytes"));
  }
}

TEST_CASE("a zip whose directory lies about sizes is read by what comes out", "[mazekit][intake]") {
  Intake intake;
  SECTION("20 MB deflated, claiming 100 bytes") {
    writeArchive(intake.at("alice.zip"), Format::zip,
                 {file("maze.hpp", std::string(20u << 20, ' '))});
    std::string zip = readFile(intake.at("alice.zip"));
    claimUncompressedSize(zip, 100);
    writeFile(intake.at("alice.zip"), zip);
    REQUIRE_THROWS_WITH(intake.zip("alice.zip"),
                        Contains("maze.hpp in the archive is larger than 1048576 bytes"));
  }
  SECTION("20 MB deflated, claiming 100 bytes, in another case: read, and stopped") {
    writeArchive(intake.at("alice.zip"), Format::zip,
                 {file("old/Maze.hpp", std::string(20u << 20, ' '))});
    std::string zip = readFile(intake.at("alice.zip"));
    claimUncompressedSize(zip, 100);
    writeFile(intake.at("alice.zip"), zip);
    IntakeLimits limits;
    limits.maxTotalBytes = 8u << 20;
    REQUIRE_THROWS_WITH(intake.zip("alice.zip", limits),
                        Contains("the files taken from the archive unpack to more than 8388608 "
                                 "bytes"));
  }
  SECTION("3000 bytes stored, claiming 100") {
    std::string zip = rawZip({{"maze.hpp", std::string(3000, ' ')}});
    claimUncompressedSize(zip, 100);
    writeFile(intake.at("alice.zip"), zip);
    // libarchive 3.6 (Debian 12) finds it reading maze.hpp ("cannot read maze.hpp in the
    // archive: ..."), 3.7 (Debian 13) reading the next entry ("cannot read the archive: ...").
    REQUIRE_THROWS_WITH(intake.zip("alice.zip"),
                        Contains("cannot read") && Contains("ZIP uncompressed data is wrong size"));
  }
}

TEST_CASE("a corrupt or truncated archive is refused with libarchive's message",
          "[mazekit][intake]") {
  Intake intake;
  std::string noise;
  std::mt19937 random(7);
  for (int i = 0; i < 200000; ++i) noise += static_cast<char>(random() & 0xff);  // does not deflate
  SECTION("a truncated zip") {
    writeArchive(intake.at("alice.zip"), Format::zip, {file("maze.hpp"), file("data.bin", noise)});
    const std::string zip = readFile(intake.at("alice.zip"));
    writeFile(intake.at("alice.zip"), zip.substr(0, zip.size() / 2));
    REQUIRE_THROWS_WITH(intake.zip("alice.zip"), Contains("cannot read the archive: "));
  }
  SECTION("a truncated tarball") {
    writeArchive(intake.at("alice.tar.gz"), Format::tarGz,
                 {file("maze.hpp"), file("data.bin", noise)});
    const std::string tarball = readFile(intake.at("alice.tar.gz"));
    writeFile(intake.at("alice.tar.gz"), tarball.substr(0, tarball.size() / 2));
    REQUIRE_THROWS_WITH(intake.tarGz("alice.tar.gz"),
                        Contains("cannot read the archive: truncated gzip input"));
  }
  SECTION("not an archive at all") {
    writeFile(intake.at("alice.zip"), "these are the notes I meant to zip\n");
    REQUIRE_THROWS_WITH(intake.zip("alice.zip"), Contains("cannot read the archive: "));
    writeFile(intake.at("bob.zip"), "");
    REQUIRE_THROWS_WITH(intake.zip("bob.zip"), Contains("cannot read the archive: "));
    writeArchive(intake.at("carol.tar.gz"), Format::zip, {file("maze.hpp")});  // a zip, misnamed
    REQUIRE_THROWS_WITH(intake.tarGz("carol.tar.gz"), Contains("cannot read the archive: "));
  }
  SECTION("an archive that is a link") {
    writeArchive(intake.at("alice.zip"), Format::zip, {file("maze.hpp")});
    fs::create_symlink(intake.at("alice.zip"), intake.at("bob.zip"));
    REQUIRE_THROWS_WITH(intake.zip("bob.zip"),
                        "the archive bob.zip is a symbolic link; only plain files are accepted");
  }
}

TEST_CASE("what libarchive only warns about is read anyway, with a note", "[mazekit][intake]") {
  Intake intake;
  // Flagged UTF-8, but not UTF-8: libarchive cannot give the name and warns.
  writeFile(intake.at("alice.zip"),
            rawZip({{"maze.hpp", mazeText}, {"caf\xe9.txt", "", 0, 3 << 8, 0x800}}));
  const auto prepared = intake.zip("alice.zip");
  CHECK(intake.taken() == mazeText);
  REQUIRE(prepared.notes.size() == 1);
  CHECK_THAT(prepared.notes[0],
             Contains("archive warning: an entry whose name cannot be read was skipped"));
}

TEST_CASE("an archive with more than maxEntries entries is refused", "[mazekit][intake]") {
  Intake intake;
  std::vector<Item> items{file("maze.hpp")};
  for (int i = 0; i < 30; ++i) items.push_back(file("notes/f" + std::to_string(i), ""));
  writeArchive(intake.at("alice.zip"), Format::zip, items);
  IntakeLimits limits;
  limits.maxEntries = 20;
  REQUIRE_THROWS_WITH(intake.zip("alice.zip", limits),
                      "the archive holds more than 20 files and folders; at most 20 are accepted "
                      "(leave out build folders and .git)");
}

// ---- Careless: an IDE's folders, a file saved in another encoding ----

namespace {

/// The offset of the first entry's data in a zip libarchive wrote (its local header first).
std::size_t firstEntryData(const std::string& zip) {
  REQUIRE(zip.compare(0, 4, "PK\3\4") == 0);
  const auto field = [&](std::size_t at) {
    return static_cast<std::size_t>(static_cast<unsigned char>(zip[at])) |
           (static_cast<std::size_t>(static_cast<unsigned char>(zip[at + 1])) << 8);
  };
  return 30 + field(26) + field(28);
}

/// `text` in UTF-16, little- or big-endian, with or without a byte-order mark.
std::string utf16(const std::u16string& text, bool bigEndian, bool mark) {
  std::string out;
  const auto put = [&](char16_t unit) {
    const auto high = static_cast<char>(unit >> 8), low = static_cast<char>(unit & 0xFF);
    out += bigEndian ? high : low;
    out += bigEndian ? low : high;
  };
  if (mark) put(u'\uFEFF');
  for (const char16_t unit : text) put(unit);
  return out;
}

// A maze.hpp with a comment in French and a turtle outside the BMP (a surrogate pair).
const std::u16string mazeUtf16 = u"#pragma once\n// caf\u00e9 \U0001F422\nstruct Maze {};\n";
const std::string mazeUtf8 = "#pragma once\n// caf\xc3\xa9 \xf0\x9f\x90\xa2\nstruct Maze {};\n";
const std::string savedAsUtf16 =
    "maze.hpp was saved as UTF-16; graded as UTF-8 — save it as UTF-8 (in VS Code: click the "
    "encoding in the status bar, Save with Encoding, UTF-8)";

}  // namespace

TEST_CASE("an IDE's build folder, .git and node_modules in a folder are not searched, and named",
          "[mazekit][intake][careless]") {
  Intake intake;
  writeFile(intake.at("alice/maze.hpp"), mazeText);
  // Copies of maze.hpp that a build, an IDE or a tool made: none is "another maze.hpp".
  writeFile(intake.at("alice/build/maze.hpp"), "// a copy\n");
  writeFile(intake.at("alice/cmake-build-debug/_deps/maze.hpp"), "// a copy\n");
  writeFile(intake.at("alice/node_modules/turtle/maze.hpp"), "// a copy\n");
  writeFile(intake.at("alice/out/build/x64-Debug/maze.hpp"), "// a copy\n");
  writeFile(intake.at("alice/.vscode/settings.json"), "{}");
  writeFile(intake.at("alice/.DS_Store"), "");
  const auto prepared = intake.folder("alice");
  CHECK(intake.taken() == mazeText);
  CHECK(prepared.notes ==
        std::vector<std::string>{
            "folders of builds and tools, not read: build, cmake-build-debug, node_modules, out "
            "(only the lesson's files are graded)",
            "hidden folder not read: .vscode", "hidden file not read: .DS_Store"});
  // More files in them than a submission may hold: they are not counted.
  for (int i = 0; i < 60; ++i)
    writeFile(intake.at("alice/build/CMakeFiles/o" + std::to_string(i)), "");
  IntakeLimits limits;
  limits.maxEntries = 20;
  CHECK_NOTHROW(intake.folder("alice", limits));
  SECTION("the only maze.hpp is in build/: the refusal says where it is") {
    fs::remove(intake.at("alice/maze.hpp"));
    REQUIRE_THROWS_WITH(intake.folder("alice"),
                        "no maze.hpp in the submission (folders of builds and tools are not "
                        "searched: build, cmake-build-debug, node_modules, out); hand in the "
                        "lesson's files: maze.hpp");
    writeArchive(intake.at("bob.zip"), Format::zip, {file("bob/build/maze.hpp")});
    REQUIRE_THROWS_WITH(intake.zip("bob.zip"),
                        "no maze.hpp in the submission (bob/build/maze.hpp is in bob/build, a "
                        "folder of a build or a tool, which is not read); hand in the lesson's "
                        "files: maze.hpp");
  }
}

TEST_CASE("a zip with an IDE's 80 MB build folder is graded on maze.hpp, build/ never inflated",
          "[mazekit][intake][careless]") {
  Intake intake;
  // What CLion or Visual Studio leaves: a big object file, thousands of small ones, a .git.
  std::vector<Item> items{file("build/maze_tests.o", std::string(80u << 20, '\0'))};
  for (int i = 0; i < 2500; ++i) {
    items.push_back(file("build/CMakeFiles/f" + std::to_string(i) + ".o", "object"));
  }
  items.push_back(file("cmake-build-debug/maze.hpp", "// a copy\n"));
  items.push_back(file(".git/objects/aa/bbbb", "blob"));
  items.push_back(file("maze.hpp"));
  writeArchive(intake.at("alice.zip"), Format::zip, items);
  CHECK(fs::file_size(intake.at("alice.zip")) < (4u << 20));
  const std::vector<std::string> notes{
      "folders of builds and tools, not read: build, cmake-build-debug (only the lesson's files "
      "are graded)",
      "hidden folder not read: .git"};
  SECTION("under the default limits") {
    CHECK(intake.zip("alice.zip").notes == notes);
    CHECK(intake.taken() == mazeText);
  }
  SECTION("a bomb in build/ is never inflated: its broken data is never seen") {
    // The first entry's deflated data made invalid: a reader that inflated it would fail.
    std::string zip = readFile(intake.at("alice.zip"));
    const std::size_t data = firstEntryData(zip);
    zip.replace(data, 16, std::string(16, '\xff'));
    writeFile(intake.at("alice.zip"), zip);
    IntakeLimits limits;
    limits.maxScannedBytes = 1u << 20;
    limits.maxTotalBytes = 1u << 20;
    CHECK(intake.zip("alice.zip", limits).notes == notes);
    CHECK(intake.taken() == mazeText);
  }
  SECTION("a tarball's build/ is inflated only to pass over it") {
    writeArchive(intake.at("bob.tar.gz"), Format::tarGz, items);
    CHECK(intake.tarGz("bob.tar.gz").notes == notes);
    CHECK(intake.taken() == mazeText);
  }
  SECTION("millions of entries in ignored folders are still refused") {
    IntakeLimits limits;
    limits.maxIgnoredEntries = 1000;
    REQUIRE_THROWS_WITH(intake.zip("alice.zip", limits),
                        "the archive holds more than 1000 entries in build and tool folders "
                        "(build, node_modules, .git, ...); leave them out and hand in the "
                        "lesson's files");
  }
}

TEST_CASE("a maze.hpp saved as UTF-16 or Latin-1 is graded as UTF-8, and the notes say so",
          "[mazekit][intake][careless]") {
  Intake intake;
  SECTION("UTF-16 little-endian with a byte-order mark (Notepad's \"Unicode\")") {
    writeFile(intake.at("alice/maze.hpp"), utf16(mazeUtf16, false, true));
    CHECK(intake.folder("alice").notes == std::vector<std::string>{savedAsUtf16});
    CHECK(intake.taken() == mazeUtf8);
  }
  SECTION("UTF-16 big-endian with a byte-order mark") {
    writeFile(intake.at("alice/maze.hpp"), utf16(mazeUtf16, true, true));
    CHECK(intake.folder("alice").notes == std::vector<std::string>{savedAsUtf16});
    CHECK(intake.taken() == mazeUtf8);
  }
  SECTION("UTF-16 without a byte-order mark, either order") {
    writeFile(intake.at("alice/maze.hpp"), utf16(mazeUtf16, false, false));
    CHECK(intake.folder("alice").notes == std::vector<std::string>{savedAsUtf16});
    CHECK(intake.taken() == mazeUtf8);
    writeFile(intake.at("bob/maze.hpp"), utf16(mazeUtf16, true, false));
    CHECK(intake.folder("bob").notes == std::vector<std::string>{savedAsUtf16});
    CHECK(intake.taken() == mazeUtf8);
  }
  SECTION("in a zip, and as a lone file") {
    writeArchive(intake.at("alice.zip"), Format::zip,
                 {file("maze.hpp", utf16(mazeUtf16, false, true))});
    CHECK(intake.zip("alice.zip").notes == std::vector<std::string>{savedAsUtf16});
    CHECK(intake.taken() == mazeUtf8);
    writeFile(intake.at("bob.hpp"), utf16(mazeUtf16, false, true));
    CHECK(intake.prepare(intake.at("bob.hpp"), Submission::Kind::file).notes ==
          std::vector<std::string>{"took bob.hpp as maze.hpp",
                                   "bob.hpp was saved as UTF-16; graded as UTF-8 — save it as "
                                   "UTF-8 (in VS Code: click the encoding in the status bar, "
                                   "Save with Encoding, UTF-8)"});
    CHECK(intake.taken() == mazeUtf8);
  }
  SECTION("not valid UTF-16: refused, saying to save it as UTF-8") {
    std::string broken = utf16(u"#pragma once\n", false, true);
    broken += std::string(
        "\x00\xd8"
        "x\x00",
        4);  // a high surrogate without its low half
    writeFile(intake.at("alice/maze.hpp"), broken);
    REQUIRE_THROWS_WITH(intake.folder("alice"),
                        "maze.hpp was saved as UTF-16, but it is not valid UTF-16 (a byte or a "
                        "surrogate without its pair): save it as UTF-8 and hand it in again");
  }
  SECTION("UTF-8 with a byte-order mark: graded without it") {
    writeFile(intake.at("alice/maze.hpp"), "\xef\xbb\xbf" + mazeUtf8);
    CHECK(intake.folder("alice").notes ==
          std::vector<std::string>{
              "maze.hpp was saved as UTF-8 with a byte-order mark (BOM); graded without it"});
    CHECK(intake.taken() == mazeUtf8);
  }
  SECTION("Latin-1 (Windows-1252) in comments and strings, beside UTF-8") {
    // "café", Windows-1252's curly quotes and euro sign, and a UTF-8 "Zoë" kept as it is.
    writeFile(intake.at("alice/maze.hpp"),
              "#pragma once\n// caf\xe9 \x93quoted\x94 \x80\nconst char* who = \"Zo\xc3\xab "
              "\xe0 Paris\";\nstruct Maze {};\n");
    CHECK(intake.folder("alice").notes ==
          std::vector<std::string>{
              "maze.hpp was saved as Latin-1 (Windows-1252), not UTF-8; graded as UTF-8 — save "
              "it as UTF-8 (in VS Code: click the encoding in the status bar, Save with "
              "Encoding, UTF-8)"});
    CHECK(intake.taken() ==
          "#pragma once\n// caf\xc3\xa9 \xe2\x80\x9cquoted\xe2\x80\x9d \xe2\x82\xac\nconst char* "
          "who = \"Zo\xc3\xab \xc3\xa0 Paris\";\nstruct Maze {};\n");
  }
  SECTION("UTF-8 is taken as it is, without a note") {
    writeFile(intake.at("alice/maze.hpp"), mazeUtf8);
    CHECK(intake.folder("alice").notes.empty());
    CHECK(intake.taken() == mazeUtf8);
  }
}
