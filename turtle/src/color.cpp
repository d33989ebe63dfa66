#include "turtle/color.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstring>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "common/text.hpp"
#include "turtle/pen.hpp"  // pythonStr

namespace turtle {
namespace {

using common::asciiLower;

struct NamedColor {
  const char* key;   // lower case: lookups ignore case, as Tk's do
  const char* name;  // as Tk's table spells it
  unsigned char r, g, b;
};

// Every name Python's turtle accepts, read from Tk itself (see turtle/tools).
constexpr NamedColor colorTable[] = {
#include "color_table.inc"
};

const NamedColor* findName(std::string_view text) {
  const std::string key = asciiLower(text);
  const auto* end = std::end(colorTable);
  const auto* found =
      std::lower_bound(std::begin(colorTable), end, key,
                       [](const NamedColor& entry, const std::string& k) { return entry.key < k; });
  return (found != end && found->key == key) ? found : nullptr;
}

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// "#rgb" or "#rrggbb"; false for anything else.
bool parseHex(std::string_view text, std::array<int, 3>& rgb) {
  if (text.size() != 4 && text.size() != 7) return false;
  if (text[0] != '#') return false;
  for (char c : text.substr(1)) {
    if (hexDigit(c) < 0) return false;
  }
  const std::size_t digits = (text.size() - 1) / 3;
  for (std::size_t i = 0; i < 3; ++i) {
    const int high = hexDigit(text[1 + i * digits]);
    rgb[i] = digits == 1 ? high * 17 : high * 16 + hexDigit(text[2 + i * digits]);
  }
  return true;
}

// Edits between two words, where swapping two neighbouring letters counts as one edit
// ("bleu" is one edit from "blue").
std::size_t editDistance(const std::string& a, const std::string& b) {
  const std::size_t n = a.size();
  const std::size_t m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[n][m];
}

std::string withoutSpaces(std::string text) {
  text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
  return text;
}

// "unknown colour 'bleu' — did you mean 'blue'?"
std::string unknownColorMessage(std::string_view text) {
  std::ostringstream message;
  message << "unknown colour '" << text << "'";
  const std::string wanted = withoutSpaces(asciiLower(text));
  std::size_t best = std::max<std::size_t>(2, wanted.size() / 3) + 1;
  std::vector<std::string> nearest;
  for (const NamedColor& entry : colorTable) {
    // Spellings that differ only by spaces ("light blue", "lightblue") are one suggestion.
    const std::string candidate = withoutSpaces(entry.key);
    if (candidate != entry.key && findName(candidate) != nullptr) continue;
    const std::size_t distance = editDistance(wanted, candidate);
    if (distance < best) {
      best = distance;
      nearest.clear();
    }
    if (distance == best && nearest.size() < 3) nearest.emplace_back(entry.name);
  }
  if (!text.empty() && text[0] == '#') {
    message << " — a hex colour is '#rgb' or '#rrggbb', like '#ff8000'";
  } else if (!nearest.empty()) {
    message << " — did you mean ";
    for (std::size_t i = 0; i < nearest.size(); ++i) {
      if (i > 0) message << (i + 1 == nearest.size() ? " or " : ", ");
      message << "'" << nearest[i] << "'";
    }
    message << "?";
  } else {
    message << " — use a Tk colour name such as 'blue', '#rrggbb', or numbers";
  }
  return message.str();
}

void requireColormode(double colormode) {
  if (colormode != 1.0 && colormode != 255.0) {
    std::ostringstream message;
    message << "colormode must be 1.0 or 255, got " << colormode;
    throw ColorError(message.str());
  }
}

// One of (r, g, b) in the colormode as a byte, rounded as Python rounds (half to even:
// round(127.5) == 128, which nearbyint also gives); false outside 0…colormode or for NaN.
bool byteOf(double value, double colormode, int& byte) {
  if (!(value >= 0.0 && value <= colormode)) return false;
  byte = static_cast<int>(std::nearbyint(colormode == 1.0 ? value * 255.0 : value));
  return true;
}

std::string hexOf(int r, int g, int b) {
  std::ostringstream out;
  out << '#' << std::hex << std::setfill('0') << std::setw(2) << r << std::setw(2) << g
      << std::setw(2) << b;
  return out.str();
}

}  // namespace

Color::Color() : name_("black") {}

Color::Color(const char* text) : Color(std::string_view(text == nullptr ? "" : text)) {}

Color::Color(const std::string& text) : Color(std::string_view(text)) {}

Color::Color(std::string_view text) : name_(text) {
  std::array<int, 3> rgb{};
  if (const NamedColor* entry = findName(text)) {
    rgb = {entry->r, entry->g, entry->b};
  } else if (!parseHex(text, rgb)) {
    throw ColorError(unknownColorMessage(text));
  }
  r_ = static_cast<unsigned char>(rgb[0]);
  g_ = static_cast<unsigned char>(rgb[1]);
  b_ = static_cast<unsigned char>(rgb[2]);
}

Color::Color(std::string name, int r, int g, int b)
    : name_(std::move(name)),
      r_(static_cast<unsigned char>(r)),
      g_(static_cast<unsigned char>(g)),
      b_(static_cast<unsigned char>(b)) {}

Color Color::fromRgb(double r, double g, double b, double colormode) {
  requireColormode(colormode);
  std::array<int, 3> rgb{};
  const std::array<double, 3> given{r, g, b};
  for (std::size_t i = 0; i < 3; ++i) {
    if (!byteOf(given[i], colormode, rgb[i])) {
      std::ostringstream message;
      message << "bad colour (" << r << ", " << g << ", " << b << "): with colormode " << colormode
              << " each number must be from 0 to " << colormode;
      throw ColorError(message.str());
    }
  }
  return Color(hexOf(rgb[0], rgb[1], rgb[2]), rgb[0], rgb[1], rgb[2]);
}

namespace {
// {r, g, b} before a screen takes it: 0–1 numbers read in 1.0, others in 255, else black.
Color onItsOwn(double r, double g, double b) {
  for (double colormode : {1.0, 255.0}) {
    int byte = 0;
    if (byteOf(r, colormode, byte) && byteOf(g, colormode, byte) && byteOf(b, colormode, byte)) {
      return Color::fromRgb(r, g, b, colormode);
    }
  }
  return Color();
}
}  // namespace

Color::Color(double r, double g, double b) : Color(onItsOwn(r, g, b)) {
  numbersToRead_ = true;
  numbers_ = {r, g, b};
}

Color Color::readIn(double colormode) const {
  if (!numbersToRead_) return *this;
  return fromRgb(numbers_.r, numbers_.g, numbers_.b, colormode);
}

// Python's _color: each byte times the colormode, divided by 255, in that order, so the
// numbers are the very doubles Python gives.
RGB Color::rgb() const {
  const double mode = colormodeOrOne();
  return {r_ * mode / 255, g_ * mode / 255, b_ * mode / 255};
}

Color Color::inColormode(double colormode) const {
  requireColormode(colormode);
  Color read = *this;
  read.colormode_ = static_cast<unsigned char>(colormode);
  return read;
}

bool Color::sameAs(const RGB& numbers) const {
  const double mode = colormodeOrOne();
  int r = 0;
  int g = 0;
  int b = 0;
  return byteOf(numbers.r, mode, r) && byteOf(numbers.g, mode, g) && byteOf(numbers.b, mode, b) &&
         r == r_ && g == g_ && b == b_;
}

std::string Color::hex() const { return hexOf(r_, g_, b_); }

std::vector<std::string> Color::names() {
  std::vector<std::string> all;
  for (const NamedColor& entry : colorTable) all.emplace_back(entry.name);
  std::sort(all.begin(), all.end());
  return all;
}

double RGB::operator[](int index) const {
  switch (index) {
    case 0:
      return r;
    case 1:
      return g;
    case 2:
      return b;
    default:
      throw std::out_of_range("an (r, g, b) colour has indexes 0, 1 and 2, got " +
                              std::to_string(index));
  }
}

std::ostream& operator<<(std::ostream& out, const RGB& c) {
  return out << "(" << pythonStr(c.r) << ", " << pythonStr(c.g) << ", " << pythonStr(c.b) << ")";
}

namespace {
// The plainest name Tk's table has for these numbers (the shortest, then the first), or none:
// "blue" for #0000ff rather than "blue1", "white" for #ffffff rather than "gray100".
const NamedColor* plainestName(int r, int g, int b) {
  const NamedColor* best = nullptr;
  for (const NamedColor& entry : colorTable) {
    if (entry.r != r || entry.g != g || entry.b != b) continue;
    if (std::string_view(entry.name).find(' ') != std::string_view::npos) continue;
    if (best == nullptr || std::strlen(entry.name) < std::strlen(best->name)) best = &entry;
  }
  return best;
}
}  // namespace

std::ostream& operator<<(std::ostream& out, const Color& c) {
  if (!c.isName() && c.colormode_ != 0) return out << c.rgb();
  if (asciiLower(c.name()) == c.hex()) {
    // A colour given or read as numbers (a pixel of the picture) reads as a set one does in a
    // test's failure: "blue (#0000ff)", so that a student sees one form everywhere.
    if (const NamedColor* named = plainestName(c.r_, c.g_, c.b_))
      return out << named->name << " (" << c.hex() << ")";
    return out << c.hex();
  }
  return out << c.name() << " (" << c.hex() << ")";
}

}  // namespace turtle
