#include "project/IncludeScan.h"

#include "llvm/ADT/StringRef.h"

#include <tuple>

namespace rocmtidy::project {

std::vector<IncludeLine> scanIncludeLines(std::string_view Text) {
  std::vector<IncludeLine> Out;
  unsigned LineNo = 0;
  for (llvm::StringRef Rest(Text.data(), Text.size()); !Rest.empty();) {
    llvm::StringRef Line;
    std::tie(Line, Rest) = Rest.split('\n');
    ++LineNo;
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("include"))
      continue;
    Line = Line.ltrim(" \t");
    IncludeLine I;
    I.Line = LineNo;
    if (!Line.empty() && (Line.front() == '"' || Line.front() == '<')) {
      I.Open = Line.front();
      char Close = I.Open == '"' ? '"' : '>';
      Line = Line.drop_front();
      size_t End = Line.find(Close);
      I.Closed = End != llvm::StringRef::npos;
      llvm::StringRef Name = Line.take_front(End);
      I.Name = std::string_view(Name.data(), Name.size());
    }
    Out.push_back(I);
  }
  return Out;
}

std::vector<std::string> includedNames(std::string_view Text) {
  std::vector<std::string> Out;
  for (const IncludeLine &I : scanIncludeLines(Text))
    if (I.Open && I.Closed && !I.Name.empty() && I.Name.find_first_of("\">") == std::string_view::npos)
      Out.emplace_back(I.Name);
  return Out;
}

} // namespace rocmtidy::project
