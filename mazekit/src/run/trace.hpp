#pragma once
// The student's own file and line, from the stack a step program's harness noted (an exception
// thrown, a fatal signal, or the moment mazekit stopped a program that ran too long:
// mazekit/harness/trace.hpp). The offsets are turned into functions, files and lines with
// addr2line on the program's file, which is built with line tables (-g1); the frame that
// counts is the innermost one in the student's own files. Information only: nothing of a
// verdict depends on it.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mazekit::run {

struct SourceFrame {
  std::string function;  ///< "Maze::dig(int)", or "" when addr2line does not know it
  std::string file;      ///< as the compiler saw it: an absolute path
  int line = 0;
  /// How many of the stack's frames are this one line: many (studentFrame's `calledItself`)
  /// is a function that calls itself without end.
  int repeats = 1;
};

/// Frames of one line this many times or more on a stack are a function calling itself
/// without end (the harness keeps 48 frames).
inline constexpr int calledItself = 8;

/// The frames of `offsets` ("1a2b 1c40 ...", innermost first), inlined calls each as a frame
/// of its own, from `program`'s line tables; nothing when addr2line cannot be run. An offset
/// addr2line has no line for is left out.
std::vector<SourceFrame> sourceFrames(const std::filesystem::path& program,
                                      const std::string& offsets);

/// The innermost of `frames` whose file is under `folder` (the student's own files), or
/// nothing: a frame in the test, the standard library or the turtle library is never said to
/// be the student's. When one line of the student's is on the stack `calledItself` times or
/// more (a recursion that ran out of stack), that line, with its count in `repeats`.
std::optional<SourceFrame> studentFrame(const std::vector<SourceFrame>& frames,
                                        const std::filesystem::path& folder);

/// Both: where in the student's files `offsets` were, or nothing.
std::optional<SourceFrame> studentFrameOf(const std::filesystem::path& program,
                                          const std::string& offsets,
                                          const std::filesystem::path& folder);

}  // namespace mazekit::run
