#pragma once
// A declared file's text as UTF-8, whatever the student's editor saved it as: what the compiler
// is given, with a note for the student when it was not UTF-8 already.

#include <string>
#include <vector>

namespace mazekit::grade {

/// `bytes` of the student's `file` as UTF-8, with a note when they were not UTF-8 already.
/// Throws SubmissionError for a file that looks like UTF-16 but is not valid UTF-16.
std::string asUtf8(const std::string& bytes, const std::string& file,
                   std::vector<std::string>& notes);

}  // namespace mazekit::grade
