// Option parsing of every rocm-lint command through llvm::cl (see CommandLine.h).
#include "CommandLine.h"
#include "Lint.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <set>

namespace rocmlint {

namespace cl = llvm::cl;

[[noreturn]] void usageError(const std::string &Msg) {
  // Messages quote file names, which a repository chooses: a newline in one must not forge a line.
  if (!Msg.empty())
    std::fprintf(stderr, "rocm-lint: error: %s\n", escapeControlCharacters(Msg).c_str());
  std::exit(2);
}

// cl writes "rocm-lint: Unknown command line argument '--x'.  Try: ..." and "rocm-lint: Did you
// mean '--y'?" to the stream it is given; say it in rocm-lint's one-line form.
static std::string oneLine(llvm::StringRef Text) {
  std::string Out;
  llvm::SmallVector<llvm::StringRef, 4> Lines;
  Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Line : Lines) {
    Line.consume_front("rocm-lint: ");
    std::string Part;
    if (Line.consume_front("Unknown command line argument '")) {
      Part = "unknown option '" + Line.take_until([](char C) { return C == '\''; }).str() + "'";
    } else if (Line.consume_front("Did you mean '")) {
      Part = "did you mean '" + Line.take_until([](char C) { return C == '\''; }).str() + "'?";
    } else if (Line.starts_with("Too many positional arguments")) {
      Part = "too many arguments";
    } else if (Line.starts_with("Can specify at most")) {
      continue;
    } else {
      Part = Line.rtrim().str();
    }
    Out += (Out.empty() ? "" : "; ") + Part;
  }
  return Out.empty() ? "invalid command line" : Out;
}

bool parseCommandLine(cl::SubCommand &Command, const std::vector<std::string> &Args,
                      const std::function<void()> &PrintHelp, cl::list<std::string> *Positionals,
                      std::string &Error) {
  for (const std::string &A : Args) {
    if (A == "--")
      break;
    if (A == "-h" || A == "--help") {
      PrintHelp();
      std::exit(0);
    }
  }
  std::vector<std::string> Storage;
  Storage.reserve(Args.size());
  std::set<unsigned> Rewritten; // argv positions of '@' arguments
  for (const std::string &A : Args) {
    if (!A.empty() && A[0] == '@') {
      Rewritten.insert(unsigned(Storage.size() + 2));
      Storage.push_back("./" + A);
    } else {
      Storage.push_back(A);
    }
  }
  std::vector<const char *> Argv = {"rocm-lint", Command.getName().data()};
  for (const std::string &A : Storage)
    Argv.push_back(A.c_str());
  cl::ResetAllOptionOccurrences();
  std::string Messages;
  llvm::raw_string_ostream Errs(Messages);
  bool Ok = cl::ParseCommandLineOptions(int(Argv.size()), Argv.data(), "", &Errs, /*EnvVar=*/nullptr);
  Errs.flush();
  if (!Ok) {
    // Value errors ("requires a value!") go to stderr directly, already one line each.
    Error = Messages.empty() ? "" : oneLine(Messages) + " (see 'rocm-lint --help')";
    return false;
  }
  if (Positionals)
    for (size_t I = 0; I < Positionals->size(); ++I)
      if (Rewritten.count(Positionals->getPosition(unsigned(I))))
        (*Positionals)[I] = Args[Positionals->getPosition(unsigned(I)) - 2];
  return true;
}

} // namespace rocmlint
