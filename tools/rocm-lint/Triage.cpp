// From what the passes left behind (compiler errors, recovery logs) to the file's analysis status.
#include "AnalyzerImpl.h"

#include <algorithm>
#include <filesystem>
#include <tuple>

namespace fs = std::filesystem;

namespace rocmlint {

const char *statusName(AnalysisStatus S) {
  switch (S) {
  case AnalysisStatus::Complete:
    return "complete";
  case AnalysisStatus::Recovered:
    return "recovered";
  case AnalysisStatus::Failed:
    return "failed";
  }
  return "failed";
}

// A run that could not complete (the report or the fixes could not be written) is 2 whatever the
// policy: --fail-on chooses what the analysis outcomes mean, not whether a broken run passes.
int exitStatusFor(Options::FailPolicy Policy, bool RunFailed, bool FilesFailed, bool Findings) {
  if (RunFailed)
    return 2;
  switch (Policy) {
  case Options::FailPolicy::Findings:
    return FilesFailed ? 2 : Findings ? 1 : 0;
  case Options::FailPolicy::Errors:
    return FilesFailed ? 2 : 0;
  case Options::FailPolicy::Never:
    return 0;
  }
  return 2;
}

LineTable::LineTable(const std::string &Content) {
  Starts.push_back(0);
  for (size_t I = Content.find('\n'); I != std::string::npos; I = Content.find('\n', I + 1))
    Starts.push_back(static_cast<unsigned>(I + 1));
}

void LineTable::lineCol(unsigned Offset, unsigned &Line, unsigned &Col) const {
  // The last line starting at or before Offset (the first start is 0, so there is one).
  auto After = std::upper_bound(Starts.begin(), Starts.end(), Offset);
  Line = static_cast<unsigned>(After - Starts.begin());
  Col = Offset - *(After - 1) + 1;
}

// What the passes' recovery logs say about the file, merged into its status: missing headers,
// refused and stood-in includes, the files it reached, whether every pass parsed it.
static void mergeRecoveryLogs(const InputFile &F, const std::vector<RecoveryLog> &Logs, FileResult &R, bool &Parsed,
                              std::string &NotRegular) {
  FileStatus &St = R.Status;
  std::vector<std::string> StoodIn; // missing headers read from rocm-lint's stand-ins, in order
  for (const RecoveryLog &L : Logs) {
    Parsed &= L.Parsed;
    for (const std::string &M : L.MissingHeaders)
      if (std::find(St.MissingHeaders.begin(), St.MissingHeaders.end(), M) == St.MissingHeaders.end())
        St.MissingHeaders.push_back(M);
    // The passes parse the same declarations: the larger count, not the sum.
    St.DroppedDeclarations = std::max(St.DroppedDeclarations, L.DroppedDeclarations);
    for (const std::string &O : L.OutsideRoot) {
      std::string Sk = "'" + O + "' is outside the project root and was not read";
      if (std::find(St.Skipped.begin(), St.Skipped.end(), Sk) == St.Skipped.end())
        St.Skipped.push_back(Sk);
    }
    for (const std::string &H : L.StoodIn)
      if (std::find(StoodIn.begin(), StoodIn.end(), H) == StoodIn.end())
        StoodIn.push_back(H);
    for (const std::string &N : L.NotRegular)
      if (NotRegular.empty())
        NotRegular = N;
    for (const std::string &U : L.UserFiles)
      if (U != F.Absolute && std::find(R.ReachedFiles.begin(), R.ReachedFiles.end(), U) == R.ReachedFiles.end())
        R.ReachedFiles.push_back(U);
  }
  // A PyTorch extension reads several stand-ins at once: one sentence names them all.
  if (!StoodIn.empty()) {
    std::string Names;
    for (const std::string &H : StoodIn)
      Names += (Names.empty() ? "'" : ", '") + H + "'";
    St.Skipped.push_back(Names +
                         (StoodIn.size() == 1 ? " was not found; rocm-lint's declarations-only stand-in was read"
                                              : " were not found; rocm-lint's declarations-only stand-ins were read") +
                         " instead");
  }
}

void triageAnalysis(const InputFile &F, std::vector<CompilerError> CompilerErrors, const std::vector<RecoveryLog> &Logs,
                    const std::function<const LineTable &(const std::string &)> &LinesOf, FileResult &R) {
  // A missing CUDA header is a fatal compiler error that rocm-cuda-header already explains:
  // clang says "'NAME' file not found".
  auto NotFound = [](const std::string &M) {
    size_t At = M.find("' file not found");
    return At != std::string::npos && At > 1 && M.rfind('\'', At - 1) != std::string::npos;
  };
  // Report the earliest error first; clang's "too many errors" stop carries no location of interest.
  std::stable_sort(CompilerErrors.begin(), CompilerErrors.end(), [](const CompilerError &A, const CompilerError &B) {
    bool AStop = A.Message.find("too many errors emitted") != std::string::npos;
    bool BStop = B.Message.find("too many errors emitted") != std::string::npos;
    if (AStop != BStop)
      return BStop;
    return std::tie(A.File, A.Offset) < std::tie(B.File, B.Offset);
  });
  std::vector<std::string> Unexplained;
  for (const CompilerError &E : CompilerErrors) {
    bool Explained = false;
    if (NotFound(E.Message))
      for (const rocmtidy::Finding &Fd : R.Findings)
        if (Fd.Check == "rocm-cuda-header" && Fd.File == E.File && Fd.Offset == E.Offset)
          Explained = true;
    if (Explained)
      continue;
    unsigned Line = 0, Col = 0;
    // Errors name the input file: an error in a header says which analysed file reached it.
    std::string Where = F.Display;
    if (!E.File.empty() && E.File != F.Absolute) {
      std::error_code EC;
      fs::path Rel = fs::relative(E.File, fs::current_path(EC), EC);
      Where += ": " + (EC || Rel.empty() || *Rel.begin() == ".." ? E.File : Rel.string());
    }
    if (!E.File.empty()) {
      LinesOf(E.File).lineCol(E.Offset, Line, Col);
      Where += ":" + std::to_string(Line) + ":" + std::to_string(Col);
    }
    std::string Msg = Where + ": " + E.Message;
    if (std::find(Unexplained.begin(), Unexplained.end(), Msg) == Unexplained.end())
      Unexplained.push_back(Msg);
  }
  FileStatus &St = R.Status;
  bool Parsed = true;
  std::string NotRegular; // the first included file that is a device, FIFO or directory
  mergeRecoveryLogs(F, Logs, R, Parsed, NotRegular);
  St.CompilerErrors = unsigned(Unexplained.size());
  // One line per file: the first error says where to look; the rest are usually its echoes.
  std::string FirstError;
  if (!Unexplained.empty()) {
    FirstError = Unexplained.front();
    if (Unexplained.size() > 1)
      FirstError += " (and " + std::to_string(Unexplained.size() - 1) + " more compiler error" +
                    (Unexplained.size() > 2 ? "s" : "") + ")";
  }
  if (!NotRegular.empty()) {
    // security.md: an include of /dev/zero or a FIFO is a "cannot open file" error for the source.
    St.Status = AnalysisStatus::Failed;
    St.Reason = F.Display + ": cannot open file '" + NotRegular + "': not a regular file";
    R.Errors.push_back(St.Reason + "; the file could not be analysed");
  } else if (!Parsed) {
    St.Status = AnalysisStatus::Failed;
    St.Reason = FirstError.empty() ? F.Display + ": the compiler could not parse the file" : FirstError;
    R.Errors.push_back(St.Reason + "; the file could not be analysed");
  } else if (!St.MissingHeaders.empty() || !St.Skipped.empty()) {
    // The errors are what the missing declarations leave behind; the status line names the headers.
    St.Status = AnalysisStatus::Recovered;
  } else if (!FirstError.empty()) {
    St.Status = AnalysisStatus::Failed;
    St.Reason = FirstError;
    R.Errors.push_back(FirstError + "; the file could not be analysed completely");
  }
}

} // namespace rocmlint
