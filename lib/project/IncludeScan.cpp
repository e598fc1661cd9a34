#include "project/IncludeScan.h"

#include "core/SourceKinds.h"
#include "project/ProjectModel.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <map>
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

namespace {

enum class Arm { Taken, NotTaken, Unknown };

/// What a build that defines \p Defined knows of the condition of `#<Kw> <Cond>`.
Arm evaluate(llvm::StringRef Kw, llvm::StringRef Cond, const std::set<std::string> &Defined) {
  Cond = Cond.trim(" \t\r");
  if (Kw == "ifdef" || Kw == "ifndef") {
    bool Known = Defined.count(Cond.str()) != 0;
    return !Known ? Arm::Unknown : Kw == "ifdef" ? Arm::Taken : Arm::NotTaken;
  }
  if (Cond == "0")
    return Arm::NotTaken;
  bool Negated = Cond.consume_front("!");
  Cond = Cond.ltrim(" \t");
  if (Cond.consume_front("defined")) {
    Cond = Cond.trim(" \t\r");
    if (Cond.consume_front("(") && !Cond.consume_back(")"))
      return Arm::Unknown;
  } else if (Negated) {
    return Arm::Unknown; // !M: M may be defined as 0
  }
  Cond = Cond.trim(" \t\r");
  if (Cond.empty() || Cond.find_if_not([](char C) {
        return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
      }) != llvm::StringRef::npos ||
      !Defined.count(Cond.str()))
    return Arm::Unknown;
  // `#if M` for a macro defined with -DM is `#if 1`.
  return Negated ? Arm::NotTaken : Arm::Taken;
}

struct Conditional {
  bool Dead = false;     // the current arm is known not taken
  bool TakenYet = false; // an earlier (or the current) arm is known taken
};

} // namespace

std::vector<std::string> reachedIncludeNames(std::string_view Text, const std::set<std::string> &Defined) {
  std::vector<std::string> Out;
  std::vector<Conditional> Stack;
  size_t DeadDepth = 0; // how many open conditionals are in a dead arm
  for (llvm::StringRef Rest(Text.data(), Text.size()); !Rest.empty();) {
    llvm::StringRef Line;
    std::tie(Line, Rest) = Rest.split('\n');
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim(" \t");
    llvm::StringRef Kw = Line.take_while([](char C) { return std::isalpha(static_cast<unsigned char>(C)); });
    llvm::StringRef Cond = Line.drop_front(Kw.size());
    if (size_t Comment = Cond.find("//"); Comment != llvm::StringRef::npos)
      Cond = Cond.take_front(Comment);
    auto setArm = [&](Conditional &C, Arm A) {
      DeadDepth -= C.Dead;
      C.Dead = C.TakenYet || A == Arm::NotTaken;
      C.TakenYet |= A == Arm::Taken;
      DeadDepth += C.Dead;
    };
    if (Kw == "if" || Kw == "ifdef" || Kw == "ifndef") {
      Stack.emplace_back();
      setArm(Stack.back(), evaluate(Kw, Cond, Defined));
    } else if ((Kw == "elif" || Kw == "elifdef" || Kw == "elifndef") && !Stack.empty()) {
      setArm(Stack.back(), evaluate(Kw == "elif" ? "if" : Kw.drop_front(2), Cond, Defined));
    } else if (Kw == "else" && !Stack.empty()) {
      setArm(Stack.back(), Arm::Unknown);
    } else if (Kw == "endif" && !Stack.empty()) {
      DeadDepth -= Stack.back().Dead;
      Stack.pop_back();
    } else if (Kw == "include" && DeadDepth == 0) {
      for (const std::string &Name : includedNames("#" + Line.str()))
        Out.push_back(Name);
    }
  }
  return Out;
}

std::optional<IncludeLine> unconditionalInclude(std::string_view Text,
                                                const std::function<bool(std::string_view)> &Wanted) {
  unsigned Depth = 0;
  bool SeenDirective = false;
  unsigned GuardDepth = 0; // 1 while inside the include guard's #ifndef, which counts as outside
  std::string Guard;       // the macro of a first `#ifndef`, until the next directive defines it
  auto MacroName = [](llvm::StringRef S) {
    return S.take_while([](char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; });
  };
  unsigned LineNo = 0;
  for (llvm::StringRef Rest(Text.data(), Text.size()); !Rest.empty();) {
    llvm::StringRef Line;
    std::tie(Line, Rest) = Rest.split('\n');
    ++LineNo;
    const llvm::StringRef Raw = Line;
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim(" \t");
    llvm::StringRef Kw = Line.take_while([](char C) { return std::isalpha(static_cast<unsigned char>(C)); });
    llvm::StringRef Arg = Line.drop_front(Kw.size()).trim(" \t\r");
    bool First = !SeenDirective;
    SeenDirective = true;
    std::string Pending = std::move(Guard);
    Guard.clear();
    if (Kw == "if" || Kw == "ifdef" || Kw == "ifndef") {
      ++Depth;
      if (First && Kw == "ifndef")
        Guard = MacroName(Arg).str();
    } else if (Kw == "endif") {
      if (Depth > 0)
        --Depth;
      if (Depth < GuardDepth)
        GuardDepth = 0;
    } else if (Kw == "define" && !Pending.empty() && Depth == 1 && MacroName(Arg) == Pending) {
      GuardDepth = 1;
    } else if (Kw == "include" && Depth == GuardDepth) {
      std::vector<IncludeLine> Lines = scanIncludeLines(std::string_view(Raw.data(), Raw.size()));
      if (!Lines.empty() && Lines.front().Open && Lines.front().Closed && Wanted(Lines.front().Name)) {
        IncludeLine I = Lines.front();
        I.Line = LineNo;
        return I;
      }
    }
  }
  return std::nullopt;
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

static std::string joined(llvm::StringRef Dir, llvm::StringRef Name) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Name);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P.str());
}

FileNameIndex::FileNameIndex(const std::vector<std::string> &Files) {
  for (const std::string &F : Files)
    ByName[std::string(llvm::sys::path::filename(F))].push_back(F);
}

std::optional<std::string> FileNameIndex::unique(std::string_view Spelled) const {
  llvm::StringRef Name(Spelled.data(), Spelled.size());
  if (Name.empty() || Name.contains(".."))
    return std::nullopt;
  auto It = ByName.find(std::string(llvm::sys::path::filename(Name)));
  if (It == ByName.end())
    return std::nullopt;
  std::optional<std::string> Found;
  const std::string Tail = "/" + Name.str();
  for (const std::string &F : It->second) {
    if (!llvm::StringRef(F).ends_with(Tail))
      continue;
    if (Found)
      return std::nullopt;
    Found = F;
  }
  return Found;
}

namespace {
// Which of a project's files an include line names, answered from the file list alone: beside the
// includer first, then the project's one file of that trailing path.
class IncludeResolver {
public:
  explicit IncludeResolver(const std::vector<std::string> &Files) : Known(Files.begin(), Files.end()), Names(Files) {}

  std::optional<std::string> resolve(const std::string &Includer, llvm::StringRef Name) const {
    std::string Beside = joined(llvm::sys::path::parent_path(Includer), Name);
    if (Known.count(Beside))
      return Beside;
    return Names.unique(std::string_view(Name.data(), Name.size()));
  }

private:
  std::set<std::string> Known;
  FileNameIndex Names;
};

unsigned sourceRank(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return Ext == ".hip" ? 0 : Ext == ".cu" ? 1 : 2;
}

size_t sharedFolderLength(llvm::StringRef A, llvm::StringRef B) {
  size_t Shared = 0;
  for (size_t I = 0; I < A.size() && I < B.size() && A[I] == B[I]; ++I)
    if (A[I] == '/')
      Shared = I;
  return Shared;
}
} // namespace

std::vector<std::string> sourcesReaching(const std::vector<std::string> &Files, const std::string &Target,
                                         const std::function<std::optional<std::string>(const std::string &)> &Read,
                                         unsigned MaxDepth) {
  // Every file's includes, once: who includes whom.
  IncludeResolver Resolver(Files);
  std::map<std::string, std::vector<std::string>> IncludersOf;
  for (const std::string &F : Files) {
    if (sourceKindOf(F) == SourceKind::None || sourceKindOf(F) == SourceKind::CSource)
      continue;
    std::optional<std::string> Text = Read(F);
    if (!Text)
      continue;
    for (const std::string &Name : includedNames(*Text))
      if (std::optional<std::string> T = Resolver.resolve(F, Name); T && *T != F)
        IncludersOf[*T].push_back(F);
  }
  std::vector<std::string> Out;
  std::set<std::string> Seen{Target};
  std::vector<std::string> Level{Target};
  for (unsigned Depth = 0; Depth < MaxDepth && !Level.empty(); ++Depth) {
    std::vector<std::string> Next, Found;
    for (const std::string &F : Level)
      for (const std::string &I : IncludersOf[F])
        if (Seen.insert(I).second)
          (isTranslationUnitName(I) ? Found : Next).push_back(I);
    std::sort(Found.begin(), Found.end(), [&](const std::string &A, const std::string &B) {
      return std::make_tuple(sourceRank(A), -(long)sharedFolderLength(A, Target), A) <
             std::make_tuple(sourceRank(B), -(long)sharedFolderLength(B, Target), B);
    });
    Out.insert(Out.end(), Found.begin(), Found.end());
    std::sort(Next.begin(), Next.end());
    Level = std::move(Next);
  }
  return Out;
}

// The name a Fortran include line quotes ("include 'common6.h'", "INCLUDE \"mpif.h\""), or empty.
static llvm::StringRef fortranIncludeName(llvm::StringRef Line) {
  if (!Line.empty() && (Line[0] == 'c' || Line[0] == 'C' || Line[0] == '*' || Line[0] == '!'))
    return {};
  Line = Line.ltrim();
  if (!Line.starts_with_insensitive("include"))
    return {};
  Line = Line.drop_front(7).ltrim();
  if (Line.empty() || (Line[0] != '\'' && Line[0] != '"'))
    return {};
  char Quote = Line[0];
  size_t End = Line.find(Quote, 1);
  return End == llvm::StringRef::npos ? llvm::StringRef() : Line.slice(1, End).trim();
}

// The name a SWIG directive quotes ('%include "StringArray.hpp"', '%import "base.h"'), or empty;
// '%include <std_string.i>' names SWIG's own library.
static llvm::StringRef swigIncludeName(llvm::StringRef Line) {
  Line = Line.ltrim();
  if (!Line.consume_front("%include") && !Line.consume_front("%import"))
    return {};
  Line = Line.ltrim();
  if (!Line.consume_front("\""))
    return {};
  size_t End = Line.find('"');
  return End == llvm::StringRef::npos ? llvm::StringRef() : Line.take_front(End).trim();
}

std::map<std::string, std::string>
headersIncludedByOtherLanguage(OtherLanguage Language, const std::vector<std::string> &Sources,
                               const std::vector<std::string> &Headers,
                               const std::function<std::optional<std::string>(const std::string &)> &Read) {
  std::map<std::string, std::string> Out;
  if (Sources.empty() || Headers.empty())
    return Out;
  IncludeResolver Resolver(Headers);
  // A Fortran include file's own includes are Fortran too ('common6.h' including 'mpif.h').
  std::deque<std::string> Work(Sources.begin(), Sources.end());
  auto Note = [&](const std::string &Source, llvm::StringRef Name) {
    if (std::optional<std::string> H = Name.empty() ? std::nullopt : Resolver.resolve(Source, Name))
      if (Out.emplace(*H, Source).second)
        Work.push_back(*H);
  };
  while (!Work.empty()) {
    std::string Source = std::move(Work.front());
    Work.pop_front();
    std::optional<std::string> Text = Read(Source);
    if (!Text)
      continue;
    for (llvm::StringRef Rest(*Text); Language != OtherLanguage::Accelerator && !Rest.empty();) {
      auto [Line, Tail] = Rest.split('\n');
      Note(Source, Language == OtherLanguage::Fortran ? fortranIncludeName(Line) : swigIncludeName(Line));
      Rest = Tail;
    }
    for (const IncludeLine &I : scanIncludeLines(*Text))
      if (I.Open == '"' && I.Closed)
        Note(Source, llvm::StringRef(I.Name.data(), I.Name.size()));
  }
  return Out;
}

std::map<std::string, std::string>
headersNamedInStrings(const std::vector<std::string> &Sources, const std::vector<std::string> &Headers,
                      const std::function<std::optional<std::string>(const std::string &)> &Read) {
  std::map<std::string, std::string> Out;
  if (Sources.empty() || Headers.empty())
    return Out;
  IncludeResolver Resolver(Headers);
  auto PathChar = [](char C) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '-' || C == '.' || C == '/' || C == '+';
  };
  for (const std::string &Source : Sources) {
    std::optional<std::string> Text = Read(Source);
    if (!Text)
      continue;
    for (llvm::StringRef Rest(*Text); !Rest.empty();) {
      auto [Line, Tail] = Rest.split('\n');
      Rest = Tail;
      // A directive's quotes are a file name (#include "RAJA/policy/hip/policy.hpp"), not program text.
      if (Line.ltrim().starts_with("#"))
        continue;
      // The string literals of the line: from each unescaped '"' to the next.
      for (size_t Open = Line.find('"'); Open != llvm::StringRef::npos;) {
        size_t Close = Open + 1;
        while (Close < Line.size() && Line[Close] != '"')
          Close += Line[Close] == '\\' ? 2 : 1;
        llvm::StringRef Literal = Line.slice(Open + 1, std::min(Close, Line.size()));
        for (size_t B = 0; B < Literal.size();) {
          size_t E = B;
          while (E < Literal.size() && PathChar(Literal[E]))
            ++E;
          llvm::StringRef Name = Literal.slice(B, E);
          B = E + 1;
          if (!Name.contains('/') || Name.starts_with("/") || Name.contains("..") || !isHeaderName(Name))
            continue;
          if (std::optional<std::string> H = Resolver.resolve(Source, Name))
            Out.emplace(*H, Source);
        }
        Open = Close + 1 < Line.size() ? Line.find('"', Close + 1) : llvm::StringRef::npos;
      }
    }
  }
  return Out;
}

QuotedIncludeWalk followQuotedIncludes(const std::string &File, const std::vector<std::string> &Folders,
                                       const std::function<std::optional<std::string>(const std::string &)> &Read,
                                       unsigned MaxFiles,
                                       const std::function<std::string(const std::string &)> &RootFor) {
  QuotedIncludeWalk W;
  std::set<std::string> Seen{File};
  std::deque<std::pair<std::string, std::string>> Queue; // (path, text); a deque keeps them in place
  if (std::optional<std::string> Text = Read(File))
    Queue.emplace_back(File, std::move(*Text));
  // Resolves Name for an includer in Dir: beside it, under a root already found, then (for a name
  // with a folder part) under a folder above the source, which becomes a root.
  auto Resolve = [&](llvm::StringRef Dir, llvm::StringRef Name,
                     bool Angled) -> std::optional<std::pair<std::string, std::string>> {
    auto Try = [&](llvm::StringRef Base) -> std::optional<std::pair<std::string, std::string>> {
      std::string P = joined(Base, Name);
      // Nothing outside the repository is opened, even to read its includes.
      if (Folders.empty() || !isWithin(P, Folders.back()))
        return std::nullopt;
      if (std::optional<std::string> Text = Read(P))
        return std::make_pair(P, std::move(*Text));
      return std::nullopt;
    };
    if (!Angled)
      if (auto Found = Try(Dir))
        return Found;
    auto UnderRoot = [&](std::optional<std::pair<std::string, std::string>> Found) {
      if (std::find(W.RootNames.begin(), W.RootNames.end(), Name) == W.RootNames.end())
        W.RootNames.push_back(Name.str());
      return Found;
    };
    for (const std::string &R : W.Roots)
      if (auto Found = Try(R))
        return UnderRoot(std::move(Found));
    bool Named = Name.contains('/') && !Name.contains("..") && !llvm::sys::path::is_absolute(Name);
    for (size_t I = 1; Named && I < Folders.size(); ++I)
      if (auto Found = Try(Folders[I])) {
        W.Roots.push_back(Folders[I]);
        return UnderRoot(std::move(Found));
      }
    // Then the project's one folder that holds the name (a library's include/ folder beside the
    // samples and tests that include it).
    if (std::string Root = Named && RootFor ? RootFor(Name.str()) : std::string(); !Root.empty())
      if (auto Found = Try(Root)) {
        W.Roots.push_back(Root);
        return UnderRoot(std::move(Found));
      }
    return std::nullopt;
  };
  for (size_t Next = 0; Next < Queue.size(); ++Next) {
    std::string Dir(llvm::sys::path::parent_path(Queue[Next].first));
    llvm::StringRef Text(Queue[Next].second);
    W.DeviceCode |= Text.contains("__global__") || Text.contains("__device__");
    for (const IncludeLine &I : scanIncludeLines(Queue[Next].second)) {
      llvm::StringRef Name(I.Name.data(), I.Name.size());
      bool Angled = I.Open == '<';
      if (Angled && I.Closed && !Name.empty())
        W.AngleNames.push_back(Name.str());
      // An angle include is the include path's, so one that no folder above resolves is a system
      // or third-party header, not an unresolved one; one that does ('<lib/common.h>' in
      // include/lib/device/x.cuh) names the project's include root, as a quoted one does.
      auto Found = (I.Open == '"' || Angled) && I.Closed && !Name.empty() ? Resolve(Dir, Name, Angled) : std::nullopt;
      if (!Found) {
        W.AllResolved &= Angled;
        continue;
      }
      if (Seen.insert(Found->first).second && Queue.size() < MaxFiles)
        Queue.push_back(std::move(*Found));
    }
  }
  return W;
}

} // namespace rocmtidy::project
