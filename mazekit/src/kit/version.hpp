#pragma once

namespace mazekit {

/// The exact kit this mazekit was built from: "0.2.0" at a release tag, "0.2.0-3-gabc1234"
/// three commits after it, "+modified" when the kit's own files (not the student's exercises)
/// differ from that commit. A copy mazekit makes (the autograder's zip, init-repo's repository)
/// carries the version of the kit it came from in its VERSION file. cmake/kit_version_file.cmake
/// writes the definition at every build.
const char* kitVersion();

}  // namespace mazekit
