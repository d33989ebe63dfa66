#pragma once
// The student's picture beside the step's expected one: a third picture that marks where they
// differ, so that a student sees at once what their drawing lacks or has too much of.

#include <string>

namespace mazekit::student {

/// What comparePictures made.
struct PictureComparison {
  std::string png;        ///< the comparison picture (PNG bytes), with its key under it
  long onlyYours = 0;     ///< pixels drawn in the student's picture where the expected has none
  long onlyExpected = 0;  ///< pixels of the expected picture the student's lacks (or colours
                          ///< differently)
};

/// Compares two PNG pictures (file bytes) pixel by pixel. The expected picture's background is
/// its most common colour. A pixel differs when a channel differs by more than a little (the
/// soft edges of a line are not a difference); it is "only yours" when the expected picture has
/// its background there, else "only expected". The picture made shows the expected one faded to
/// grey, the first kind of pixel in orange, the second in blue (each darker where the picture
/// that has it is dark), and a key with both counts under it. Pictures of different sizes are
/// compared on the larger canvas, the missing part taken as background. Throws std::runtime_error
/// when either is not a PNG.
///
///   const PictureComparison c = comparePictures(yours, expected);
///   if (c.onlyYours + c.onlyExpected > 0) saveFileAtomically("step.compare.png", c.png);
PictureComparison comparePictures(const std::string& yoursPng, const std::string& expectedPng);

}  // namespace mazekit::student
