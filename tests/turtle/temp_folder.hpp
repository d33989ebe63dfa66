#pragma once
// Test helper: a fresh empty folder for one test, removed afterwards.

#include <filesystem>
#include <iterator>
#include <string>

#include <unistd.h>

namespace kit_test {

struct TempFolder {
  std::filesystem::path path;
  TempFolder() {
    path =
        std::filesystem::temp_directory_path() /
        ("mazekit-turtle-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempFolder() { std::filesystem::remove_all(path); }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  static int& counter() {
    static int n = 0;
    return n;
  }
  std::size_t fileCount() const {
    return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(path),
                                                  std::filesystem::directory_iterator()));
  }
};

}  // namespace kit_test
