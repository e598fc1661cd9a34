#include "project/IncludeScan.h"

#include "core/SourceKinds.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

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

std::set<std::string> sourcesIncludedBy(const std::vector<std::string> &Sources,
                                        const std::function<std::optional<std::string>(const std::string &)> &Read) {
  std::set<std::string> Known(Sources.begin(), Sources.end());
  std::set<std::string> Out;
  for (const std::string &Includer : Sources) {
    std::optional<std::string> Text = Read(Includer);
    if (!Text)
      continue;
    for (const IncludeLine &I : scanIncludeLines(*Text)) {
      // Angle brackets search the include path, not the includer's folder: a library's header.
      if (I.Open != '"' || !I.Closed || I.Name.empty() || !isTranslationUnitName(llvm::StringRef(I.Name)))
        continue;
      llvm::SmallString<256> Target(llvm::sys::path::parent_path(Includer));
      llvm::sys::path::append(Target, llvm::StringRef(I.Name.data(), I.Name.size()));
      llvm::sys::path::remove_dots(Target, /*remove_dot_dot=*/true);
      std::string T(Target.str());
      if (T != Includer && Known.count(T))
        Out.insert(std::move(T));
    }
  }
  return Out;
}

} // namespace rocmtidy::project
