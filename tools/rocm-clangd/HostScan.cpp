// The host parse's view of the main file, for the device parse (HostScan.h).
#include "HostScan.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace rocmclangd {

bool inRanges(const Ranges &R, unsigned Offset) {
  for (const auto &[B, E] : R)
    if (Offset >= B && Offset < E)
      return true;
  return false;
}

void SkippedRanges::SourceRangeSkipped(SourceRange Range, SourceLocation EndifLoc) {
  if (!SM.isWrittenInMainFile(Range.getBegin()))
    return;
  Out.emplace_back(SM.getFileOffset(Range.getBegin()), SM.getFileOffset(EndifLoc));
}

namespace {

void identifiersIn(StringRef Buffer, unsigned Begin, unsigned End, const LangOptions &LO, std::set<std::string> &Out) {
  End = std::min<unsigned>(End, Buffer.size());
  if (Begin >= End)
    return;
  // Raw lexing: the text of a skipped region was never preprocessed, and names are all we need. The
  // lexer reads up to a NUL after the end, so it gets a copy that has one.
  std::string Text = Buffer.slice(Begin, End).str();
  Lexer Lex(SourceLocation(), LO, Text.data(), Text.data(), Text.data() + Text.size());
  Token Tok;
  // LexFromRawLexer says "at the end" with the last token, which may be a name.
  for (bool AtEnd = false; !AtEnd;) {
    AtEnd = Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::raw_identifier))
      Out.insert(Tok.getRawIdentifier().str());
  }
}

// Directives are found by raw lexing, so a '#' inside a comment or literal is no directive.
void blankBody(std::string &Out, StringRef Buffer, unsigned Begin, unsigned End, const LangOptions &LO) {
  std::string Text = Buffer.slice(Begin, End).str(); // NUL-terminated, as the lexer needs
  Lexer Lex(SourceLocation(), LO, Text.data(), Text.data(), Text.data() + Text.size());
  Ranges Directives; // relative to Begin
  bool InDirective = false;
  unsigned DirectiveBegin = 0, DirectiveEnd = 0;
  Token Tok;
  for (bool AtEnd = false; !AtEnd;) {
    AtEnd = Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof))
      break;
    unsigned TokEnd = Lex.getBufferLocation() - Text.data(), TokBegin = TokEnd - Tok.getLength();
    if (Tok.isAtStartOfLine()) {
      if (InDirective)
        Directives.emplace_back(DirectiveBegin, DirectiveEnd);
      InDirective = Tok.is(tok::hash);
      DirectiveBegin = TokBegin;
    }
    if (InDirective)
      DirectiveEnd = TokEnd;
  }
  if (InDirective)
    Directives.emplace_back(DirectiveBegin, DirectiveEnd);
  for (unsigned I = 0; I < Text.size(); ++I)
    if (Text[I] != '\n' && Text[I] != '\r' && !inRanges(Directives, I))
      Out[Begin + I] = ' ';
}

} // namespace

KeepSet keepSet(StringRef Buffer, const Ranges &Skipped, const std::vector<HostFunction> &Functions,
                const LangOptions &LO) {
  KeepSet K;
  for (const auto &[B, E] : Skipped)
    identifiersIn(Buffer, B, E, LO, K.Names);
  std::vector<bool> Kept(Functions.size(), false);
  for (size_t I = 0; I < Functions.size(); ++I)
    for (const auto &[B, E] : Skipped)
      if (B >= Functions[I].Begin && B < Functions[I].End)
        Kept[I] = true;
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (size_t I = 0; I < Functions.size(); ++I) {
      if (!Kept[I] && !K.Names.count(Functions[I].Name))
        continue;
      if (!K.Offsets.insert(Functions[I].NameOffset).second)
        continue;
      Kept[I] = true;
      identifiersIn(Buffer, Functions[I].Begin, Functions[I].End, LO, K.Names);
      Grew = true;
    }
  }
  return K;
}

std::string deviceBuffer(StringRef Buffer, const std::vector<HostFunction> &Functions, const KeepSet &Keep,
                         const Ranges &Skipped, const LangOptions &LO) {
  std::string Out = Buffer.str();
  for (const HostFunction &F : Functions)
    if (F.Skippable && !F.Body.empty() && !Keep.Offsets.count(F.NameOffset) && !Keep.Names.count(F.Name) &&
        !inRanges(Skipped, F.NameOffset))
      blankBody(Out, Buffer, F.Body.front().first, F.Body.front().second, LO);
  return Out;
}

} // namespace rocmclangd
