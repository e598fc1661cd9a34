#include "InlinePtxCheck.h"

#include "clang-tidy/utils/OptionsUtils.h"
#include "core/PtxTable.h"
#include "core/WarpTables.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang::ast_matchers;

namespace clang::tidy::rocm {

namespace {

// What marks an asm template as PTX, and what replaces each part in HIP: lib/data/ptx.json.
struct PtxEvidence {
  std::string Spelling;
  llvm::StringRef Remedy;
};

std::optional<PtxEvidence> instructionEvidence(llvm::StringRef Insn) {
  Insn = Insn.trim();
  // Braces open PTX scopes; "@p" and "@!p" are predicate guards; "L1:" is a label.
  while (true) {
    Insn = Insn.ltrim(" \t{}");
    if (Insn.consume_front("@")) {
      Insn = Insn.drop_while([](char C) { return !isWhitespace(C); });
      continue;
    }
    size_t Colon = Insn.find(':');
    if (Colon != llvm::StringRef::npos && Colon > 0 &&
        llvm::all_of(Insn.take_front(Colon), [](char C) { return isAsciiIdentifierContinue(C) || C == '$'; })) {
      Insn = Insn.drop_front(Colon + 1);
      continue;
    }
    break;
  }
  // Operands may follow without a space when the template is split into adjacent literals
  // ("...shared.b16" "{%0, %1}, [%2];").
  llvm::StringRef Token =
      Insn.take_until([](char C) { return isWhitespace(C) || C == ',' || C == '{' || C == '['; });
  if (Token.empty())
    return std::nullopt;
  const rocmtidy::PtxTable &Ptx = rocmtidy::ptxTable();
  if (Token.starts_with(".")) {
    if (Ptx.Directives.count(std::string_view(Token.drop_front())))
      return PtxEvidence{Token.str(), "a local variable"};
    return std::nullopt;
  }
  llvm::SmallVector<llvm::StringRef, 6> Parts;
  Token.split(Parts, '.');
  if (Parts.size() < 2)
    return std::nullopt;
  const std::string *Remedy = Ptx.opcodeRemedy(Parts[0]);
  if (!Remedy)
    return std::nullopt;
  for (llvm::StringRef Suffix : llvm::ArrayRef(Parts).drop_front())
    if (Ptx.Suffixes.count(std::string_view(Suffix)))
      return PtxEvidence{Token.str(), *Remedy};
  return std::nullopt;
}

// The first sign of PTX in an asm template, or nothing when it reads as another ISA.
std::optional<PtxEvidence> findPtx(llvm::StringRef Template) {
  // %%laneid and friends are PTX wherever they appear, even in an instruction we do not know.
  for (size_t Pos = Template.find("%%"); Pos != llvm::StringRef::npos; Pos = Template.find("%%", Pos + 2)) {
    llvm::StringRef Name = Template.drop_front(Pos + 2).take_while([](char C) { return isAsciiIdentifierContinue(C); });
    if (const std::string *Remedy = rocmtidy::ptxTable().registerRemedy(Name))
      return PtxEvidence{("%%" + Name).str(), *Remedy};
  }
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  Template.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    // PTX comments are C++ style; AMDGCN's ';' would make the rest of a line a comment there,
    // but in PTX it ends the instruction.
    if (size_t C = Line.find("//"); C != llvm::StringRef::npos)
      Line = Line.take_front(C);
    llvm::SmallVector<llvm::StringRef, 4> Insns;
    Line.split(Insns, ';');
    for (llvm::StringRef Insn : Insns)
      if (std::optional<PtxEvidence> E = instructionEvidence(Insn))
        return E;
  }
  return std::nullopt;
}

} // namespace

InlinePtxCheck::InlinePtxCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      PlatformMacrosSpelling(Options.get("PlatformMacros", rocmtidy::allPlatformMacrosSpelling()).str()) {}

void InlinePtxCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "PlatformMacros", PlatformMacrosSpelling);
}

void InlinePtxCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) {
  std::vector<std::string> Macros;
  for (StringRef M : utils::options::parseStringList(PlatformMacrosSpelling))
    Macros.push_back(M.str());
  Guards.emplace(std::move(Macros));
  PP->addPPCallbacks(Guards->callbacks(SM, *PP));
}

void InlinePtxCheck::registerMatchers(MatchFinder *Finder) {
  // The template pattern is enough: an instantiation repeats the same string.
  Finder->addMatcher(asmStmt(unless(isInTemplateInstantiation())).bind("asm"), this);
}

void InlinePtxCheck::check(const MatchFinder::MatchResult &Result) {
  // MS-style __asm blocks are host x86 code, never PTX.
  const auto *Asm = dyn_cast_or_null<GCCAsmStmt>(Result.Nodes.getNodeAs<AsmStmt>("asm"));
  if (!Asm)
    return;
  const SourceManager &SM = *Result.SourceManager;
  const StringLiteral *Str = Asm->getAsmString();
  if (!Str || SM.isInSystemHeader(SM.getSpellingLoc(Asm->getAsmLoc())))
    return;
  std::optional<PtxEvidence> E = findPtx(Str->getString());
  if (!E)
    return;
  // A platform switch around the statement, or around the macro that spells it, means the
  // author already chose what the AMD build gets.
  if (Guards && (Guards->inPlatformSwitch(Asm->getAsmLoc(), SM) ||
                 Guards->inPlatformSwitch(SM.getSpellingLoc(Asm->getAsmLoc()), SM) ||
                 Guards->inPlatformSwitch(SM.getSpellingLoc(Str->getBeginLoc()), SM)))
    return;
  SourceLocation Loc = Str->getBeginLoc().isMacroID() ? Asm->getAsmLoc() : Str->getBeginLoc();
  diag(Loc, "inline PTX assembly '%0' is rejected by the AMDGPU assembler in a HIP build; use %1 on AMD, "
            "or keep the asm under '#if !defined(__HIP_PLATFORM_AMD__)'")
      << E->Spelling << E->Remedy << Str->getSourceRange();
}

} // namespace clang::tidy::rocm
