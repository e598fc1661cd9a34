// rocm-lint notebook add|check|docs: keep a team's own error notebook next to its code.
//   add LOG     scaffold an entry from a log (phase guessed, distinctive lines proposed as patterns)
//   check       validate the team notebook (schema, linear patterns, each entry matches its own
//               excerpt and no other entry's, no TODO left)
//   docs DIR    write the team's entries as Markdown pages by phase, for onboarding
#include "CommandLine.h"
#include "FileBytes.h"
#include "Lint.h"
#include "NotebookFiles.h"

#include "core/Notebook.h"
#include "core/Redact.h"
#include "core/TextEdits.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <re2/re2.h>
#include <set>
#include <unistd.h>

namespace rocmlint {

namespace fs = std::filesystem;
using OrderedJson = nlohmann::ordered_json;

static const char *NotebookUsage =
    "usage: rocm-lint notebook add LOG|- [--id=ID] [--title=TEXT] [--phase=build|run time|performance]\n"
    "                              [--pattern=REGEX]... [--notebook=FILE] [--no-redact]\n"
    "       rocm-lint notebook check [--notebook=FILE | --builtin]\n"
    "       rocm-lint notebook docs DIR [--notebook=FILE | --builtin]\n"
    "The team notebook is the file named by --notebook, else the nearest .rocm-lint-notebook.json in the\n"
    "current directory or a parent ('add' creates one next to .rocm-lint, or here). 'rocm-lint explain'\n"
    "reads it next to the built-in notebook. 'add' replaces home directories, user and host names, IP and\n"
    "e-mail addresses, the project's absolute path and secrets with placeholders before it writes anything\n"
    "(--no-redact keeps the log as it is). docs/team-notebook.md describes the workflow.\n"
    "Exit status: 0 done, 1 'check' found problems, 2 usage or input error.\n";

namespace cl = llvm::cl;

// One subcommand per action, each with only its own options (llvm::cl; see CommandLine.h).
static cl::OptionCategory NotebookCategory("rocm-lint notebook options");
static cl::SubCommand AddCommand("notebook add", "record a solved failure in the team notebook");
static cl::SubCommand CheckCommand("notebook check", "check a notebook's entries");
static cl::SubCommand DocsCommand("notebook docs", "write a notebook's entries as Markdown pages");
static cl::list<std::string> AddLog(cl::Positional, cl::desc("LOG|-"), cl::sub(AddCommand), cl::cat(NotebookCategory));
static cl::list<std::string> CheckArgs(cl::Positional, cl::sub(CheckCommand), cl::cat(NotebookCategory));
static cl::list<std::string> DocsDir(cl::Positional, cl::desc("DIR"), cl::sub(DocsCommand), cl::cat(NotebookCategory));
static cl::opt<std::string> NotebookPathArg("notebook", cl::desc("the team notebook"), cl::value_desc("FILE"),
                                            cl::sub(AddCommand), cl::sub(CheckCommand), cl::sub(DocsCommand),
                                            cl::cat(NotebookCategory));
static cl::opt<bool> BuiltinArg("builtin", cl::desc("the built-in notebook"), cl::sub(CheckCommand),
                                cl::sub(DocsCommand), cl::cat(NotebookCategory));
static cl::opt<std::string> IdArg("id", cl::desc("entry id"), cl::sub(AddCommand), cl::cat(NotebookCategory));
static cl::opt<std::string> TitleArg("title", cl::desc("entry title"), cl::sub(AddCommand), cl::cat(NotebookCategory));
static cl::opt<std::string> PhaseArg("phase", cl::desc("build, run time or performance"), cl::sub(AddCommand),
                                     cl::cat(NotebookCategory));
static cl::opt<bool> NoRedactArg("no-redact", cl::desc("copy the log without replacing personal data and secrets"),
                                 cl::sub(AddCommand), cl::cat(NotebookCategory));
static cl::list<std::string> PatternArg("pattern", cl::desc("a log line to match (RE2)"), cl::value_desc("REGEX"),
                                        cl::sub(AddCommand), cl::cat(NotebookCategory));

static void parseNotebookArgs(cl::SubCommand &Command, const std::vector<std::string> &Args,
                              cl::list<std::string> &Positionals) {
  std::string Error;
  if (!parseCommandLine(Command, Args, [] { std::fputs(NotebookUsage, stdout); }, std::addressof(Positionals), Error))
    usageError(Error);
}

static int nbError(const std::string &Msg) {
  std::fprintf(stderr, "rocm-lint: error: %s\n", Msg.c_str());
  return 2;
}

static const char *Todo = "TODO";

// ---------------------------------------------------------------------------------------------
// notebook add

static std::vector<std::string> splitLines(const std::string &Text) {
  std::vector<std::string> Lines;
  llvm::SmallVector<llvm::StringRef, 64> Parts;
  llvm::StringRef(Text).split(Parts, '\n');
  for (llvm::StringRef L : Parts) {
    L.consume_back("\r");
    Lines.push_back(L.take_front(4096).str());
  }
  while (!Lines.empty() && Lines.back().empty())
    Lines.pop_back();
  return Lines;
}

// Words that mark the line a person would search for; RE2 keeps this linear on any log.
static const RE2 &errorMarker() {
  static const RE2 R("(?i)(\\berror\\b|\\bfatal\\b|\\bfailed\\b|\\bfailure\\b|exception|\\babort|\\bfault\\b|"
                     "undefined (reference|symbol)|cannot |can't |not found|unable to|\\binvalid\\b|\\bWARN\\b|"
                     "hipError[A-Za-z]+|HSA_STATUS_[A-Z_]+|_STATUS_[A-Z_]+|out of memory|timed? ?out|hang|"
                     "exhausted|\\bdenied\\b|refused|panic|segmentation|overflow|mismatch|not supported|"
                     "unsupported)");
  return R;
}

static int lineScore(const std::string &L) {
  re2::StringPiece In(L), M;
  if (!RE2::PartialMatch(In, errorMarker(), &M))
    return -1;
  // Stack frames and source echoes say where, not what.
  static const RE2 Frame("^\\s*(File \"|at |#[0-9]+ |[0-9]+ \\||\\^|~)");
  // Lines every failing build prints say that it failed, not why.
  static const RE2 Echo("(^make(\\[[0-9]+\\])?: \\*\\*\\*|^ninja: build stopped|^FAILED: |collect2: error: ld returned|"
                        "linker command failed with exit code|compilation terminated|[0-9]+ errors? generated|"
                        "^Traceback \\(most recent call last\\)|^CMake Error at .*\\(message\\):$)");
  if (RE2::PartialMatch(L, Echo))
    return -1;
  if (RE2::PartialMatch(L, Frame))
    return -1;
  int S = 2;
  static const RE2 Code("\\b(hipError[A-Za-z]+|HSA_STATUS_[A-Z_]+|[A-Z][A-Z0-9]+_[A-Z0-9_]{3,})\\b");
  if (RE2::PartialMatch(L, Code))
    S += 3;
  // A tool's own tag ("POOLALLOC:", "MIOpen Error:") names the failure better than prose.
  static const RE2 Tag("\\b[A-Z][A-Za-z0-9_]{3,}( [Ee]rror)?: ");
  if (RE2::PartialMatch(L, Tag))
    S += 2;
  static const RE2 Quoted("['`‘\"][^'`’\"]{2,60}['’\"]");
  if (RE2::PartialMatch(L, Quoted))
    S += 1;
  if (L.size() > 240)
    S -= 2;
  return S;
}

// Escapes what RE2 would read as syntax; spaces stay readable.
static std::string literal(re2::StringPiece Text) {
  std::string Out;
  for (char C : Text) {
    if (std::strchr("\\.^$|?*+()[]{}", C) && C)
      Out += '\\';
    Out += C;
  }
  return Out;
}

// Turns a log line into a pattern: the message from its error marker on, numbers, hex addresses
// and paths generalised, everything else literal.
static std::string proposePattern(const std::string &Line) {
  std::string Text = Line;
  re2::StringPiece In(Text), M;
  if (RE2::PartialMatch(In, errorMarker(), &M)) {
    size_t At = size_t(M.data() - Text.data());
    // Keep a short identifier right before the marker ("rocBLAS error", "HIP error") but drop
    // timestamps, pids and paths in front of it.
    size_t WordStart = At;
    while (WordStart > 0 && (std::isalnum((unsigned char)Text[WordStart - 1]) || Text[WordStart - 1] == '_'))
      --WordStart;
    size_t PrevWord = WordStart;
    if (PrevWord >= 2 && Text[PrevWord - 1] == ' ') {
      size_t P = PrevWord - 1;
      while (P > 0 && (std::isalnum((unsigned char)Text[P - 1]) || Text[P - 1] == '_'))
        --P;
      if (P < PrevWord - 1 && std::isalpha((unsigned char)Text[P]))
        PrevWord = P;
    }
    // A tool's tag in front of the message ("POOLALLOC: arena exhausted") is part of its name.
    static const RE2 Tag("\\b[A-Z][A-Za-z0-9_]{3,}( [Ee]rror)?: ");
    re2::StringPiece TagIn(Text), TagM;
    if (RE2::PartialMatch(TagIn, "(" + Tag.pattern() + ")", &TagM) && size_t(TagM.data() - Text.data()) < PrevWord)
      PrevWord = size_t(TagM.data() - Text.data());
    Text = Text.substr(PrevWord);
  }
  if (Text.size() > 110) {
    size_t Cut = Text.rfind(' ', 110);
    Text = Text.substr(0, Cut == std::string::npos || Cut < 40 ? 110 : Cut);
  }
  while (!Text.empty() && std::isspace((unsigned char)Text.back()))
    Text.pop_back();
  static const RE2 Token("(\\b0x[0-9a-fA-F]+\\b|\\b[0-9]+\\b|[^\\s'\"`]*/[^\\s'\"`:]*)");
  std::string Out;
  re2::StringPiece Rest(Text), Tok;
  while (!Rest.empty()) {
    re2::StringPiece Before = Rest;
    if (!RE2::FindAndConsume(&Rest, Token, &Tok)) {
      Out += literal(Before);
      break;
    }
    Out += literal(re2::StringPiece(Before.data(), size_t(Tok.data() - Before.data())));
    std::string T(Tok);
    if (T.rfind("0x", 0) == 0)
      Out += "0x[0-9a-fA-F]+";
    else if (std::all_of(T.begin(), T.end(), [](char C) { return std::isdigit((unsigned char)C); }))
      Out += "[0-9]+";
    else
      Out += "\\S*";
  }
  // A redacted value stands for text the next log will spell differently.
  for (const char *P : {"<private-key>", "<secret>", "<email>", "<host>", "<user>", "<ip>", "<home>", "<project>"})
    for (size_t At = Out.find(P); At != std::string::npos; At = Out.find(P, At + 3))
      Out.replace(At, std::strlen(P), "\\S+");
  return Out;
}

static std::string guessPhase(const std::vector<std::string> &Lines) {
  static const RE2 Build("(fatal error:|error: |undefined reference|ld returned|linker command failed|CMake Error|"
                         "collect2|make(\\[[0-9]+\\])?: \\*\\*\\*|ninja: build stopped|FAILED: |hipcc|clang|nvcc|"
                         "Building (CXX|HIP|CUDA) object|setup\\.py|build_ext)");
  static const RE2 Perf("(?i)(slower|samples/s|tokens/s|throughput|TFLOPS|ms/iter|it/s|latency|occupancy)");
  static const RE2 Err("(?i)(error|fault|abort|exception|fail)");
  bool AnyBuild = false, AnyPerf = false, AnyErr = false;
  for (const auto &L : Lines) {
    AnyBuild |= RE2::PartialMatch(L, Build);
    AnyPerf |= RE2::PartialMatch(L, Perf);
    AnyErr |= RE2::PartialMatch(L, Err);
  }
  if (AnyBuild)
    return "build";
  if (AnyPerf && !AnyErr)
    return "performance";
  return "run time";
}

static std::string makeId(const std::string &Pattern, const std::set<std::string> &Taken) {
  // The first four words of the pattern's literal text, lower case, joined by '-'.
  std::vector<std::string> Words;
  std::string W;
  for (size_t I = 0; I <= Pattern.size() && Words.size() < 4; ++I) {
    char C = I < Pattern.size() ? Pattern[I] : ' ';
    if (std::isalpha((unsigned char)C)) {
      W += char(std::tolower((unsigned char)C));
    } else if (!W.empty()) {
      Words.push_back(W);
      W.clear();
    }
  }
  std::string Id;
  for (const auto &X : Words)
    Id += (Id.empty() ? "" : "-") + X;
  if (Id.empty())
    Id = "team-entry";
  std::string Base = Id;
  for (int N = 2; Taken.count(Id); ++N)
    Id = Base + "-" + std::to_string(N);
  return Id;
}

static std::string defaultNotebookPath() {
  std::string Found = findTeamNotebook();
  if (!Found.empty())
    return Found;
  // Next to the project's .rocm-lint (looked for up to the repository root, as rocm-lint does).
  std::string Config = findUpToRoot(".rocm-lint");
  if (!Config.empty())
    return (fs::path(Config).parent_path() / rocmtidy::TeamNotebookFileName).string();
  std::error_code EC;
  return (fs::current_path(EC) / rocmtidy::TeamNotebookFileName).string();
}

// A report a reader never sees half-written, through the one atomic writer (no predictable
// temporary name for a hostile checkout to plant a link at).
static bool writeFileAtomically(const std::string &Path, const std::string &Text, std::string &Error) {
  std::error_code EC;
  if (fs::exists(Path, EC) && !fs::is_regular_file(Path, EC)) {
    Error = "'" + Path + "' is not a regular file";
    return false;
  }
  Error = rocmtidy::writeFileAtomically(Path, Text);
  return Error.empty();
}

// The repository the notebook belongs to: the nearest folder above it with .git, else its folder.
static fs::path projectRootOf(const fs::path &Notebook) {
  std::error_code EC;
  fs::path Dir = fs::absolute(Notebook, EC).parent_path();
  for (fs::path D = Dir; !D.empty(); D = D.parent_path()) {
    if (fs::exists(D / ".git", EC))
      return D;
    if (D == D.root_path())
      break;
  }
  return Dir;
}

static bool inside(const fs::path &Child, const fs::path &Root) {
  auto R = Root.begin(), C = Child.begin();
  for (; R != Root.end(); ++R, ++C)
    if (C == Child.end() || *R != *C)
      return false;
  return true;
}

// The file 'add' writes: the notebook itself, or the target of a symbolic link that stays inside
// the repository. A link out of it (a hostile checkout's notebook -> ~/.bashrc) is refused rather
// than followed or replaced by a plain file.
static bool notebookTarget(const std::string &Path, std::string &Target, std::string &Error) {
  std::error_code EC;
  Target = Path;
  if (!fs::is_symlink(fs::symlink_status(Path, EC)))
    return true;
  fs::path Root = fs::weakly_canonical(projectRootOf(Path), EC);
  // Follow the chain by hand: weakly_canonical stops at a link whose target does not exist yet.
  fs::path Real = fs::absolute(Path, EC);
  for (int Hops = 0; Hops < 16 && fs::is_symlink(fs::symlink_status(Real, EC)); ++Hops) {
    fs::path T = fs::read_symlink(Real, EC);
    if (EC)
      break;
    Real = (T.is_absolute() ? T : Real.parent_path() / T).lexically_normal();
  }
  Real = fs::weakly_canonical(Real, EC);
  if (EC || !inside(Real, Root)) {
    Error = "'" + Path + "' is a symbolic link to '" + Real.string() +
            "', outside the repository; nothing was written (replace the link by the notebook file)";
    return false;
  }
  Target = Real.string();
  return true;
}

// Serialises concurrent 'notebook add's: each reads, appends and replaces the file under an
// advisory lock on NOTEBOOK.lock (the notebook itself is replaced by rename, so it cannot carry
// the lock). The lock file is opened without following links.
class NotebookLock {
public:
  bool acquire(const std::string &NotebookPath, std::string &Error) {
    LockPath = NotebookPath + ".lock";
    FD = ::open(LockPath.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (FD < 0) {
      Error = "cannot open the lock file '" + LockPath + "'" +
              (errno == ELOOP ? " (it is a symbolic link)" : ": " + std::string(std::strerror(errno)));
      return false;
    }
    if (llvm::sys::fs::tryLockFile(FD, std::chrono::seconds(30))) {
      Error = "'" + LockPath + "' stayed locked for 30 s (another 'notebook add' is running)";
      return false;
    }
    Locked = true;
    return true;
  }
  ~NotebookLock() {
    // Closing the descriptor releases the lock as well: a failed unlock is reported, not fatal.
    if (Locked)
      if (std::error_code EC = llvm::sys::fs::unlockFile(FD))
        std::fprintf(stderr, "rocm-lint: warning: cannot unlock '%s': %s\n", LockPath.c_str(), EC.message().c_str());
    if (FD >= 0)
      ::close(FD);
  }

private:
  std::string LockPath;
  int FD = -1;
  bool Locked = false;
};

static void printRedactions(const std::vector<rocmtidy::Redaction> &Done) {
  if (Done.empty()) {
    std::printf("rocm-lint: nothing to redact (no home directories, user or host names, addresses or secrets "
                "found)\n");
    return;
  }
  std::printf("rocm-lint: redacted before writing (--no-redact keeps the text):\n");
  for (const auto &R : Done) {
    std::string What = R.Kind;
    if (!R.Detail.empty())
      What += R.Secret ? " (" + R.Detail + ")" : " '" + R.Detail + "'";
    std::printf("  %s: %u, first on line %u\n", What.c_str(), R.Count, R.FirstLine);
  }
}

static int notebookAdd(const std::vector<std::string> &Args) {
  parseNotebookArgs(AddCommand, Args, AddLog);
  if (AddLog.size() > 1)
    return nbError("'notebook add' takes one log file");
  std::string LogPath = AddLog.empty() ? "" : AddLog.front();
  std::string Path = NotebookPathArg, Id = IdArg, Title = TitleArg, Phase = PhaseArg;
  std::vector<std::string> Patterns(PatternArg.begin(), PatternArg.end());
  if (LogPath.empty())
    return nbError("'notebook add' needs the log of the failure: rocm-lint notebook add LOG");
  if (!Phase.empty() && Phase != "build" && Phase != "run time" && Phase != "performance")
    return nbError("phase must be 'build', 'run time' or 'performance'");
  std::string Log, Error;
  if (LogPath == "-") {
    Log = readStdinBytes();
  } else if (!readTextFile(LogPath, "log", Log, Error)) {
    return nbError(Error);
  }
  if (Path.empty())
    Path = defaultNotebookPath();
  std::vector<rocmtidy::Redaction> Redacted;
  if (!NoRedactArg) {
    std::error_code EC;
    fs::path Root = fs::weakly_canonical(projectRootOf(Path), EC);
    rocmtidy::RedactedText R = rocmtidy::redactText(Log, EC ? projectRootOf(Path).string() : Root.string());
    Log = std::move(R.Text);
    Redacted = std::move(R.Replaced);
  }
  std::vector<std::string> Lines = splitLines(Log);

  // The lines to anchor on: the most distinctive error lines, in log order.
  std::vector<size_t> Chosen;
  if (Patterns.empty()) {
    std::vector<std::pair<int, size_t>> Scored;
    for (size_t I = 0; I < Lines.size(); ++I) {
      int S = lineScore(Lines[I]);
      if (S >= 0)
        Scored.emplace_back(S, I);
    }
    std::stable_sort(Scored.begin(), Scored.end(), [](auto &A, auto &B) { return A.first > B.first; });
    std::set<std::string> Seen;
    // A line every build prints ("linker command failed") would match other entries' logs too.
    auto Generic = [](const std::string &Pat) {
      RE2 R(Pat);
      for (const auto &E : rocmtidy::builtinNotebook())
        for (const auto &L : splitLines(E.Excerpt))
          if (RE2::PartialMatch(L, R))
            return true;
      return false;
    };
    for (const auto &[S, I] : Scored) {
      std::string Pat = proposePattern(Lines[I]);
      size_t Letters = std::count_if(Pat.begin(), Pat.end(), [](char C) { return std::isalpha((unsigned char)C); });
      if (Letters < 12 || !rocmtidy::checkNotebookPattern(Pat).empty() || !Seen.insert(Pat).second || Generic(Pat))
        continue;
      Patterns.push_back(Pat);
      Chosen.push_back(I);
      if (Patterns.size() == 2)
        break;
    }
    if (Patterns.empty())
      return nbError("no line of '" + LogPath +
                     "' looks like an error message; name the text to match with "
                     "--pattern=REGEX");
  } else {
    for (const auto &P : Patterns) {
      std::string Why = rocmtidy::checkNotebookPattern(P);
      if (!Why.empty())
        return nbError("pattern '" + P + "' is refused: " + Why);
      RE2 R(P);
      for (size_t I = 0; I < Lines.size(); ++I)
        if (RE2::PartialMatch(Lines[I], R)) {
          Chosen.push_back(I);
          break;
        }
    }
    if (Chosen.empty())
      return nbError("no line of '" + LogPath + "' matches the given patterns");
  }
  std::sort(Chosen.begin(), Chosen.end());
  size_t From = Chosen.front() >= 2 ? Chosen.front() - 2 : 0;
  size_t To = std::min(Lines.size(), Chosen.back() + 3);
  if (To - From > 15)
    To = From + 15;
  std::string Excerpt;
  for (size_t I = From; I < To; ++I)
    Excerpt += (Lines[I].size() > 300 ? Lines[I].substr(0, 300) : Lines[I]) + (I + 1 < To ? "\n" : "");

  std::string Target;
  if (!notebookTarget(Path, Target, Error))
    return nbError(Error);
  NotebookLock Lock;
  if (!Lock.acquire(Target, Error))
    return nbError(Error);
  OrderedJson Doc;
  std::error_code EC;
  if (fs::exists(Target, EC)) {
    std::string Text;
    if (!readTextFile(Target, "notebook", Text, Error))
      return nbError(Error);
    std::string Why;
    if (!rocmtidy::parseNotebook(Text, Why))
      return nbError("malformed notebook '" + Path + "': " + Why + " (fix it first; nothing was written)");
    Doc = OrderedJson::parse(Text, nullptr, false);
  } else {
    Doc = OrderedJson::object();
    Doc["about"] = "This team's error notebook: porting failures we solved, with the log, the conditions and the "
                   "fix. 'rocm-lint explain LOG' reads it; 'rocm-lint notebook check' validates it; "
                   "'rocm-lint notebook docs DIR' writes it as Markdown.";
    Doc["entries"] = OrderedJson::array();
  }
  std::set<std::string> Taken;
  for (const auto &E : Doc["entries"])
    Taken.insert(E["id"].get<std::string>());
  for (const auto &E : rocmtidy::builtinNotebook())
    Taken.insert(E.Id);
  if (Id.empty())
    Id = makeId(Patterns.front(), Taken);
  else if (Taken.count(Id))
    return nbError("an entry '" + Id + "' exists already (in the team or the built-in notebook)");
  if (Phase.empty())
    Phase = guessPhase(Lines);

  OrderedJson E = OrderedJson::object();
  E["id"] = Id;
  E["phase"] = Phase;
  E["title"] = Title.empty() ? std::string(Todo) + ": one line that names the failure" : Title;
  E["patterns"] = Patterns;
  E["excerpt"] = Excerpt;
  E["conditions"] = std::string(Todo) + ": when does it happen (versions, GPUs, flags, what triggers it)?";
  E["fix"] = {std::string(Todo) + ": the steps that fixed it, with the exact flags, variables and commands"};
  E["confirm"] = {std::string(Todo) + ": a command that confirms the cause (rocminfo | grep gfx, ldd, rocgdb ...)"};
  E["checks"] = OrderedJson::array();
  Doc["entries"].push_back(E);
  if (!writeFileAtomically(Target, Doc.dump(2, ' ', false, OrderedJson::error_handler_t::replace) + "\n", Error))
    return nbError(Error);
  if (!NoRedactArg)
    printRedactions(Redacted);
  std::printf("rocm-lint: added entry '%s' (phase guessed: %s) to %s, matching:\n", Id.c_str(), Phase.c_str(),
              Path.c_str());
  for (const auto &P : Patterns)
    std::printf("  %s\n", P.c_str());
  std::printf("Fill in the TODO fields (title, conditions, fix, confirm), then run 'rocm-lint notebook check'.\n");
  std::vector<const rocmtidy::NotebookEntry *> Builtin;
  for (const auto &B : rocmtidy::builtinNotebook())
    Builtin.push_back(&B);
  auto Known = rocmtidy::matchLog(Builtin, Log);
  if (!Known.empty())
    std::printf("note: the built-in notebook already explains this log as '%s' (%s); make sure the new entry "
                "says something it does not\n",
                Known.front().Entry->Id.c_str(), Known.front().Entry->Title.c_str());
  return 0;
}

// ---------------------------------------------------------------------------------------------
// notebook check

static bool hasTodo(const std::string &S) { return S.find(Todo) != std::string::npos; }

static int notebookCheck(const std::vector<std::string> &Args) {
  parseNotebookArgs(CheckCommand, Args, CheckArgs);
  if (!CheckArgs.empty())
    return nbError("unknown argument '" + CheckArgs.front() + "' for 'notebook check'");
  std::string Path = NotebookPathArg;
  bool Builtin = BuiltinArg;
  std::vector<rocmtidy::NotebookEntry> Parsed;
  const std::vector<rocmtidy::NotebookEntry> *Entries = &rocmtidy::builtinNotebook();
  std::string Name = "built-in notebook";
  if (!Builtin) {
    if (Path.empty())
      Path = findTeamNotebook();
    if (Path.empty())
      return nbError(std::string("no team notebook: no ") + rocmtidy::TeamNotebookFileName +
                     " here or in a parent directory up to the repository root (create one with 'rocm-lint "
                     "notebook add LOG', or name it with --notebook=FILE)");
    std::string Text, Error, Why;
    if (!readTextFile(Path, "notebook", Text, Error))
      return nbError(Error);
    auto P = rocmtidy::parseNotebook(Text, Why);
    if (!P) {
      std::printf("%s: error: %s\n", Path.c_str(), Why.c_str());
      return 1;
    }
    Parsed = std::move(*P);
    Entries = &Parsed;
    Name = Path;
  }

  unsigned Problems = 0;
  auto Problem = [&](const rocmtidy::NotebookEntry &E, const std::string &Msg) {
    std::printf("%s: entry '%s': %s\n", Name.c_str(), E.Id.c_str(), Msg.c_str());
    ++Problems;
  };
  // What each entry is checked against: every other entry of this notebook, and the built-in
  // ones when this is a team notebook.
  std::vector<const rocmtidy::NotebookEntry *> Others;
  for (const auto &E : *Entries)
    Others.push_back(&E);
  if (!Builtin)
    for (const auto &E : rocmtidy::builtinNotebook()) {
      bool Shadowed = false;
      for (const auto &T : *Entries)
        Shadowed |= T.Id == E.Id;
      if (Shadowed)
        Problem(E, "has the id of a built-in entry; choose another id");
    }
  for (const auto &E : *Entries) {
    if (hasTodo(E.Title) || hasTodo(E.Conditions))
      Problem(E, "'title' or 'conditions' still has its TODO placeholder");
    for (const auto &F : E.Fix)
      if (hasTodo(F)) {
        Problem(E, "'fix' still has its TODO placeholder");
        break;
      }
    for (const auto &F : E.Confirm)
      if (hasTodo(F)) {
        Problem(E, "'confirm' still has its TODO placeholder");
        break;
      }
    if (E.Fix.empty())
      Problem(E, "has no fix steps");
    // The team notebook is committed: what 'add --no-redact' or a hand edit let through is refused.
    std::string Leak = rocmtidy::findSecretOrHome(E.Excerpt);
    if (!Leak.empty())
      Problem(E, "its excerpt holds " + Leak +
                     "; replace it with a placeholder (<secret>, <home>) or record the "
                     "log again with 'rocm-lint notebook add'");
    if (E.Excerpt.empty()) {
      Problem(E, "has no 'excerpt': add the log lines it is meant to recognise");
      continue;
    }
    if (rocmtidy::matchLog({&E}, E.Excerpt).empty())
      Problem(E, "does not match its own excerpt");
    for (const auto *O : Others) {
      if (O == &E || O->Excerpt.empty() || rocmtidy::refinesEitherWay(E, *O))
        continue;
      auto M = rocmtidy::matchLog({&E}, O->Excerpt);
      if (!M.empty())
        Problem(E, "also matches the excerpt of '" + O->Id + "' (line: " + M.front().Text +
                       "); make its patterns more distinctive");
    }
  }
  if (!Builtin)
    for (const auto &E : *Entries) {
      std::string Ids;
      unsigned N = 0;
      for (const auto &B : rocmtidy::builtinNotebook())
        if (!B.Excerpt.empty() && !rocmtidy::refinesEitherWay(E, B) && !rocmtidy::matchLog({&E}, B.Excerpt).empty()) {
          if (++N <= 5)
            Ids += (Ids.empty() ? "'" : ", '") + B.Id + "'";
        }
      if (N)
        Problem(E, "also matches the excerpt of the built-in entr" + std::string(N == 1 ? "y " : "ies ") + Ids +
                       (N > 5 ? " and " + std::to_string(N - 5) + " more" : "") +
                       "; make its patterns more distinctive");
    }
  std::printf("rocm-lint: %s: %zu entries, %u problem%s\n", Name.c_str(), Entries->size(), Problems,
              Problems == 1 ? "" : "s");
  return Problems ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// notebook docs

static std::string fence(const std::string &Text) {
  // A fence longer than any backtick run in the text keeps the excerpt verbatim.
  size_t Longest = 0, Run = 0;
  for (char C : Text) {
    Run = C == '`' ? Run + 1 : 0;
    Longest = std::max(Longest, Run);
  }
  return std::string(std::max<size_t>(3, Longest + 1), '`');
}

static std::string entryMarkdown(const rocmtidy::NotebookEntry &E) {
  std::string S = "## " + E.Title + "\n\n";
  S += "<a id=\"" + E.Id + "\"></a>Entry `" + E.Id + "`.\n\n";
  if (!E.Excerpt.empty()) {
    std::string F = fence(E.Excerpt);
    S += F + "\n" + E.Excerpt + "\n" + F + "\n\n";
  }
  if (!E.Conditions.empty())
    S += "**When:** " + E.Conditions + "\n\n";
  S += "**Fix:**\n\n";
  for (size_t I = 0; I < E.Fix.size(); ++I)
    S += std::to_string(I + 1) + ". " + E.Fix[I] + "\n";
  S += "\n";
  if (!E.Confirm.empty()) {
    S += "**Confirm:**\n\n";
    for (const auto &C : E.Confirm)
      S += "- `" + C + "`\n";
    S += "\n";
  }
  if (!E.Checks.empty()) {
    std::string List, Csv;
    for (const auto &C : E.Checks) {
      List += (List.empty() ? "" : ", ") + ("`" + C + "`");
      Csv += (Csv.empty() ? "" : ",") + C;
    }
    S += "**Caught before it happens by:** " + List + " (run `rocm-lint --checks=" + Csv + " <sources>`)\n\n";
  }
  return S;
}

static int notebookDocs(const std::vector<std::string> &Args) {
  parseNotebookArgs(DocsCommand, Args, DocsDir);
  if (DocsDir.size() > 1)
    return nbError("'notebook docs' takes one output directory");
  std::string Dir = DocsDir.empty() ? "" : DocsDir.front(), Path = NotebookPathArg;
  bool Builtin = BuiltinArg;
  if (Dir.empty())
    return nbError("'notebook docs' needs an output directory: rocm-lint notebook docs DIR");
  std::vector<rocmtidy::NotebookEntry> Parsed;
  const std::vector<rocmtidy::NotebookEntry> *Entries = &rocmtidy::builtinNotebook();
  std::string Source = "the built-in notebook";
  if (!Builtin) {
    if (Path.empty())
      Path = findTeamNotebook();
    if (Path.empty())
      return nbError(std::string("no team notebook: no ") + rocmtidy::TeamNotebookFileName +
                     " here or in a parent directory up to the repository root (name it with --notebook=FILE)");
    std::string Text, Error, Why;
    if (!readTextFile(Path, "notebook", Text, Error))
      return nbError(Error);
    auto P = rocmtidy::parseNotebook(Text, Why);
    if (!P)
      return nbError("malformed notebook '" + Path + "': " + Why);
    Parsed = std::move(*P);
    Entries = &Parsed;
    Source = "`" + fs::path(Path).filename().string() + "`";
  }
  std::error_code EC;
  if (fs::exists(Dir, EC) && !fs::is_directory(Dir, EC))
    return nbError("'" + Dir + "' exists and is not a directory");
  fs::create_directories(Dir, EC);
  if (EC)
    return nbError("cannot create directory '" + Dir + "'");

  struct Page {
    const char *Phase, *File, *Heading;
  };
  const Page Pages[] = {{"build", "build.md", "Build errors"},
                        {"run time", "run-time.md", "Run-time errors"},
                        {"performance", "performance.md", "Performance problems"}};
  std::string Index = "# Error notebook\n\nGenerated by `rocm-lint notebook docs` from " + Source +
                      "; edit the notebook, not these pages. `rocm-lint explain LOG` matches a log against it.\n\n";
  std::string Error;
  for (const Page &P : Pages) {
    std::string Body = std::string("# ") + P.Heading + "\n\n";
    std::string List;
    for (const auto &E : *Entries)
      if (E.Phase == P.Phase) {
        Body += entryMarkdown(E);
        List += "- [" + E.Title + "](" + P.File + "#" + E.Id + ")\n";
      }
    if (List.empty())
      Body += "No entries yet.\n";
    Index += std::string("## ") + P.Heading + "\n\n" + (List.empty() ? "No entries yet.\n" : List) + "\n";
    while (Body.size() >= 2 && Body[Body.size() - 1] == '\n' && Body[Body.size() - 2] == '\n')
      Body.pop_back();
    if (!writeFileAtomically((fs::path(Dir) / P.File).string(), Body, Error))
      return nbError(Error);
  }
  Index.pop_back();
  if (!writeFileAtomically((fs::path(Dir) / "README.md").string(), Index, Error))
    return nbError(Error);
  std::printf("rocm-lint: wrote %zu entries to %s (README.md, build.md, run-time.md, performance.md)\n",
              Entries->size(), Dir.c_str());
  return 0;
}

int runNotebook(const std::vector<std::string> &Args) {
  if (Args.empty() || Args[0] == "-h" || Args[0] == "--help") {
    std::fputs(NotebookUsage, Args.empty() ? stderr : stdout);
    return Args.empty() ? 2 : 0;
  }
  std::vector<std::string> Rest(Args.begin() + 1, Args.end());
  if (Args[0] == "add")
    return notebookAdd(Rest);
  if (Args[0] == "check")
    return notebookCheck(Rest);
  if (Args[0] == "docs")
    return notebookDocs(Rest);
  return nbError("unknown 'notebook' command '" + Args[0] + "' (add, check or docs)");
}

} // namespace rocmlint
