// Making any bytes safe text. One decoder (nextCharacter) is the single place that decides
// what valid UTF-8 is; every other function walks the text with it, so a byte sequence that
// one output accepts can never break another.
#include "run/text.hpp"

#include <cstdint>

namespace mazekit::text {
namespace {

constexpr std::string_view replacementCharacter = "\xEF\xBF\xBD";  // U+FFFD

/// One step through the bytes: a whole character, or the bytes to replace by one U+FFFD.
struct Decoded {
  std::size_t length = 1;  ///< bytes used, at least 1
  bool valid = false;
  char32_t codePoint = 0;  ///< when valid
};

bool isContinuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

/// The character that starts at `bytes[at]`, as Unicode's table 3-7 of well-formed UTF-8
/// allows it. When it is not well-formed, `length` is its maximal subpart: the longest start
/// of a well-formed sequence there (at least one byte), which becomes one U+FFFD. So "\xE2\x80"
/// (a 3-byte character cut after 2) is one U+FFFD, and "\xC0\xAF" (an overlong '/') is two,
/// because no well-formed sequence starts with \xC0.
Decoded nextCharacter(std::string_view bytes, std::size_t at) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(bytes[at + k]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return {1, true, lead};

  std::size_t length = 0;
  char32_t codePoint = 0;
  // The range of the second byte is where overlongs, surrogates and values above U+10FFFF are
  // shut out; every later byte is a plain continuation byte 80..BF.
  unsigned char secondLow = 0x80;
  unsigned char secondHigh = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    codePoint = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    codePoint = lead & 0x0F;
    if (lead == 0xE0) secondLow = 0xA0;   // below: overlong
    if (lead == 0xED) secondHigh = 0x9F;  // above: surrogates D800..DFFF
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    codePoint = lead & 0x07;
    if (lead == 0xF0) secondLow = 0x90;   // below: overlong
    if (lead == 0xF4) secondHigh = 0x8F;  // above: beyond U+10FFFF
  } else {
    return {1, false, 0};  // 80..C1 and F5..FF never start a character
  }

  for (std::size_t k = 1; k < length; ++k) {
    const bool fits =
        at + k < bytes.size() &&
        (k == 1 ? byte(k) >= secondLow && byte(k) <= secondHigh : isContinuation(byte(k)));
    if (!fits) return {k, false, 0};
    codePoint = (codePoint << 6) | (byte(k) & 0x3F);
  }
  return {length, true, codePoint};
}

/// Calls `write(codePoint, validBytes)` for each character of `bytes`, with U+FFFD for each
/// maximal bad subsequence.
template <typename Write>
void forEachCharacter(std::string_view bytes, Write write) {
  for (std::size_t at = 0; at < bytes.size();) {
    const Decoded next = nextCharacter(bytes, at);
    if (next.valid) {
      write(next.codePoint, bytes.substr(at, next.length));
    } else {
      write(char32_t{0xFFFD}, replacementCharacter);
    }
    at += next.length;
  }
}

std::string hexEscape(const char* prefix, std::uint32_t value, int digits) {
  static const char* hex = "0123456789abcdef";
  std::string escape = prefix;
  for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) escape += hex[(value >> shift) & 0xF];
  return escape;
}

/// Characters that change how a terminal shows the text around them without being C0 or C1
/// controls: the bidirectional overrides and isolates (which can reorder a row, as in
/// "Trojan Source") and the Unicode line and paragraph separators.
bool isLayoutControl(char32_t c) {
  return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x2028 ||
         c == 0x2029 || c == 0x200E || c == 0x200F || c == 0x061C;
}

bool allowedInXml(char32_t c) {
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

}  // namespace

std::string validUtf8(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  forEachCharacter(bytes, [&](char32_t, std::string_view character) { out += character; });
  return out;
}

std::string cutUtf8(std::string_view text, std::size_t maxBytes) {
  std::string valid = validUtf8(text);
  if (valid.size() <= maxBytes) return valid;
  // The text is valid now, so a character starts at every byte that is not 10xxxxxx.
  std::size_t cut = maxBytes;
  while (cut > 0 && isContinuation(static_cast<unsigned char>(valid[cut]))) --cut;
  valid.resize(cut);
  return valid;
}

std::string terminalLine(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  forEachCharacter(text, [&](char32_t c, std::string_view character) {
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) {
      out += hexEscape("\\x", c, 2);  // ESC is "\x1b", DEL "\x7f", the C1 CSI "\x9b"
    } else if (isLayoutControl(c)) {
      out += hexEscape("\\u", c, 4);
    } else {
      out += character;
    }
  });
  return out;
}

std::string csvCell(std::string_view text) {
  std::string cell;
  // A NUL inside a CSV file stops many readers (Python's csv module refuses the line).
  forEachCharacter(text, [&](char32_t c, std::string_view character) {
    cell += c == 0 ? replacementCharacter : character;
  });
  // OWASP's advice against CSV injection: a spreadsheet runs a cell that starts with one of
  // these as a formula ("=HYPERLINK(...)"); a leading ' makes it text.
  if (!cell.empty() && std::string_view("=+-@\t\r").find(cell.front()) != std::string_view::npos) {
    cell.insert(0, 1, '\'');
  }
  const bool quote = cell.find_first_of(",\"\r\n") != std::string::npos ||
                     (!cell.empty() && (cell.front() == ' ' || cell.back() == ' '));
  if (!quote) return cell;
  std::string quoted = "\"";
  for (const char c : cell) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string xmlText(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  forEachCharacter(text, [&](char32_t c, std::string_view character) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;  // also keeps "]]>" out of the text
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      case '\r':
        out += "&#13;";
        break;  // written raw, a parser would turn it into a newline
      default:
        out += allowedInXml(c) ? character : replacementCharacter;
    }
  });
  return out;
}

std::string htmlText(std::string_view text) { return xmlText(text); }

}  // namespace mazekit::text
