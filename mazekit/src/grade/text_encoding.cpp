// A declared file's encoding: UTF-16 (with or without a byte-order mark), UTF-8 with a
// byte-order mark and Latin-1 (Windows-1252) converted to UTF-8, each with a note.
//
// Notepad saves "Unicode" (UTF-16 with a byte-order mark), Visual Studio and PowerShell may
// save UTF-16 or add a UTF-8 byte-order mark, and an old editor saves Latin-1: the compiler
// then says "stray '\377' in program" with no word about the encoding. What the student meant
// is the same text in UTF-8, so that is what is graded, and the notes say so.

#include "grade/text_encoding.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

#include "grade/submission.hpp"
#include "run/text.hpp"

namespace mazekit::grade {
namespace {

/// Windows-1252's characters for 0x80..0x9F, where Latin-1 has control characters no editor
/// saves; the five Windows-1252 leaves undefined are taken as Latin-1's.
constexpr char32_t windows1252[32] = {
    0x20AC, 0x81,   0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x8D,   0x017D, 0x8F,   0x90,   0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D,   0x017E, 0x0178};

void appendUtf8(std::string& out, char32_t c) {
  const auto byte = [&out](std::uint32_t value) { out += static_cast<char>(value & 0xFF); };
  const auto code = static_cast<std::uint32_t>(c);
  if (code < 0x80) {
    byte(code);
  } else if (code < 0x800) {
    byte(0xC0 | (code >> 6));
    byte(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    byte(0xE0 | (code >> 12));
    byte(0x80 | ((code >> 6) & 0x3F));
    byte(0x80 | (code & 0x3F));
  } else {
    byte(0xF0 | (code >> 18));
    byte(0x80 | ((code >> 12) & 0x3F));
    byte(0x80 | ((code >> 6) & 0x3F));
    byte(0x80 | (code & 0x3F));
  }
}

/// UTF-16 code units (after any byte-order mark) as UTF-8; false for an odd number of bytes or
/// a surrogate without its pair.
bool utf16ToUtf8(std::string_view bytes, bool bigEndian, std::string& out) {
  if (bytes.size() % 2 != 0) return false;
  const auto unit = [&](std::size_t i) {
    const auto first = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i]));
    const auto second = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1]));
    return bigEndian ? (first << 8) | second : (second << 8) | first;
  };
  for (std::size_t i = 0; i < bytes.size(); i += 2) {
    const std::uint32_t high = unit(i);
    if (high >= 0xDC00 && high <= 0xDFFF) return false;
    if (high < 0xD800 || high > 0xDBFF) {
      appendUtf8(out, static_cast<char32_t>(high));
      continue;
    }
    if (i + 2 >= bytes.size()) return false;
    const std::uint32_t low = unit(i + 2);
    if (low < 0xDC00 || low > 0xDFFF) return false;
    appendUtf8(out, static_cast<char32_t>(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)));
    i += 2;
  }
  return true;
}

/// UTF-16 without a byte-order mark, told by its zero bytes: a C++ file is mostly ASCII, so in
/// UTF-16 nearly every other byte is 0, and in any other encoding almost none is.
enum class Utf16Order { none, littleEndian, bigEndian };
Utf16Order utf16WithoutMark(std::string_view bytes) {
  const std::size_t pairs = bytes.size() / 2;
  if (pairs < 2 || bytes.size() % 2 != 0) return Utf16Order::none;
  std::size_t evenZeros = 0, oddZeros = 0;
  for (std::size_t i = 0; i + 1 < bytes.size(); i += 2) {
    evenZeros += bytes[i] == '\0' ? 1U : 0U;
    oddZeros += bytes[i + 1] == '\0' ? 1U : 0U;
  }
  if (oddZeros * 4 >= pairs * 3 && evenZeros * 10 <= pairs) return Utf16Order::littleEndian;
  if (evenZeros * 4 >= pairs * 3 && oddZeros * 10 <= pairs) return Utf16Order::bigEndian;
  return Utf16Order::none;
}

/// The bytes that are not UTF-8 taken as Windows-1252 (a superset of Latin-1's printable
/// characters), the valid UTF-8 around them kept: a file edited in two editors has both.
std::string latin1ToUtf8(std::string_view bytes) {
  std::string out;
  for (std::size_t i = 0; i < bytes.size();) {
    const auto lead = static_cast<unsigned char>(bytes[i]);
    const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    if (lead >= 0x80 && length > 1 && i + length <= bytes.size()) {
      const std::string_view character = bytes.substr(i, length);
      if (text::validUtf8(character) == character) {
        out += character;
        i += length;
        continue;
      }
    }
    if (lead < 0x80) {
      out += static_cast<char>(lead);
    } else {
      appendUtf8(out, lead < 0xA0 ? windows1252[lead - 0x80] : static_cast<char32_t>(lead));
    }
    ++i;
  }
  return out;
}

}  // namespace

std::string asUtf8(const std::string& bytes, const std::string& file,
                   std::vector<std::string>& notes) {
  const std::string saveAsUtf8 =
      " — save it as UTF-8 (in VS Code: click the encoding in the status bar, Save with "
      "Encoding, UTF-8)";
  const std::string_view view(bytes);
  const auto startsWith = [&view](std::string_view mark) {
    return view.substr(0, mark.size()) == mark;
  };
  std::optional<Utf16Order> utf16;
  std::string_view units = view;
  if (startsWith("\xFF\xFE")) {
    utf16 = Utf16Order::littleEndian;
    units.remove_prefix(2);
  } else if (startsWith("\xFE\xFF")) {
    utf16 = Utf16Order::bigEndian;
    units.remove_prefix(2);
  } else if (const Utf16Order order = utf16WithoutMark(view); order != Utf16Order::none) {
    utf16 = order;
  }
  if (utf16) {
    std::string out;
    if (!utf16ToUtf8(units, *utf16 == Utf16Order::bigEndian, out)) {
      throw SubmissionError(file +
                            " was saved as UTF-16, but it is not valid UTF-16 (a byte or a "
                            "surrogate without its pair): save it as UTF-8 and hand it in again");
    }
    notes.push_back(file + " was saved as UTF-16; graded as UTF-8" + saveAsUtf8);
    return out;
  }
  std::string_view text = view;
  if (startsWith("\xEF\xBB\xBF")) {
    text.remove_prefix(3);
    notes.push_back(file + " was saved as UTF-8 with a byte-order mark (BOM); graded without it");
  }
  if (text::validUtf8(text) == text) return std::string(text);
  notes.push_back(file + " was saved as Latin-1 (Windows-1252), not UTF-8; graded as UTF-8" +
                  saveAsUtf8);
  return latin1ToUtf8(text);
}

}  // namespace mazekit::grade
