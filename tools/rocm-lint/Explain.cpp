// rocm-lint explain: match a build or run log against the error notebook.
#include "Lint.h"

#include "core/Notebook.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace rocmlint {

static int explainError(const std::string &Msg) {
  std::fprintf(stderr, "rocm-lint: error: %s\n", Msg.c_str());
  return 2;
}

int runExplain(const std::vector<std::string> &Args) {
  std::string LogPath, NotebookPath;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    if (A.rfind("--notebook=", 0) == 0)
      NotebookPath = A.substr(11);
    else if (A == "--notebook" && I + 1 < Args.size())
      NotebookPath = Args[++I];
    else if (A == "-h" || A == "--help") {
      std::puts("usage: rocm-lint explain [LOG_FILE|-] [--notebook=FILE]\n"
                "Matches a build or run log against the error notebook (docs/notebook.md) and prints, for each\n"
                "known error, when it happens, the fix steps and the checks that catch it before it happens.\n"
                "Exit status: 0 nothing recognised, 1 entries matched, 2 usage or input error.");
      return 0;
    } else if (A != "-" && !A.empty() && A[0] == '-')
      return explainError("unknown option '" + A + "' for 'explain'");
    else if (!LogPath.empty())
      return explainError("'explain' takes one log file");
    else
      LogPath = A;
  }

  std::vector<rocmtidy::NotebookEntry> Extra;
  if (!NotebookPath.empty()) {
    std::ifstream In(NotebookPath, std::ios::binary);
    if (!In)
      return explainError("cannot read notebook '" + NotebookPath + "'");
    std::stringstream S;
    S << In.rdbuf();
    std::string Error;
    auto Parsed = rocmtidy::parseNotebook(S.str(), Error);
    if (!Parsed)
      return explainError("malformed notebook '" + NotebookPath + "': " + Error);
    Extra = std::move(*Parsed);
  }
  std::vector<const rocmtidy::NotebookEntry *> Entries;
  // A team's own entries come first: they know their logs best.
  for (const auto &E : Extra)
    Entries.push_back(&E);
  for (const auto &E : rocmtidy::builtinNotebook())
    Entries.push_back(&E);

  std::string Log;
  if (LogPath.empty() || LogPath == "-") {
    std::stringstream S;
    S << std::cin.rdbuf();
    Log = S.str();
    LogPath = "<stdin>";
  } else {
    std::ifstream In(LogPath, std::ios::binary);
    if (!In)
      return explainError("cannot read log '" + LogPath + "'");
    std::stringstream S;
    S << In.rdbuf();
    Log = S.str();
  }

  auto Matches = rocmtidy::matchLog(Entries, Log);
  if (Matches.empty()) {
    std::printf("rocm-lint: no known error in %s (docs/notebook.md lists the known ones; add yours with "
                "--notebook)\n",
                LogPath.c_str());
    return 0;
  }
  for (const auto &M : Matches) {
    const auto &E = *M.Entry;
    std::printf("%s:%u: %s [%s, %s]\n", LogPath.c_str(), M.Line, E.Title.c_str(), E.Phase.c_str(), E.Id.c_str());
    std::printf("  > %s\n", M.Text.c_str());
    if (!E.Conditions.empty())
      std::printf("  when: %s\n", E.Conditions.c_str());
    std::printf("  fix:\n");
    for (size_t I = 0; I < E.Fix.size(); ++I)
      std::printf("    %zu. %s\n", I + 1, E.Fix[I].c_str());
    if (!E.Checks.empty()) {
      std::string C;
      for (const auto &X : E.Checks)
        C += (C.empty() ? "" : ", ") + X;
      std::printf("  caught before it happens by: %s\n", C.c_str());
    }
  }
  return 1;
}

} // namespace rocmlint
