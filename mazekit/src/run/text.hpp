#pragma once
// Text from a student's program or files, made safe for each place it is written to. Any
// byte sequence goes in; what comes out is valid UTF-8 and cannot break the file around it.
// Every string that reaches a report, a CSV cell, XML, HTML, JSON or the terminal passes
// through one of these.

#include <cstddef>
#include <string>
#include <string_view>

namespace mazekit::text {

/// `bytes` with every invalid UTF-8 sequence (a stray \xff, a character cut short, an
/// overlong form, a surrogate) replaced by U+FFFD, one replacement per maximal bad
/// subsequence as Unicode's "best practice" says. NUL bytes are kept.
std::string validUtf8(std::string_view bytes);

/// At most `maxBytes` bytes of validUtf8(text), cut on a code-point boundary, never inside a
/// character. Appends nothing: the caller says that it was cut.
std::string cutUtf8(std::string_view text, std::size_t maxBytes);

/// One line for a terminal: valid UTF-8; every control character (C0, DEL, C1 — newline, CR,
/// escape sequences) written as a visible escape like "\n", "\r", "\x1b", so a name cannot
/// move the cursor or forge another row. The bidirectional overrides and the Unicode line
/// separators are written as "\u202e" and the like, so they cannot reorder a row either.
///   terminalLine("mallory\n complete 39") == "mallory\\n complete 39"
std::string terminalLine(std::string_view text);

/// A CSV cell (RFC 4180): valid UTF-8, quoted when it holds , " CR or LF or starts or ends
/// with a space; a cell that starts with = + - @, a tab or a carriage return gets a leading '
/// so spreadsheets do not run it as a formula (OWASP's advice). NUL becomes U+FFFD.
///   csvCell("=1+2") == "'=1+2",  csvCell("a,b") == "\"a,b\""
std::string csvCell(std::string_view text);

/// Text for XML 1.0 content or an attribute value: valid UTF-8, & < > " ' escaped, and the
/// characters XML 1.0 forbids (controls other than tab, newline, CR; U+FFFE, U+FFFF)
/// written as U+FFFD. CR is written "&#13;" so that a parser keeps it.
///   xmlText("a<b & \x01") == "a&lt;b &amp; \uFFFD" (as UTF-8)
std::string xmlText(std::string_view text);

/// Text for HTML content or a quoted attribute: as xmlText.
std::string htmlText(std::string_view text);

}  // namespace mazekit::text
