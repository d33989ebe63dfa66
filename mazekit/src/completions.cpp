// `mazekit completions bash|zsh|fish`: a completion script for the shell, made from the same
// command table as `mazekit --help` (every command, its options and their descriptions), so
// that a new command or option completes without anyone writing it twice.
//
//     source <(mazekit completions bash)                      # this shell, or in ~/.bashrc
//     mazekit completions zsh > "${fpath[1]}/_mazekit"        # then a new zsh
//     mazekit completions fish > ~/.config/fish/completions/mazekit.fish
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "kit/kit.hpp"

namespace mazekit {
namespace {

struct Flag {
  std::string name;  ///< "--jobs" or "-j"
  std::string longName;
  std::string shortName;
  std::string description;
  bool takesValue = false;
};

struct Command {
  std::string name;
  std::string description;
  std::vector<Flag> flags;
};

// The commands, as the program's CLI11 table holds them (help and completions too).
std::vector<Command> commandsOf(const CLI::App& app) {
  std::vector<Command> commands;
  for (const CLI::App* sub : app.get_subcommands({})) {
    Command command{sub->get_name(), sub->get_description(), {}};
    for (const CLI::Option* option : sub->get_options()) {
      if (option->get_positional()) continue;
      Flag flag;
      flag.description = option->get_description();
      flag.takesValue = option->get_type_size_max() > 0;
      if (!option->get_lnames().empty()) flag.longName = "--" + option->get_lnames().front();
      if (!option->get_snames().empty()) flag.shortName = "-" + option->get_snames().front();
      command.flags.push_back(flag);
    }
    commands.push_back(command);
  }
  return commands;
}

// Text inside single quotes, for each shell: ' ends the quote, so it is written '\'' (bash and
// zsh) or \' (fish, which also reads \\ as \).
std::string quoted(const std::string& text, bool fish) {
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'') {
      out += fish ? "\\'" : "'\\''";
    } else if (c == '\\' && fish) {
      out += "\\\\";
    } else {
      out += c;
    }
  }
  return out + "'";
}

// zsh's _arguments and _describe read [ ] and : in a description as their own syntax.
std::string zshText(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '[' || c == ']' || c == ':' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string words(const std::vector<std::string>& list) {
  std::string out;
  for (const std::string& word : list) out += (out.empty() ? "" : " ") + word;
  return out;
}

std::vector<std::string> namesOf(const std::vector<Command>& commands) {
  std::vector<std::string> names;
  for (const Command& command : commands) names.push_back(command.name);
  return names;
}

void printBash(const std::vector<Command>& commands) {
  std::cout << "# mazekit's completions for bash: source <(mazekit completions bash)\n"
            << "_mazekit() {\n"
            << "  local cur=\"${COMP_WORDS[COMP_CWORD]}\"\n"
            << "  local commands=" << quoted(words(namesOf(commands)), false) << "\n"
            << "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
            << "    COMPREPLY=($(compgen -W \"$commands --help --version\" -- \"$cur\"))\n"
            << "    return\n"
            << "  fi\n"
            << "  local words=''\n"
            << "  case \"${COMP_WORDS[1]}\" in\n";
  for (const Command& command : commands) {
    std::vector<std::string> flags;
    for (const Flag& flag : command.flags) {
      if (!flag.longName.empty()) flags.push_back(flag.longName);
      if (!flag.shortName.empty()) flags.push_back(flag.shortName);
    }
    if (command.name == "help") flags = namesOf(commands);
    std::cout << "    " << command.name << ") words=" << quoted(words(flags), false) << " ;;\n";
  }
  std::cout << "  esac\n"
            << "  # Options after a -, the commands after help; else the shell's own (files).\n"
            << "  if [[ \"$cur\" == -* || \"${COMP_WORDS[1]}\" == help ]]; then\n"
            << "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
            << "  fi\n"
            << "}\n"
            << "complete -o default -F _mazekit mazekit\n";
}

void printZsh(const std::vector<Command>& commands) {
  std::cout
      << "#compdef mazekit\n"
      << "# mazekit's completions for zsh: mazekit completions zsh > \"${fpath[1]}/_mazekit\"\n"
      << "_mazekit() {\n"
      << "  local -a commands\n"
      << "  commands=(\n";
  for (const Command& command : commands) {
    std::cout << "    " << quoted(command.name + ":" + zshText(command.description), false) << "\n";
  }
  std::cout << "  )\n"
            << "  if (( CURRENT == 2 )); then\n"
            << "    _describe 'command' commands\n"
            << "    return\n"
            << "  fi\n"
            << "  case $words[2] in\n";
  for (const Command& command : commands) {
    std::cout << "    " << command.name << ")\n";
    if (command.name == "help") {
      std::cout << "      _describe 'command' commands ;;\n";
      continue;
    }
    std::cout << "      _arguments";
    for (const Flag& flag : command.flags) {
      const std::string value = flag.takesValue ? ":value:" : "";
      for (const std::string& name : {flag.longName, flag.shortName}) {
        if (name.empty()) continue;
        std::cout << " \\\n        "
                  << quoted(name + "[" + zshText(flag.description) + "]" + value, false);
      }
    }
    std::cout << " \\\n        '*:file:_files' ;;\n";
  }
  std::cout << "  esac\n"
            << "}\n"
            << "if [ \"$funcstack[1]\" = \"_mazekit\" ]; then\n"
            << "  _mazekit \"$@\"\n"
            << "else\n"
            << "  compdef _mazekit mazekit\n"
            << "fi\n";
}

void printFish(const std::vector<Command>& commands) {
  std::cout << "# mazekit's completions for fish:\n"
            << "#   mazekit completions fish > ~/.config/fish/completions/mazekit.fish\n"
            << "complete -c mazekit -f\n";
  const std::string all = words(namesOf(commands));
  for (const Command& command : commands) {
    std::cout << "complete -c mazekit -n " << quoted("not __fish_seen_subcommand_from " + all, true)
              << " -a " << command.name << " -d " << quoted(command.description, true) << "\n";
  }
  for (const Command& command : commands) {
    const std::string when = quoted("__fish_seen_subcommand_from " + command.name, true);
    if (command.name == "help") {
      std::cout << "complete -c mazekit -n " << when << " -a " << quoted(all, true) << "\n";
      continue;
    }
    for (const Flag& flag : command.flags) {
      std::cout << "complete -c mazekit -n " << when;
      if (!flag.longName.empty()) std::cout << " -l " << flag.longName.substr(2);
      if (!flag.shortName.empty()) std::cout << " -s " << flag.shortName.substr(1);
      if (flag.takesValue) std::cout << " -r";
      std::cout << " -d " << quoted(flag.description, true) << "\n";
    }
    std::cout << "complete -c mazekit -n " << when << " -F\n";  // files, after its options
  }
}

}  // namespace

void addCompletionsCommand(CLI::App& app) {
  auto shell = std::make_shared<std::string>();
  CLI::App* command =
      app.add_subcommand("completions",
                         "Print a completion script for bash, zsh or fish: source <(mazekit "
                         "completions bash)");
  command->add_option("shell", *shell, "bash, zsh or fish")->required();
  command->callback([&app, shell] {
    const std::vector<Command> commands = commandsOf(app);
    if (*shell == "bash") {
      printBash(commands);
    } else if (*shell == "zsh") {
      printZsh(commands);
    } else if (*shell == "fish") {
      printFish(commands);
    } else {
      throw UsageError("completions: there are no completions for the shell '" + *shell +
                       "': give bash, zsh or fish");
    }
  });
}

}  // namespace mazekit
