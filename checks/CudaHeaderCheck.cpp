#include "CudaHeaderCheck.h"

#include "ast/Compat.h"
#include "core/CudaHeaderMap.h"
#include "core/WarpTables.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

namespace clang::tidy::rocm {

CudaHeaderCheck::CudaHeaderCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      PlatformMacrosSpelling(Options.get("PlatformMacros", rocmtidy::allPlatformMacrosSpelling()).str()),
      Guards(rocmtidy::macroListOption(PlatformMacrosSpelling)) {}

void CudaHeaderCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "PlatformMacros", PlatformMacrosSpelling);
}

namespace {

struct PendingInclude {
  SourceLocation HashLoc;
  CharSourceRange FilenameRange;
  std::string Spelled;
  bool IsAngled;
  const rocmtidy::CudaHeaderMapping *Mapping;
};

} // namespace

class CudaHeaderPPCallbacks : public rocmtidy::compat::IncludeCallbacks {
public:
  CudaHeaderPPCallbacks(CudaHeaderCheck &Check, const SourceManager &SM, Preprocessor &PP)
      : Check(Check), SM(SM), PP(PP), Table(rocmtidy::cudaHeaderTable()) {}

  void includeDirective(SourceLocation HashLoc, const Token &, StringRef FileName, bool IsAngled,
                        CharSourceRange FilenameRange, rocmtidy::compat::OptionalFile, StringRef, StringRef,
                        SrcMgr::CharacteristicKind) override {
    if (FileName.starts_with("hip/"))
      SawHipHeader = true;
    // Toolkit and system headers include each other; only the user's own code is ported.
    if (HashLoc.isInvalid() || SM.isInSystemHeader(HashLoc))
      return;
    const rocmtidy::CudaHeaderMapping *M = Table.lookup(FileName.str());
    if (!M || Table.quietPrefix(FileName.str()))
      return;
    // Only an include the HIP build reaches breaks it. Skipped branches never get here; the branch
    // this parse takes is the HIP build's unless it is CUDA-only, or rests on a project macro the
    // project would define for HIP and this parse lacks (no compile database).
    if (Check.Guards.insideBranchHipMaySkip())
      return;
    PendingInclude P{HashLoc, FilenameRange, FileName.str(), IsAngled, M};
    // In a HIP translation unit report at once: a missing toolkit header is a fatal error, and
    // diagnostics reported after the fatal one would be dropped.
    if (PP.getLangOpts().HIP)
      report(P);
    else
      Pending.push_back(std::move(P));
  }

  // A C++ file built with hip::host is HIP code too; we know that only once it includes a HIP header.
  void EndOfMainFile() override {
    if (!SawHipHeader && !PP.isMacroDefined("__HIP_PLATFORM_AMD__"))
      return;
    for (const PendingInclude &P : Pending)
      report(P);
    Pending.clear();
  }

private:
  void report(const PendingInclude &P) {
    const rocmtidy::CudaHeaderMapping &M = *P.Mapping;
    if (M.Hip.empty()) {
      Check.diag(P.FilenameRange.getBegin(), "CUDA header '%0' has no ROCm equivalent and is not found in a HIP "
                                             "build; remove it and port its uses")
          << P.Spelled << P.FilenameRange;
    } else {
      auto D = Check.diag(P.FilenameRange.getBegin(),
                          "CUDA header '%0' is not available in a HIP build; include '%1' instead")
               << P.Spelled << M.Hip << P.FilenameRange;
      // A computed include ("#include HEADER") is spelled in a macro; rewriting the macro
      // would change every other use of it.
      if (!P.FilenameRange.getBegin().isMacroID() && !P.FilenameRange.getEnd().isMacroID()) {
        std::string Replacement = P.IsAngled ? "<" + M.Hip + ">" : "\"" + M.Hip + "\"";
        D << FixItHint::CreateReplacement(P.FilenameRange, Replacement);
      }
    }
    if (!M.Note.empty())
      Check.diag(P.FilenameRange.getBegin(), M.Note, DiagnosticIDs::Note);
  }

  CudaHeaderCheck &Check;
  const SourceManager &SM;
  Preprocessor &PP;
  const rocmtidy::CudaHeaderTable &Table;
  std::vector<PendingInclude> Pending;
  bool SawHipHeader = false;
};

void CudaHeaderCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) {
  PP->addPPCallbacks(Guards.callbacks(SM, *PP));
  PP->addPPCallbacks(std::make_unique<CudaHeaderPPCallbacks>(*this, SM, *PP));
}

} // namespace clang::tidy::rocm
