#ifndef ROCM_TIDY_TOOLS_ROCM_CLANGD_DEVICEREUSE_H
#define ROCM_TIDY_TOOLS_ROCM_CLANGD_DEVICEREUSE_H

// When rocm-clangd may keep the findings of the last device parse of a file instead of parsing
// again (DeviceFindings.cpp): the text changed in one place, and the change cannot alter what the
// preprocessor and the parser see anywhere else. Pure text functions, so the unit tests reach them.
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cstdint>
#include <ctime>
#include <string>
#include <utility>
#include <vector>

namespace rocmclangd {

using Ranges = std::vector<std::pair<unsigned, unsigned>>; // [begin, end) byte offsets

// A file a device parse (or its preamble) read, as it was then: a later edit reuses that parse's
// findings only while every such file is unchanged.
struct InputFile {
  std::string Name;
  uint64_t Size;
  time_t MTime;
};

// One contiguous change between two versions of a text: [Begin, OldEnd) of the old text became
// [Begin, NewEnd) of the new one. Several edits in a row read as one change spanning them all.
struct Change {
  unsigned Begin = 0, OldEnd = 0, NewEnd = 0;
};

inline Change changeBetween(llvm::StringRef Old, llvm::StringRef New) {
  size_t Common = std::min(Old.size(), New.size());
  size_t Prefix = 0;
  while (Prefix < Common && Old[Prefix] == New[Prefix])
    ++Prefix;
  size_t Suffix = 0;
  while (Suffix < Common - Prefix && Old[Old.size() - 1 - Suffix] == New[New.size() - 1 - Suffix])
    ++Suffix;
  return {unsigned(Prefix), unsigned(Old.size() - Suffix), unsigned(New.size() - Suffix)};
}

// The offset in the new text of an offset of the old one; false inside the change itself.
inline bool moveOffset(const Change &C, unsigned &Offset) {
  if (Offset < C.Begin)
    return true;
  if (Offset < C.OldEnd)
    return false;
  Offset = Offset - C.OldEnd + C.NewEnd;
  return true;
}

// Every bracket the text opens it closes, in order, kind by kind: skipping a function body
// balances brackets, so a change that keeps them balanced ends the body where it ended.
inline bool balancedBrackets(llvm::StringRef Text) {
  int Paren = 0, Square = 0, Brace = 0;
  for (char C : Text) {
    Paren += C == '(' ? 1 : C == ')' ? -1 : 0;
    Square += C == '[' ? 1 : C == ']' ? -1 : 0;
    Brace += C == '{' ? 1 : C == '}' ? -1 : 0;
    if (Paren < 0 || Square < 0 || Brace < 0)
      return false;
  }
  return Paren == 0 && Square == 0 && Brace == 0;
}

// Whether the change leaves the token structure around it as it was: it writes or removes no
// directive, comment delimiter, quote, line splice or _Pragma, keeps brackets balanced, is not on
// a directive's line, and starts no new line inside a line comment or a literal. Then the
// preprocessor defines and skips what it did before, and a body the parser skipped still ends
// where it ended. Conservative: an edit that fails this only costs a parse.
inline bool isLocalChange(llvm::StringRef Old, llvm::StringRef New, const Change &C) {
  if (C.Begin == C.OldEnd && C.Begin == C.NewEnd)
    return false;
  for (llvm::StringRef Mid : {Old.slice(C.Begin, C.OldEnd), New.slice(C.Begin, C.NewEnd)})
    if (Mid.find_first_of("#\"'\\") != llvm::StringRef::npos || Mid.contains("_Pragma") || !balancedBrackets(Mid))
      return false;
  // A delimiter can also form across the edge of the change ('/' typed before '*').
  auto Around = [&](llvm::StringRef Text, unsigned End) {
    return Text.slice(C.Begin ? C.Begin - 1 : 0, std::min<size_t>(End + 1, Text.size()));
  };
  for (llvm::StringRef Edge : {Around(Old, C.OldEnd), Around(New, C.NewEnd)})
    if (Edge.contains("//") || Edge.contains("/*") || Edge.contains("*/"))
      return false;
  // The logical line the change starts on, back over line splices.
  auto StartOfLine = [&](size_t Offset) {
    size_t NewLineBefore = Old.rfind('\n', Offset);
    return NewLineBefore == llvm::StringRef::npos ? 0 : NewLineBefore + 1;
  };
  size_t LineStart = StartOfLine(C.Begin);
  while (LineStart >= 2 && Old[LineStart - 2] == '\\')
    LineStart = StartOfLine(LineStart - 1);
  llvm::StringRef Line = Old.slice(LineStart, C.Begin);
  if (Line.ltrim().starts_with("#"))
    return false;
  bool NewLine = Old.slice(C.Begin, C.OldEnd).contains('\n') || New.slice(C.Begin, C.NewEnd).contains('\n');
  if (NewLine && (Line.contains("//") || Line.find_first_of("\"'") != llvm::StringRef::npos))
    return false;
  return true;
}

// Whether one of the ranges holds all of [Begin, End).
inline bool within(const Ranges &R, unsigned Begin, unsigned End) {
  return std::any_of(R.begin(), R.end(), [&](const auto &X) { return X.first <= Begin && End <= X.second; });
}

} // namespace rocmclangd

#endif
