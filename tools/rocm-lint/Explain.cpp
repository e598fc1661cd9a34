// rocm-lint explain: match a build or run log against the error notebook (the built-in one and the
// team's own .rocm-lint-notebook.json) and say what it is, how sure, and how to fix it.
#include "CommandLine.h"
#include "Doctor.h"
#include "FileBytes.h"
#include "Lint.h"
#include "NotebookFiles.h"

#include "core/Notebook.h"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

namespace rocmlint {

namespace fs = std::filesystem;

static int explainError(const std::string &Msg) {
  std::fprintf(stderr, "rocm-lint: error: %s\n", Msg.c_str());
  return 2;
}

// Log lines are echoed: keep the report valid UTF-8 and free of terminal control characters
// whatever the log holds.
static std::string printable(const std::string &In) {
  std::string Out;
  for (size_t I = 0; I < In.size();) {
    unsigned char C = (unsigned char)In[I];
    size_t Len = C < 0x80 ? 1 : (C >> 5) == 0x6 ? 2 : (C >> 4) == 0xE ? 3 : (C >> 3) == 0x1E ? 4 : 0;
    bool Ok = Len != 0 && I + Len <= In.size();
    for (size_t K = 1; Ok && K < Len; ++K)
      Ok = ((unsigned char)In[I + K] >> 6) == 0x2;
    if (!Ok) {
      Out += "\xEF\xBF\xBD";
      ++I;
      continue;
    }
    if (Len == 1 && (C < 0x20 || C == 0x7F) && C != '\t')
      Out += '?';
    else
      Out.append(In, I, Len);
    I += Len;
  }
  return Out;
}

static std::string joinChecks(const std::vector<std::string> &Checks, const char *Sep) {
  std::string C;
  for (const auto &X : Checks)
    C += (C.empty() ? "" : Sep) + X;
  return C;
}

static std::string factList(const rocmtidy::LogFacts &F) {
  std::string S;
  for (const auto &G : F.Gfx)
    S += (S.empty() ? "" : ", ") + G;
  for (const auto &V : F.RocmVersions)
    S += (S.empty() ? "ROCm " : ", ROCm ") + V;
  for (const auto &[K, V] : F.Env)
    S += (S.empty() ? "" : ", ") + K + "=" + V;
  for (const auto &T : F.Tags)
    if (T.rfind("rocm", 0) != 0 && T != "consumer-gpu" && T != "datacenter-gpu" && T != "override" &&
        T != "visible-devices")
      S += (S.empty() ? "" : ", ") + T;
  return S;
}

static void printCauses(const rocmtidy::NotebookEntry &E, const rocmtidy::LogFacts &Facts) {
  std::printf("  a symptom with several causes; check them in this order:\n");
  unsigned N = 0;
  for (const rocmtidy::NotebookCause *C : rocmtidy::rankCauses(E, Facts)) {
    std::string Because;
    for (const auto &F : C->Favour)
      if (Facts.has(F)) {
        auto It = Facts.Why.find(F);
        Because += (Because.empty() ? "" : "; ") + F +
                   (It != Facts.Why.end() && !It->second.empty() ? ": " + It->second : std::string());
      }
    std::printf("    %u. %s [%s]%s\n", ++N, C->Title.c_str(), C->Id.c_str(),
                Because.empty() ? "" : (" (" + printable(Because) + ")").c_str());
    std::printf("       confirm: $ %s\n", C->Confirm.c_str());
    std::printf("       fix: %s\n", C->Fix.c_str());
    if (!C->See.empty())
      std::printf("       see: entry %s (docs/notebook.md)\n", C->See.c_str());
  }
}

static void printText(const std::string &LogName, const std::vector<rocmtidy::NotebookMatch> &Matches,
                      const LoadedNotebooks &NB, size_t Shown, const rocmtidy::LogFacts &Facts) {
  std::string Read = factList(Facts);
  if (!Read.empty())
    std::printf("read from the log%s: %s\n\n", Facts.Why.count("doctor") ? " and the machine" : "",
                printable(Read).c_str());
  for (size_t K = 0; K < Matches.size() && K < Shown; ++K) {
    const auto &M = Matches[K];
    const auto &E = *M.Entry;
    if (K == 1)
      std::printf("\nalso matched (less likely to be the cause):\n\n");
    else if (K > 1)
      std::printf("\n");
    std::printf("%s:%u: %s [%s, %s] (%s confidence%s)\n", LogName.c_str(), M.Line, E.Title.c_str(), E.Phase.c_str(),
                E.Id.c_str(), rocmtidy::confidenceName(M.Level),
                E.Generic ? ": the message does not name the cause" : "");
    for (const auto &L : M.Lines)
      std::printf("  > %u: %s\n", L.first, printable(L.second).c_str());
    if (M.Against.first != 0)
      std::printf("  but: line %u points to another cause: %s\n", M.Against.first, printable(M.Against.second).c_str());
    if (const std::string *Src = NB.sourceOf(&E))
      std::printf("  from: %s\n", Src->c_str());
    if (!E.Conditions.empty())
      std::printf("  when: %s\n", E.Conditions.c_str());
    if (E.Generic)
      printCauses(E, Facts);
    std::printf("  %s:\n", E.Generic ? "first steps" : "fix");
    for (size_t I = 0; I < E.Fix.size(); ++I)
      std::printf("    %zu. %s\n", I + 1, E.Fix[I].c_str());
    if (!E.Confirm.empty()) {
      std::printf("  confirm:\n");
      for (const auto &C : E.Confirm)
        std::printf("    $ %s\n", C.c_str());
    }
    if (!E.Checks.empty())
      std::printf("  caught before it happens by: %s (run: rocm-lint --checks=%s <sources>)\n",
                  joinChecks(E.Checks, ", ").c_str(), joinChecks(E.Checks, ",").c_str());
  }
  if (Matches.size() > Shown) {
    std::string Rest;
    for (size_t K = Shown; K < Matches.size(); ++K)
      Rest += (Rest.empty() ? "" : ", ") + Matches[K].Entry->Id;
    std::printf("\n%zu more: %s (--all shows them)\n", Matches.size() - Shown, Rest.c_str());
  }
}

static void printJson(const std::string &LogName, const std::vector<rocmtidy::NotebookMatch> &Matches,
                      const LoadedNotebooks &NB, const rocmtidy::LogFacts &Facts, const std::string &Note) {
  nlohmann::ordered_json J;
  J["log"] = LogName;
  if (!Note.empty())
    J["note"] = Note;
  J["facts"] = {{"gfx", Facts.Gfx}, {"rocm", Facts.RocmVersions}, {"env", Facts.Env}, {"tags", Facts.Tags}};
  J["notebooks"] = nlohmann::ordered_json::array({"built-in"});
  for (const auto &P : NB.Paths)
    J["notebooks"].push_back(P);
  J["matches"] = nlohmann::ordered_json::array();
  for (const auto &M : Matches) {
    const auto &E = *M.Entry;
    nlohmann::ordered_json X = {{"id", E.Id},
                                {"title", E.Title},
                                {"phase", E.Phase},
                                {"confidence", rocmtidy::confidenceName(M.Level)},
                                {"score", M.Score},
                                {"line", M.Line},
                                {"conditions", E.Conditions},
                                {"fix", E.Fix},
                                {"confirm", E.Confirm},
                                {"checks", E.Checks}};
    X["generic"] = E.Generic;
    if (E.Generic) {
      X["causes"] = nlohmann::ordered_json::array();
      for (const rocmtidy::NotebookCause *C : rocmtidy::rankCauses(E, Facts)) {
        nlohmann::ordered_json Favoured = nlohmann::ordered_json::array();
        for (const auto &F : C->Favour)
          if (Facts.has(F))
            Favoured.push_back(F);
        X["causes"].push_back({{"id", C->Id},
                               {"title", C->Title},
                               {"confirm", C->Confirm},
                               {"fix", C->Fix},
                               {"see", C->See},
                               {"favoured_by", Favoured}});
      }
    }
    const std::string *Src = NB.sourceOf(&E);
    X["notebook"] = Src ? *Src : "built-in";
    X["lines"] = nlohmann::ordered_json::array();
    for (const auto &L : M.Lines)
      X["lines"].push_back({{"line", L.first}, {"text", L.second}});
    if (M.Against.first != 0)
      X["against"] = {{"line", M.Against.first}, {"text", M.Against.second}};
    J["matches"].push_back(std::move(X));
  }
  // Logs are not always valid UTF-8; replace what is not rather than abort.
  std::puts(J.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace).c_str());
}

namespace cl = llvm::cl;

static cl::SubCommand ExplainCommand("explain", "match a build or run log against the error notebook");
static cl::OptionCategory ExplainCategory("rocm-lint explain options");
static cl::list<std::string> ExplainLog(cl::Positional, cl::desc("[LOG_FILE|-]"), cl::sub(ExplainCommand),
                                        cl::cat(ExplainCategory));
static cl::opt<std::string> ExplainNotebook("notebook", cl::desc("the team notebook to read"), cl::value_desc("FILE"),
                                            cl::sub(ExplainCommand), cl::cat(ExplainCategory));
static cl::opt<std::string> ExplainFormat("format", cl::desc("text or json"), cl::init("text"), cl::sub(ExplainCommand),
                                          cl::cat(ExplainCategory));
static cl::opt<bool> ExplainNoTeam("no-team-notebook", cl::desc("read the built-in notebook only"),
                                   cl::sub(ExplainCommand), cl::cat(ExplainCategory));
static cl::opt<bool> ExplainAll("all", cl::desc("show every matching entry"), cl::sub(ExplainCommand),
                                cl::cat(ExplainCategory));

static cl::opt<bool> ExplainDoctor("doctor", cl::desc("rank the causes with what 'rocm-lint doctor' finds"),
                                   cl::sub(ExplainCommand), cl::cat(ExplainCategory));
static cl::opt<std::string> ExplainRoot("root", cl::desc("with --doctor: read the machine's files under DIR"),
                                        cl::value_desc("DIR"), cl::sub(ExplainCommand), cl::cat(ExplainCategory));
static cl::opt<std::string> ExplainUser("user", cl::desc("with --doctor: judge device access for UID[:GID,...]"),
                                        cl::value_desc("UID[:GID,...]"), cl::sub(ExplainCommand),
                                        cl::cat(ExplainCategory));

bool parseUser(const std::string &S, DoctorOptions &O);

static void printExplainHelp() {
  std::printf("usage: rocm-lint explain [LOG_FILE|-] [--notebook=FILE] [--no-team-notebook] [--format=text|json] "
              "[--all] [--doctor [--root=DIR]]\n"
              "Matches a build or run log against the error notebook (docs/notebook.md) and the team's notebook\n"
              "(%s, found in the current directory or a parent), and prints the entries that explain it,\n"
              "best first, with the lines that matched, how sure the match is, the fix steps, the commands that\n"
              "confirm the cause and the checks that catch it before it happens. A generic symptom (memory access\n"
              "fault, hang, out of memory ...) lists its causes ranked by the facts the log states; --doctor adds\n"
              "what 'rocm-lint doctor' finds on this machine (--root=DIR: a fake root).\n"
              "Exit status: 0 nothing recognised, 1 entries matched, 2 usage or input error.\n",
              rocmtidy::TeamNotebookFileName);
}

int runExplain(const std::vector<std::string> &Args) {
  std::string Error;
  if (!parseCommandLine(ExplainCommand, Args, printExplainHelp, std::addressof(ExplainLog), Error))
    usageError(Error);
  if (ExplainLog.size() > 1)
    return explainError("'explain' takes one log file");
  std::string LogPath = ExplainLog.empty() ? "" : ExplainLog.front();
  std::string NotebookPath = ExplainNotebook, Format = ExplainFormat;
  bool UseTeam = !ExplainNoTeam, All = ExplainAll;
  if (Format != "text" && Format != "json")
    return explainError("unknown format '" + Format + "' for 'explain' (text or json)");

  LoadedNotebooks NB;
  if (!NB.load(NotebookPath, UseTeam, Error))
    return explainError(Error);

  std::string Log;
  if (LogPath.empty() || LogPath == "-") {
    Log = readStdinBytes();
    LogPath = "<stdin>";
  } else if (!readTextFile(LogPath, "log", Log, Error))
    return explainError(Error);

  std::string Note;
  auto Matches = rocmtidy::matchLog(NB.entries(), Log, &Note);
  rocmtidy::LogFacts Facts = rocmtidy::readLogFacts(Log);
  std::vector<DoctorFinding> MachineProblems;
  if (ExplainDoctor) {
    DoctorOptions O;
    O.Root = ExplainRoot;
    std::error_code EC;
    if (!O.Root.empty() && !fs::is_directory(O.Root, EC))
      return explainError("--root '" + O.Root + "' is not a directory");
    if (!ExplainUser.empty() && !parseUser(ExplainUser, O))
      return explainError("--user takes UID[:GID,...], not '" + ExplainUser + "'");
    DoctorReport R = inspectMachine(O);
    Facts.merge(R.Facts);
    Facts.Why["doctor"] = "";
    MachineProblems = std::move(R.Problems);
  } else if (!ExplainRoot.empty() || !ExplainUser.empty()) {
    return explainError("--root and --user only apply with --doctor");
  }
  if (Format == "json") {
    printJson(LogPath, Matches, NB, Facts, Note);
    return Matches.empty() ? 0 : 1;
  }
  if (!Note.empty())
    std::fprintf(stderr, "rocm-lint: note: %s\n", Note.c_str());
  if (Matches.empty()) {
    std::printf("rocm-lint: no known error in %s: no entry of the built-in notebook%s matches it with confidence\n"
                "(docs/notebook.md lists the known errors; once you have solved this one, record it with "
                "'rocm-lint notebook add %s')\n",
                LogPath.c_str(), NB.Paths.empty() ? "" : " or the team notebook",
                LogPath == "<stdin>" ? "LOG" : LogPath.c_str());
    return 0;
  }
  printText(LogPath, Matches, NB, All ? Matches.size() : 3, Facts);
  if (!MachineProblems.empty()) {
    std::printf("\nthe machine (rocm-lint doctor):\n");
    for (const auto &P : MachineProblems)
      std::printf("  problem: %s [notebook: %s]\n", P.Message.c_str(), P.Entry.c_str());
  }
  return 1;
}

} // namespace rocmlint
