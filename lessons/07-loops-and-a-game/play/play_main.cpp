// mazekit play: lesson 7's game in the terminal, built from the student's maze.hpp and
// game.hpp. The arrow keys (or WASD, or hjkl) move the player; q or Ctrl-C quits. The screen
// shows the part of the maze the player has seen, the player (@@) and the goal (XX), and the
// turns so far. On a win it saves the maze's picture, with the player's path, as a PNG.
//
// The terminal is put in raw mode (each key arrives at once, not echoed) and its settings are
// put back on every way out: a quit, a win, Ctrl-C, SIGTERM or SIGHUP, an exception, the
// input closed.
//
//     play --seed 12 --braid 0.2 --picture exercises/07-loops-and-a-game-play.png
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>

#include <turtle/turtle.hpp>

#include "game.hpp"
#include "maze.hpp"

namespace {

// The terminal's settings as they were, and whether they are saved (and so to be restored).
termios savedSettings{};
volatile std::sig_atomic_t settingsSaved = 0;

// Writes all of a string to standard output with write(), which a signal handler may call.
void writeOut(const char* text, std::size_t length) {
  while (length > 0) {
    const ssize_t n = ::write(STDOUT_FILENO, text, length);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    text += n;
    length -= static_cast<std::size_t>(n);
  }
}
void writeOut(const std::string& text) { writeOut(text.data(), text.size()); }

// Puts the terminal back as it was and shows the cursor again. Only calls what a signal
// handler may call, and does nothing the second time.
void restoreTerminal() {
  if (settingsSaved == 0) return;
  ::tcsetattr(STDIN_FILENO, TCSANOW, &savedSettings);
  settingsSaved = 0;
  const char showCursor[] = "\x1b[?25h";
  writeOut(showCursor, sizeof showCursor - 1);
}

// A signal (Ctrl-C from another terminal, kill, the terminal closed): the terminal back, then
// the signal's own ending, so that the shell sees how the game ended.
extern "C" void onSignal(int signal) {
  restoreTerminal();
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

// Raw mode for as long as it lives: keys arrive one by one, unechoed, and Ctrl-C arrives as a
// key (3) rather than as a signal.
class RawMode {
 public:
  RawMode() {
    if (::tcgetattr(STDIN_FILENO, &savedSettings) != 0) {
      throw std::runtime_error("cannot read the terminal's settings");
    }
    settingsSaved = 1;
    std::atexit(restoreTerminal);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) std::signal(signal, onSignal);
    termios raw = savedSettings;
    raw.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO | ISIG | IEXTEN);
    raw.c_iflag &= ~static_cast<tcflag_t>(IXON | ICRNL);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (::tcsetattr(STDIN_FILENO, TCSANOW, &raw) != 0) {
      restoreTerminal();
      throw std::runtime_error("cannot put the terminal in raw mode");
    }
    writeOut("\x1b[?25l");  // hide the cursor
  }
  ~RawMode() { restoreTerminal(); }
  RawMode(const RawMode&) = delete;
  RawMode& operator=(const RawMode&) = delete;
};

// What a key asks for.
enum class Key { none, east, north, west, south, quit };

// Reads keys from bytes, one at a time: an arrow key is three bytes, ESC [ A (or ESC O A).
class KeyReader {
 public:
  Key feed(char byte) {
    if (state_ == 1) {
      state_ = (byte == '[' || byte == 'O') ? 2 : 0;
      return Key::none;
    }
    if (state_ == 2) {
      state_ = 0;
      switch (byte) {
        case 'A':
          return Key::north;
        case 'B':
          return Key::south;
        case 'C':
          return Key::east;
        case 'D':
          return Key::west;
        default:
          return Key::none;
      }
    }
    switch (byte) {
      case '\x1b':
        state_ = 1;
        return Key::none;
      case 'w':
      case 'W':
      case 'k':
        return Key::north;
      case 's':
      case 'S':
      case 'j':
        return Key::south;
      case 'd':
      case 'D':
      case 'l':
        return Key::east;
      case 'a':
      case 'A':
      case 'h':
        return Key::west;
      case 'q':
      case 'Q':
      case '\x03':
      case '\x04':
        return Key::quit;  // q, Ctrl-C, Ctrl-D
      default:
        return Key::none;
    }
  }

 private:
  int state_ = 0;  // 0: a key, 1: after ESC, 2: after ESC [
};

int directionOf(Key key) {
  switch (key) {
    case Key::east:
      return EAST;
    case Key::north:
      return NORTH;
    case Key::west:
      return WEST;
    default:
      return SOUTH;
  }
}

const char* nameOf(int direction) {
  static const char* const names[] = {"east", "north", "west", "south"};
  return names[direction];
}

// One screen: the seen part of the maze inside a border, two characters a square, then the
// turns and the last thing that happened. Ends with "clear to the end of the screen".
std::string frame(const Maze& maze, const Game& game, const std::string& title,
                  const std::string& message) {
  const int rows = static_cast<int>(maze.matrix.size());
  const int cols = static_cast<int>(maze.matrix[0].size());
  std::string out = "\x1b[H" + title + "\x1b[K\r\n";
  out += std::string(2 * (cols + 1), '#') + "\x1b[K\r\n";  // the wall above row 0
  for (int row = 0; row < rows; ++row) {
    out += "##";  // the wall left of column 0
    for (int col = 0; col < cols; ++col) {
      const int value = maze.matrix[row][col];
      if (row == game.position().row && col == game.position().col) {
        out += "@@";
      } else if (value == END) {
        out += "XX";  // the goal is always shown
      } else if (!game.hasSeen(row, col)) {
        out += "  ";
      } else if (value == WALL) {
        out += "##";
      } else {
        out += "..";
      }
    }
    out += "\x1b[K\r\n";
  }
  out += "Turns: " + std::to_string(game.turns()) +
         "   arrow keys, WASD or hjkl move; q quits\x1b[K\r\n";
  out += message + "\x1b[K\r\n\x1b[J";
  return out;
}

// "1 turn", "2 turns".
std::string turnsText(int turns) {
  return std::to_string(turns) + (turns == 1 ? " turn" : " turns");
}

struct Options {
  std::uint64_t seed = 1;
  double braid = 0.2;
  std::string picture = "play.png";
};

Options readOptions(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string name = argv[i];
    if (i + 1 >= argc) throw std::invalid_argument("option " + name + " needs a value");
    const std::string value = argv[++i];
    if (name == "--seed") {
      options.seed = std::stoull(value);
    } else if (name == "--braid") {
      options.braid = std::stod(value);
    } else if (name == "--picture") {
      options.picture = value;
    } else {
      throw std::invalid_argument("unknown option " + name +
                                  ": the options are --seed N, --braid F and --picture FILE");
    }
  }
  return options;
}

int play(const Options& options) {
  Maze maze;
  maze.seed(options.seed);
  maze.reset();
  maze.makeMaze();
  maze.braid(options.braid);
  Game game(maze);
  const std::string title = "Find the way to XX (maze " + std::to_string(options.seed) +
                            ", braided " + std::to_string(options.braid).substr(0, 4) + ")";
  std::string message = "You are @@, top left.";
  std::string ending;
  {
    const RawMode raw;
    writeOut("\x1b[2J");
    writeOut(frame(maze, game, title, message));
    KeyReader keys;
    while (!game.won()) {
      char bytes[64];
      const ssize_t n = ::read(STDIN_FILENO, bytes, sizeof bytes);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        ending = "The input was closed: the game ends after " + turnsText(game.turns()) + ".";
        break;
      }
      for (ssize_t i = 0; i < n && ending.empty() && !game.won(); ++i) {
        const Key key = keys.feed(bytes[i]);
        if (key == Key::none) continue;
        if (key == Key::quit) {
          ending = "You stopped after " + turnsText(game.turns()) + ".";
          break;
        }
        const int direction = directionOf(key);
        message = game.move(direction)
                      ? std::string("You went ") + nameOf(direction) + "."
                      : std::string("A wall blocks the way ") + nameOf(direction) + ".";
        writeOut(frame(maze, game, title, message));
      }
      if (!ending.empty()) break;
    }
  }  // the terminal is itself again
  if (!game.won()) {
    std::cout << ending << "\n";
    return 0;
  }
  maze.turtle.hideturtle();  // the picture shows the path, not the turtle
  turtle::saveFileAtomically(options.picture, maze.screen.png());
  std::cout << "You reached the goal in " << turnsText(game.turns()) << "!\n"
            << "The picture of your path: " << options.picture << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (::isatty(STDIN_FILENO) == 0 || ::isatty(STDOUT_FILENO) == 0) {
    std::cerr << "mazekit play: the game needs a terminal to read keys from, and its input or "
                 "output is not one: run it in a terminal window\n";
    return 2;
  }
  try {
    return play(readOptions(argc, argv));
  } catch (const std::exception& error) {
    restoreTerminal();
    std::cerr << "mazekit play: " << error.what() << "\n";
    return 1;
  }
}
