// Per-target lists of 64-lane GPUs: '#if __gfx906__ || __gfx908__ || __gfx90a__' that gives a
// warp-width constant 64 and its '#else' 32. Written before MI300, such a list leaves gfx942 and
// gfx950 in the '#else': there the constant is 32 on a 64-lane wavefront. The analysis compiles
// for one target, so the branch the other targets take is read from the source text.

#include "WarpSizeAssumptionCheck.h"
#include "core/GpuTargets.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

namespace clang::tidy::rocm {

class TargetListCallbacks : public PPCallbacks {
public:
  TargetListCallbacks(WarpSizeAssumptionCheck &Check, const SourceManager &SM, const LangOptions &LO)
      : Check(Check), SM(SM), LO(LO) {}

  // A condition that ends in a defined macro ('|| __gfx90a__' in the gfx90a pass) ends in its expansion.
  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    Open.push_back({Loc, {SM.getFileLoc(Cond.getBegin()), SM.getFileLoc(Cond.getEnd())}, {}, false});
  }
  void Elif(SourceLocation, SourceRange, ConditionValueKind, SourceLocation) override { chained(); }
  void Elifdef(SourceLocation, const Token &, const MacroDefinition &) override { chained(); }
  void Elifndef(SourceLocation, const Token &, const MacroDefinition &) override { chained(); }
  void Elifdef(SourceLocation, SourceRange, SourceLocation) override { chained(); }
  void Elifndef(SourceLocation, SourceRange, SourceLocation) override { chained(); }
  void Ifdef(SourceLocation Loc, const Token &, const MacroDefinition &) override {
    Open.push_back({Loc, {}, {}, true});
  }
  void Ifndef(SourceLocation Loc, const Token &, const MacroDefinition &) override {
    Open.push_back({Loc, {}, {}, true});
  }
  void Else(SourceLocation Loc, SourceLocation) override {
    if (!Open.empty())
      Open.back().Else = Loc;
  }
  void Endif(SourceLocation Loc, SourceLocation) override {
    if (Open.empty())
      return;
    Conditional C = Open.pop_back_val();
    if (!C.Other && C.Else.isValid() && C.IfLoc.isFileID() && !SM.isInSystemHeader(C.IfLoc))
      check(C, Loc);
  }

private:
  struct Conditional {
    SourceLocation IfLoc;
    SourceRange Cond;
    SourceLocation Else;
    bool Other; ///< '#ifdef', '#ifndef', or a chain with '#elif': not a list and its alternative
  };

  void chained() {
    if (!Open.empty())
      Open.back().Other = true;
  }

  StringRef text(SourceLocation B, SourceLocation E) const {
    if (B.isInvalid() || E.isInvalid() || SM.getFileID(B) != SM.getFileID(E))
      return {};
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(SM.getFileID(B), &Invalid);
    unsigned From = SM.getFileOffset(B), To = SM.getFileOffset(E);
    return Invalid || From > To || To > Buffer.size() ? StringRef() : Buffer.slice(From, To);
  }

  // The targets a condition names when it is only 'defined(__gfxN__)' / '__gfxN__' joined by '||'.
  std::optional<llvm::SmallVector<std::string, 8>> listedTargets(StringRef Cond) const {
    llvm::SmallVector<std::string, 8> Names;
    // The raw lexer reads up to a terminating NUL, which a slice of the file does not have.
    const std::string Text = Cond.str();
    Lexer L(SourceLocation(), LO, Text.data(), Text.data(), Text.data() + Text.size());
    Token T;
    while (true) {
      L.LexFromRawLexer(T);
      if (T.is(tok::eof))
        break;
      if (T.isOneOf(tok::pipepipe, tok::l_paren, tok::r_paren))
        continue;
      if (!T.is(tok::raw_identifier))
        return std::nullopt;
      StringRef Id = T.getRawIdentifier();
      if (Id == "defined")
        continue;
      if (!Id.consume_front("__gfx") || !Id.consume_back("__") || Id.empty())
        return std::nullopt;
      Names.push_back(("gfx" + Id).str());
    }
    if (Names.empty())
      return std::nullopt;
    return Names;
  }

  // The warp-width name a branch gives the value V ('#define WARP_SIZE 64', 'constexpr int kWarp = 64').
  std::string widthNamed(StringRef Branch, StringRef V) const {
    llvm::Regex Define("#[ \t]*define[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]+\\(?" + V.str() +
                       "[uU]?\\)?([^0-9A-Za-z_.]|$)");
    llvm::Regex Assign("([A-Za-z_][A-Za-z0-9_]*)[ \t]*(=|\\{)[ \t]*" + V.str() + "[uU]?[ \t]*[;}]");
    llvm::SmallVector<StringRef, 4> M;
    for (StringRef Line : llvm::split(Branch, '\n'))
      if ((Define.match(Line, &M) || Assign.match(Line, &M)) && Check.WarpSizeNameRegex.match(M[1]))
        return M[1].str();
    return {};
  }

  void check(const Conditional &C, SourceLocation EndifLoc) {
    std::optional<llvm::SmallVector<std::string, 8>> Listed =
        listedTargets(text(C.Cond.getBegin(), Lexer::getLocForEndOfToken(C.Cond.getEnd(), 0, SM, LO)));
    if (!Listed)
      return;
    // Every listed target runs 64-lane wavefronts: a list of the wave64 GPUs, not of some other feature.
    for (const std::string &Name : *Listed)
      if (const rocmtidy::GpuTarget *T = rocmtidy::findGpuTarget(Name);
          T ? T->defaultWavefront() != 64 : !StringRef(Name).starts_with("gfx9"))
        return;
    std::string Name = widthNamed(text(C.Cond.getEnd(), C.Else), "64");
    if (Name.empty() || widthNamed(text(C.Else, EndifLoc), "32") != Name)
      return;
    std::string Missing;
    for (const rocmtidy::GpuTarget *T : Check.Targets.targets())
      if (T->defaultWavefront() == 64 && !llvm::is_contained(*Listed, T->Name))
        Missing += (Missing.empty() ? "" : ", ") + T->displayName();
    if (Missing.empty())
      return;
    Check.TargetListGaps.push_back({C.IfLoc, C.Else, std::move(Missing), std::move(Name)});
  }

  WarpSizeAssumptionCheck &Check;
  const SourceManager &SM;
  const LangOptions &LO;
  llvm::SmallVector<Conditional, 8> Open;
};

// Reported with the unit's other findings: a diagnostic given while the preprocessor is inside a
// header is dropped by clang-tidy's filters.
void WarpSizeAssumptionCheck::reportTargetListGaps() {
  for (const TargetListGap &G : TargetListGaps) {
    diag(G.If, "list of 64-lane GPUs leaves out %0, which compile the '#else' branch where '%1' is 32 on a 64-lane "
               "wavefront: test '__GFX9__' (every gfx9 GPU), or use 'warpSize'")
        << G.Missing << G.Name;
    diag(G.Else, "'%0' is 32 here", DiagnosticIDs::Note) << G.Name;
  }
}

std::unique_ptr<PPCallbacks> WarpSizeAssumptionCheck::targetListCallbacks(const SourceManager &SM,
                                                                          const LangOptions &LO) {
  return std::make_unique<TargetListCallbacks>(*this, SM, LO);
}

} // namespace clang::tidy::rocm
