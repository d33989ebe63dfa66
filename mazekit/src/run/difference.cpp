// A failed comparison's two sides, read back from Catch2's expansion (see difference.hpp).
#include "run/difference.hpp"

#include <algorithm>
#include <cstdio>

#include "common/lines.hpp"

namespace mazekit::run {
namespace {

// A value as Catch2 writes it: an atom (`1`, `"text"`, `(3, 4)`) or a sequence `{ a, b }`.
struct Value {
  bool sequence = false;
  std::string atom;
  std::vector<Value> items;
};

bool startsAt(const std::string& s, std::size_t at, const char* what) {
  return s.compare(at, std::char_traits<char>::length(what), what) == 0;
}

// Reads one value of `s` from `at`; `at` ends after it. Nothing when it is not one Catch2
// would have written.
std::optional<Value> readValue(const std::string& s, std::size_t& at, int depth = 0) {
  if (depth > 8 || at >= s.size()) return std::nullopt;
  Value value;
  if (s[at] == '{') {
    value.sequence = true;
    if (startsAt(s, at, "{  }")) {
      at += 4;
      return value;
    }
    if (!startsAt(s, at, "{ ")) return std::nullopt;
    at += 2;
    while (true) {
      auto item = readValue(s, at, depth + 1);
      if (!item) return std::nullopt;
      value.items.push_back(std::move(*item));
      if (startsAt(s, at, ", ")) {
        at += 2;
      } else if (startsAt(s, at, " }")) {
        at += 2;
        return value;
      } else {
        return std::nullopt;
      }
    }
  }
  // An atom: up to ", " or " }" outside quotes and parentheses.
  const std::size_t begin = at;
  int parens = 0;
  bool quoted = false;
  for (; at < s.size(); ++at) {
    const char c = s[at];
    if (c == '"') quoted = !quoted;
    if (quoted) continue;
    if (c == '(') ++parens;
    if (c == ')') --parens;
    if (parens == 0 && depth > 0 && (startsAt(s, at, ", ") || startsAt(s, at, " }"))) break;
  }
  value.atom = s.substr(begin, at - begin);
  if (value.atom.empty()) return std::nullopt;
  return value;
}

std::optional<Value> wholeValue(const std::string& s) {
  std::size_t at = 0;
  auto value = readValue(s, at);
  if (!value || at != s.size()) return std::nullopt;
  return value;
}

bool isText(const std::string& side) {
  return side.size() >= 2 && side.front() == '"' && side.back() == '"';
}

std::string atomText(const Value& v) {
  if (!v.sequence) return v.atom;
  std::string out = "{ ";
  for (std::size_t i = 0; i < v.items.size(); ++i) out += (i ? ", " : "") + atomText(v.items[i]);
  return out + " }";  // an empty one is "{  }", as Catch2 prints it
}

bool same(const Value& a, const Value& b) {
  if (a.sequence != b.sequence) return false;
  if (!a.sequence) return a.atom == b.atom;
  if (a.items.size() != b.items.size()) return false;
  for (std::size_t i = 0; i < a.items.size(); ++i)
    if (!same(a.items[i], b.items[i])) return false;
  return true;
}

// The expression's two sides at its top-level "==", or nothing.
std::optional<std::pair<std::string, std::string>> splitExpression(const std::string& e) {
  int depth = 0;
  bool quoted = false;
  for (std::size_t i = 0; i + 1 < e.size(); ++i) {
    const char c = e[i];
    if (c == '"' && (i == 0 || e[i - 1] != '\\')) quoted = !quoted;
    if (quoted) continue;
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth == 0 && startsAt(e, i, "==")) {
      auto trim = [](const std::string& t) {
        const auto first = t.find_first_not_of(' ');
        const auto last = t.find_last_not_of(' ');
        return first == std::string::npos ? std::string() : t.substr(first, last - first + 1);
      };
      return std::make_pair(trim(e.substr(0, i)), trim(e.substr(i + 2)));
    }
  }
  return std::nullopt;
}

// A side of the expression that is written out in the test: a literal, not a call.
bool literal(const std::string& side) {
  if (side.empty()) return false;
  const char c = side.front();
  return c == '"' || c == '{' || c == '\'' || (c >= '0' && c <= '9') || c == '-';
}

std::vector<std::string> linesOf(const std::string& text, bool& endsWithNewline) {
  endsWithNewline = !text.empty() && text.back() == '\n';
  return common::splitLines(text);
}

std::string numbered(std::size_t number, bool marked, const std::string& line) {
  char prefix[32];
  std::snprintf(prefix, sizeof prefix, "  %s%3zu | ", marked ? ">" : " ", number);
  return prefix + visibleSpaces(line);
}

struct Side {
  std::string name;  ///< "expected", or the expression
  std::string value;
};

std::vector<std::string> textDifference(const Side& a, const Side& b, bool full,
                                        std::size_t context) {
  bool aEnds = false;
  bool bEnds = false;
  const std::vector<std::string> aLines = linesOf(a.value, aEnds);
  const std::vector<std::string> bLines = linesOf(b.value, bEnds);
  const std::size_t longest = std::max(aLines.size(), bLines.size());
  std::size_t first = 0;
  while (first < longest && first < aLines.size() && first < bLines.size() &&
         aLines[first] == bLines[first])
    ++first;
  std::vector<std::string> out;
  const std::string who = a.name == "expected"   ? b.name + " is not the text expected"
                          : b.name == "expected" ? a.name + " is not the text expected"
                                                 : a.name + " and " + b.name + " differ";
  if (first == longest) {
    // Every line the same: only the newline at the end differs.
    out.push_back(who + ": only the newline at the end differs (" + a.name +
                  (aEnds ? " ends with one, " : " has none, ") + b.name +
                  (bEnds ? " ends with one)" : " has none)"));
    return out;
  }
  out.push_back(who + ": line " + std::to_string(first + 1) + " differs (· is a space)" +
                (aLines.size() != bLines.size()
                     ? "; " + a.name + " has " + std::to_string(aLines.size()) + " lines, " +
                           b.name + " " + std::to_string(bLines.size())
                     : ""));
  std::size_t from = 0;
  std::size_t to = longest;
  if (!full && longest > 2 * context + 3) {
    from = first > context ? first - context : 0;
    to = std::min(longest, first + context + 1);
  }
  for (const Side* side : {&a, &b}) {
    const std::vector<std::string>& lines = side == &a ? aLines : bLines;
    const bool ends = side == &a ? aEnds : bEnds;
    std::string title = side->name + ":";
    if (from > 0 || to < longest) {
      title += " (lines " + std::to_string(from + 1) + " to " +
               std::to_string(std::min(to, std::max<std::size_t>(lines.size(), from + 1))) +
               " of " + std::to_string(lines.size()) + ")";
    }
    out.push_back(title);
    for (std::size_t i = from; i < to && i < lines.size(); ++i)
      out.push_back(numbered(i + 1, i == first, lines[i]));
    if (lines.size() <= first)
      out.push_back("  >      (no line " + std::to_string(first + 1) + ")");
    if (!ends && !lines.empty() && to >= lines.size())
      out.push_back("         (no newline at the end)");
  }
  return out;
}

std::string items(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::vector<std::string> sequenceDifference(const Side& a, const Value& av, const Side& b,
                                            const Value& bv) {
  const auto grid = [](const Value& v) {
    return !v.items.empty() && std::all_of(v.items.begin(), v.items.end(),
                                           [](const Value& row) { return row.sequence; });
  };
  std::vector<std::string> out;
  if (grid(av) && grid(bv)) {
    std::size_t differing = 0;
    std::optional<std::pair<std::size_t, std::size_t>> firstAt;
    const std::size_t rows = std::min(av.items.size(), bv.items.size());
    for (std::size_t r = 0; r < rows; ++r) {
      const auto& ar = av.items[r].items;
      const auto& br = bv.items[r].items;
      for (std::size_t c = 0; c < std::max(ar.size(), br.size()); ++c) {
        if (c < ar.size() && c < br.size() && same(ar[c], br[c])) continue;
        ++differing;
        if (!firstAt) firstAt = std::make_pair(r, c);
      }
    }
    if (av.items.size() != bv.items.size()) {
      out.push_back(a.name + " has " + items(av.items.size(), "row", "rows") + ", " + b.name +
                    " has " + items(bv.items.size(), "row", "rows"));
    }
    if (firstAt) {
      // Named, not bound: clang 14's lambdas capture no structured bindings.
      const std::size_t r = firstAt->first;
      const std::size_t c = firstAt->second;
      const auto at = [&](const Value& v) {
        const auto& row = v.items[r].items;
        return c < row.size() ? atomText(row[c]) : std::string("nothing (its row is shorter)");
      };
      out.push_back(a.name + " and " + b.name + " first differ at row " + std::to_string(r) +
                    ", column " + std::to_string(c) + " (counting from 0): " + a.name + " has " +
                    at(av) + ", " + b.name + " has " + at(bv) + "; " +
                    items(differing, "square differs", "squares differ") + " in all");
    }
    if (!out.empty()) return out;
  }
  const std::size_t n = std::min(av.items.size(), bv.items.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (same(av.items[i], bv.items[i])) continue;
    out.push_back(a.name + " and " + b.name + " first differ at position " + std::to_string(i) +
                  " (counting from 0): " + a.name + " has " + atomText(av.items[i]) + ", " +
                  b.name + " has " + atomText(bv.items[i]));
    break;
  }
  if (av.items.size() != bv.items.size()) {
    out.push_back(a.name + " has " + items(av.items.size(), "item", "items") + ", " + b.name +
                  " has " + items(bv.items.size(), "item", "items"));
  }
  return out;
}

}  // namespace

std::string visibleSpaces(const std::string& line) {
  std::string out;
  for (const char c : line) {
    const auto u = static_cast<unsigned char>(c);
    if (c == ' ') {
      out += "\u00b7";
    } else if (c == '\t') {
      out += "\u2192";
    } else if (u < 0x20 || u == 0x7f) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", u);
      out += escaped;
    } else {
      out += c;
    }
  }
  return out;
}

std::string shortExpression(const std::string& expression) {
  const auto sides = splitExpression(expression);
  if (!sides) return expression;
  const auto side = [](const std::string& text) {
    return literal(text) && text.size() > 30 ? std::string("expected") : text;
  };
  return side(sides->first) + " == " + side(sides->second);
}

std::optional<std::vector<std::string>> describeDifference(const std::string& expression,
                                                           const std::string& values, bool full,
                                                           std::size_t context) {
  const auto sides = splitExpression(expression);
  if (!sides) return std::nullopt;
  // Catch2 writes "lhs == rhs" on one line when both are short, else "lhs\n==\nrhs". A text
  // may hold either: the split that leaves two well-formed values is the one.
  for (const char* op : {"\n==\n", " == "}) {
    const std::size_t width = std::char_traits<char>::length(op);
    for (std::size_t at = values.find(op); at != std::string::npos; at = values.find(op, at + 1)) {
      const std::string left = values.substr(0, at);
      const std::string right = values.substr(at + width);
      const auto name = [](const std::string& side) {
        return literal(side) ? std::string("expected") : side;
      };
      Side a{name(sides->first), left};
      Side b{name(sides->second), right};
      if (a.name == b.name) {  // both literals, or the same expression twice
        a.name = "the left side";
        b.name = "the right side";
      }
      if (isText(left) && isText(right)) {
        a.value = left.substr(1, left.size() - 2);
        b.value = right.substr(1, right.size() - 2);
        if (a.value == b.value) return std::nullopt;
        // The expected side first.
        if (b.name == "expected") std::swap(a, b);
        return textDifference(a, b, full, context);
      }
      const auto av = wholeValue(left);
      const auto bv = wholeValue(right);
      if (av && bv && av->sequence && bv->sequence) {
        if (same(*av, *bv)) return std::nullopt;
        auto out = sequenceDifference(a, *av, b, *bv);
        if (out.empty()) return std::nullopt;
        return out;
      }
    }
  }
  return std::nullopt;
}

}  // namespace mazekit::run
