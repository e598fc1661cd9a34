#include "CudaHeaderCheck.h"

#include "ast/Compat.h"
#include "core/CudaHeaderMap.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang-tidy/utils/OptionsUtils.h"

namespace clang::tidy::rocm {

static constexpr llvm::StringLiteral DefaultPlatformMacros =
    "__HIP_PLATFORM_AMD__;__HIP_PLATFORM_HCC__;__HIP_PLATFORM_NVIDIA__;__HIP_PLATFORM_NVCC__;__HIP__;__HIPCC__;"
    "USE_ROCM;USE_HIP";

CudaHeaderCheck::CudaHeaderCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      PlatformMacrosSpelling(Options.get("PlatformMacros", DefaultPlatformMacros).str()) {
  for (StringRef M : utils::options::parseStringList(PlatformMacrosSpelling))
    PlatformMacros.push_back(M.str());
}

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

  void If(SourceLocation Loc, SourceRange ConditionRange, ConditionValueKind) override {
    PlatformSwitch.push_back(mentionsPlatformMacro(ConditionRange));
  }
  void Ifdef(SourceLocation, const Token &MacroNameTok, const MacroDefinition &) override {
    PlatformSwitch.push_back(isPlatformMacro(MacroNameTok));
  }
  void Ifndef(SourceLocation, const Token &MacroNameTok, const MacroDefinition &) override {
    PlatformSwitch.push_back(isPlatformMacro(MacroNameTok));
  }
  // An #elif that tests the platform makes the whole chain a platform switch, including the
  // branches before it: "#if USE_CUDA_X ... #elif defined(__HIP__)" dispatches on the platform.
  void Elif(SourceLocation, SourceRange ConditionRange, ConditionValueKind, SourceLocation) override {
    if (!PlatformSwitch.empty() && mentionsPlatformMacro(ConditionRange))
      PlatformSwitch.back() = true;
  }
  void Elifdef(SourceLocation, const Token &MacroNameTok, const MacroDefinition &) override {
    if (!PlatformSwitch.empty() && isPlatformMacro(MacroNameTok))
      PlatformSwitch.back() = true;
  }
  void Elifndef(SourceLocation, const Token &MacroNameTok, const MacroDefinition &) override {
    if (!PlatformSwitch.empty() && isPlatformMacro(MacroNameTok))
      PlatformSwitch.back() = true;
  }
  void Endif(SourceLocation, SourceLocation) override {
    if (!PlatformSwitch.empty())
      PlatformSwitch.pop_back();
  }

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
    for (bool Switch : PlatformSwitch)
      if (Switch)
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
  bool isPlatformName(StringRef Name) const {
    for (const std::string &M : Check.PlatformMacros)
      if (Name == M)
        return true;
    return false;
  }
  bool isPlatformMacro(const Token &Tok) const {
    const IdentifierInfo *II = Tok.getIdentifierInfo();
    return II && isPlatformName(II->getName());
  }
  bool mentionsPlatformMacro(SourceRange Range) const {
    if (Range.isInvalid())
      return false;
    StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(Range), SM, PP.getLangOpts());
    // A raw lex of the condition text: identifiers only, so a macro name inside a string or a
    // longer identifier does not count.
    size_t I = 0;
    while (I < Text.size()) {
      if (isAsciiIdentifierStart(Text[I])) {
        size_t J = I;
        while (J < Text.size() && isAsciiIdentifierContinue(Text[J]))
          ++J;
        if (isPlatformName(Text.slice(I, J)))
          return true;
        I = J;
      } else {
        ++I;
      }
    }
    return false;
  }

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
  std::vector<bool> PlatformSwitch;
  std::vector<PendingInclude> Pending;
  bool SawHipHeader = false;
};

void CudaHeaderCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) {
  PP->addPPCallbacks(std::make_unique<CudaHeaderPPCallbacks>(*this, SM, *PP));
}

} // namespace clang::tidy::rocm
