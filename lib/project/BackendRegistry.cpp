#include "project/BackendRegistry.h"

#include "cmake/CMakeParser.h"
#include "cmake/CMakeStrings.h"
#include "core/BuildSwitches.h"
#include "core/SourceKinds.h"
#include "core/StringUtil.h"
#include "project/ProjectModel.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>

namespace fs = std::filesystem;

namespace rocmtidy::project {

namespace {

// The backend value inside a template: as the call passes it, upper-cased, lower-cased.
constexpr char AsGiven = '\x01', Upper = '\x02', Lower = '\x03';
// include() nesting followed from the top script; deeper files are not read.
constexpr unsigned MaxIncludeDepth = 4;

struct Cmd {
  std::string Name; // lower case
  unsigned Line = 0;
  std::vector<std::string> Args;
};

struct Def {
  std::string Name; // lower case
  std::vector<std::string> Params;
  std::vector<Cmd> Body;
};

/// A command outside any definition, with the folder it runs in and the script it is written in.
struct Call {
  Cmd C;
  std::string Dir, Script;
};

struct Collected {
  std::map<std::string, Def> Defs;
  std::vector<Call> Calls;
  std::string Text; // every script read, for literal reads of a list
};

struct Collector : cmake::ParseCallbacks {
  Collected &Out;
  std::string Dir, Script;
  unsigned Depth = 0;
  Def Current;
  Collector(Collected &Out, std::string Dir, std::string Script)
      : Out(Out), Dir(std::move(Dir)), Script(std::move(Script)) {}

  void command(const cmake::Command &C) override {
    Cmd M{C.LowerName, C.Line, {}};
    for (const cmake::Argument &A : C.Args)
      if (!A.isParen())
        M.Args.push_back(A.Value);
    const std::string &N = M.Name;
    if (N == "function" || N == "macro") {
      if (Depth == 0)
        Current = M.Args.empty() ? Def{} : Def{asciiLower(M.Args[0]), {M.Args.begin() + 1, M.Args.end()}, {}};
      else
        Current.Body.push_back(std::move(M));
      ++Depth;
      return;
    }
    if (N == "endfunction" || N == "endmacro") {
      if (Depth == 0)
        return;
      --Depth;
      if (Depth > 0)
        Current.Body.push_back(std::move(M));
      else if (!Current.Name.empty())
        Out.Defs[Current.Name] = Current;
      return;
    }
    if (Depth)
      Current.Body.push_back(std::move(M));
    else
      Out.Calls.push_back({std::move(M), Dir, Script});
  }
};

std::string normal(const fs::path &P) { return P.lexically_normal().string(); }

std::string withDirs(std::string V, const std::string &Dir, const std::string &Top) {
  for (const auto &[Name, To] : {std::pair<const char *, const std::string *>{"${CMAKE_CURRENT_SOURCE_DIR}", &Dir},
                                 {"${CMAKE_CURRENT_LIST_DIR}", &Dir},
                                 {"${PROJECT_SOURCE_DIR}", &Top},
                                 {"${CMAKE_SOURCE_DIR}", &Top}})
    for (size_t At = V.find(Name); At != std::string::npos; At = V.find(Name, At + To->size()))
      V.replace(At, std::string(Name).size(), *To);
  return V;
}

/// Reads \p Path and the scripts it includes by a known path, running their commands in \p Dir.
void load(const std::string &Path, const std::string &Dir, const std::string &Top, unsigned Depth,
          const BackendRegistry::Reader &Read, std::set<std::string> &Seen, Collected &Out) {
  if (Depth > MaxIncludeDepth || !Seen.insert(Path).second)
    return;
  std::optional<std::string> Text = Read(Path);
  if (!Text)
    return;
  size_t First = Out.Calls.size();
  Collector C(Out, Dir, Path);
  cmake::ParseError E;
  if (!cmake::parseCMake(*Text, C, E))
    return;
  Out.Text += *Text;
  Out.Text += '\n';
  std::vector<std::string> Includes;
  for (size_t I = First; I < Out.Calls.size(); ++I) {
    const Cmd &M = Out.Calls[I].C;
    if (M.Name != "include" || M.Args.empty())
      continue;
    std::string P = withDirs(M.Args[0], Dir, Top);
    if (P.find('$') != std::string::npos || P.find('/') == std::string::npos)
      continue; // a module name (include(FetchContent)) or a computed path
    P = normal(fs::path(P).is_absolute() ? fs::path(P) : fs::path(Dir) / P);
    if (isWithin(P, Top) && isRegularFile(P))
      Includes.push_back(P);
  }
  for (const std::string &P : Includes)
    load(P, Dir, Top, Depth + 1, Read, Seen, Out);
}

using Templates = std::map<std::string, std::string>;

bool hasPlaceholder(const std::string &S) { return S.find_first_of("\x01\x02\x03") != std::string::npos; }

/// \p S with each ${NAME} that \p T knows replaced by its template; other references kept.
std::string substitute(const std::string &S, const Templates &T) {
  cmake::ExpandRules Rules;
  Rules.KeepUnresolved = true;
  Rules.GeneratorExpressionsAsText = true;
  std::optional<std::string> E = cmake::expandReferences(S, cmake::lookupIn(T), Rules);
  return E.value_or(S);
}

std::string recase(const std::string &S, bool ToUpper) {
  std::string Out;
  for (char C : S)
    Out += C == AsGiven || C == Upper || C == Lower
               ? (ToUpper ? Upper : Lower)
               : static_cast<char>(ToUpper ? std::toupper(static_cast<unsigned char>(C))
                                           : std::tolower(static_cast<unsigned char>(C)));
  return Out;
}

std::string instantiate(const std::string &S, const std::string &Value) {
  std::string Out;
  for (char C : S)
    Out += C == AsGiven ? Value
           : C == Upper ? recase(Value, true)
           : C == Lower ? recase(Value, false)
                        : std::string(1, C);
  return Out;
}

/// The variables of \p D's body that carry parameter \p Param, as templates of its value: the
/// parameter itself, then set() and string(TOUPPER|TOLOWER) results built from it, in order.
Templates derive(const Def &D, size_t Param) {
  Templates T{{D.Params[Param], std::string(1, AsGiven)}};
  for (const Cmd &C : D.Body) {
    std::string Name, Value;
    if (C.Name == "string" && C.Args.size() == 3 && (C.Args[0] == "TOUPPER" || C.Args[0] == "TOLOWER")) {
      Name = C.Args[2];
      Value = substitute(C.Args[1], T);
      if (hasPlaceholder(Value))
        Value = recase(Value, C.Args[0] == "TOUPPER");
    } else if (C.Name == "set" && C.Args.size() >= 2) {
      Name = C.Args[0];
      for (size_t I = 1; I < C.Args.size() && C.Args[I] != "PARENT_SCOPE" && C.Args[I] != "CACHE"; ++I)
        Value += (I > 1 ? ";" : "") + substitute(C.Args[I], T);
    } else {
      continue;
    }
    if (hasPlaceholder(Value))
      T[Name] = Value;
    else
      T.erase(Name);
  }
  return T;
}

/// Whether the value fills a whole segment of the path template \p P (`src/${B}`, not `${B}.cmake`).
bool valueIsSegment(const std::string &P) {
  for (size_t B = 0; B <= P.size();) {
    size_t E = P.find('/', B);
    if (E == std::string::npos)
      E = P.size();
    std::string Seg = P.substr(B, E - B);
    if (!Seg.empty() &&
        std::all_of(Seg.begin(), Seg.end(), [](char C) { return C == AsGiven || C == Upper || C == Lower; }))
      return true;
    B = E + 1;
  }
  return false;
}

enum class ValueKind { Cuda, Hip, Other };

ValueKind kindOf(const std::string &Value) {
  const BuildSwitchTable &T = buildSwitchTable();
  std::string L = asciiLower(Value);
  return T.CudaValues.count(L) ? ValueKind::Cuda : T.HipValues.count(L) ? ValueKind::Hip : ValueKind::Other;
}

std::string shown(const std::string &Path) {
  std::error_code EC;
  std::string Cwd = fs::current_path(EC).string() + "/";
  return Path.rfind(Cwd, 0) == 0 ? Path.substr(Cwd.size()) : Path;
}

bool containsWord(const std::string &Text, const std::string &Word) {
  auto NameChar = [](char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; };
  for (size_t At = Text.find(Word); At != std::string::npos; At = Text.find(Word, At + 1))
    if ((At == 0 || !NameChar(Text[At - 1])) && (At + Word.size() >= Text.size() || !NameChar(Text[At + Word.size()])))
      return true;
  return false;
}

/// Whether some script reads a list named by \p Template through a computed name
/// (`${SRCS_${UPPER}}`): the build picks one backend's list by a variable.
bool pickedByVariable(const std::string &Template, const std::string &Text) {
  size_t First = Template.find_first_of("\x01\x02\x03"), Last = Template.find_last_of("\x01\x02\x03");
  std::string Prefix = Template.substr(0, First), Suffix = Template.substr(Last + 1);
  if (Prefix.empty() && Suffix.empty())
    return false;
  return Text.find("${" + Prefix + "${") != std::string::npos && Text.find("}" + Suffix + "}") != std::string::npos;
}

/// `${NAME}`, one variable and nothing else.
bool isVariable(const std::string &Arg) {
  return Arg.size() >= 4 && Arg.compare(0, 2, "${") == 0 && Arg.back() == '}' &&
         Arg.find('$', 1) == std::string::npos && Arg.find('{', 2) == std::string::npos;
}

bool setsDefines(const std::string &Name) {
  return Name == "add_compile_definitions" || Name == "target_compile_definitions" || Name == "add_definitions";
}

} // namespace

namespace {

struct Reading {
  const Collected &In;
  std::string Top;
  std::vector<BackendRegistry::Attachment> &Attachments;
  std::vector<BackendRegistry::LoadedFolder> &Folders;
  std::set<std::string> ListTemplates;
  /// Items a registration appends that are not sources (defines, flags), by list template.
  struct Item {
    std::string ListTemplate, Value, Text, Script;
    unsigned Line = 0;
  };
  std::vector<Item> Others;
  /// Flags a loader's body sets from its parameter (include_directories(src/${B})), as templates.
  struct LoaderFlag {
    std::string Prefix, Template, Dir, Script;
    unsigned Line = 0;
  };
  std::vector<LoaderFlag> LoaderFlags;

  /// A registration call: the sources its body appends to the value's lists.
  void attach(const Call &Site, const Def &D, size_t Param, const Templates &T, const Cmd &Append) {
    const std::vector<std::string> &A = Site.C.Args;
    std::string Value = Param < A.size() ? A[Param] : "";
    std::string ArgN, ArgV;
    for (size_t I = 0; I < A.size(); ++I) {
      ArgV += (I ? ";" : "") + A[I];
      if (I >= D.Params.size())
        ArgN += (ArgN.empty() ? "" : ";") + A[I];
    }
    Templates Args{{"ARGN", ArgN}, {"ARGV", ArgV}};
    for (size_t I = 0; I < D.Params.size(); ++I)
      Args[D.Params[I]] = I < A.size() ? A[I] : "";
    std::string List = instantiate(substitute(Append.Args[1], T), Value);
    ListTemplates.insert(substitute(Append.Args[1], T));
    for (size_t I = 2; I < Append.Args.size(); ++I) {
      std::string V = withDirs(substitute(instantiate(substitute(Append.Args[I], T), Value), Args), Site.Dir, Top);
      for (const cmake::Piece &Element : cmake::listElements(V)) {
        std::string Item(Element.Text);
        // A value the call passes through a variable is not known: attached to no known backend.
        std::string Known = Value.find('$') == std::string::npos ? asciiLower(Value) : "";
        if (!isTranslationUnitName(asciiLower(Item))) {
          Others.push_back({substitute(Append.Args[1], T), Known, Item, Site.Script, Site.C.Line});
          continue;
        }
        fs::path P(Item);
        Attachments.push_back(
            {normal(P.is_absolute() ? P : fs::path(Site.Dir) / P), Known, List, D.Name, Site.Script, Site.C.Line});
      }
    }
  }

  /// A loader call with `${VAR}`: the folder it enters for each backend value of the table.
  void loadFolders(const Call &Site, const Def &D, size_t Param, const std::string &Folder) {
    const std::string &Arg = Site.C.Args[Param];
    if (!isVariable(Arg))
      return;
    const BuildSwitchTable &T = buildSwitchTable();
    for (const auto *Values : {&T.CudaValues, &T.HipValues})
      for (const std::string &V : *Values) {
        std::string P = withDirs(instantiate(Folder, V), Site.Dir, Top);
        if (P.find('$') != std::string::npos)
          continue;
        fs::path F(P);
        Folders.push_back({normal(F.is_absolute() ? F : fs::path(Site.Dir) / F), V, Arg.substr(2, Arg.size() - 3),
                           D.Name, Site.Script, Site.C.Line});
      }
  }

  /// A loader's flags built from its parameter, when it is called with the backend variable.
  void noteLoaderFlags(const Call &Site, size_t Param, const Cmd &C, const Templates &T) {
    if (!isVariable(Site.C.Args[Param]))
      return;
    bool Includes = C.Name == "include_directories" || C.Name == "target_include_directories";
    if (!Includes && !setsDefines(C.Name))
      return;
    for (size_t I = C.Name.compare(0, 7, "target_") == 0 ? 1 : 0; I < C.Args.size(); ++I) {
      std::string V = substitute(C.Args[I], T);
      if (!hasPlaceholder(V) || V.find(';') != std::string::npos)
        continue;
      std::string Prefix = Includes ? "-I" : V.compare(0, 2, "-D") == 0 ? "" : "-D";
      LoaderFlags.push_back({Prefix, V, Site.Dir, Site.Script, Site.C.Line});
    }
  }

  void run() {
    for (const Call &Site : In.Calls) {
      auto It = In.Defs.find(Site.C.Name);
      if (It == In.Defs.end())
        continue;
      const Def &D = It->second;
      for (size_t P = 0; P < D.Params.size() && P < Site.C.Args.size(); ++P) {
        Templates T = derive(D, P);
        for (const Cmd &C : D.Body) {
          if (C.Name == "list" && C.Args.size() >= 3 && C.Args[0] == "APPEND" &&
              hasPlaceholder(substitute(C.Args[1], T)))
            attach(Site, D, P, T, C);
          noteLoaderFlags(Site, P, C, T);
          bool Include = C.Name == "include", Subdir = C.Name == "add_subdirectory";
          if ((Include || Subdir) && !C.Args.empty()) {
            std::string Path = substitute(C.Args[0], T);
            std::string Folder = Include ? fs::path(Path).parent_path().string() : Path;
            if (hasPlaceholder(Folder) && valueIsSegment(Folder))
              loadFolders(Site, D, P, Folder);
          }
        }
      }
    }
  }
};

} // namespace

namespace {

/// Calls \p F on every command read: those outside definitions and those in bodies.
template <typename Fn> void eachCommand(const Collected &In, Fn F) {
  for (const Call &C : In.Calls)
    F(C.C);
  for (const auto &[Name, D] : In.Defs)
    for (const Cmd &C : D.Body)
      F(C);
}

/// Whether the per-backend lists named by \p Template reach a compile-definitions command: read
/// there through the backend variable, or through a variable such a command reads.
bool definesList(const Collected &In, const std::string &Template) {
  std::set<std::string> Read; // variables compile-definitions commands read
  eachCommand(In, [&](const Cmd &C) {
    if (setsDefines(C.Name))
      for (const std::string &A : C.Args)
        if (isVariable(A))
          Read.insert(A.substr(2, A.size() - 3));
  });
  bool Found = false;
  eachCommand(In, [&](const Cmd &C) {
    bool Copies = (C.Name == "list" && C.Args.size() >= 3 && C.Args[0] == "APPEND" && Read.count(C.Args[1])) ||
                  (C.Name == "set" && C.Args.size() >= 2 && Read.count(C.Args[0]));
    if (!Copies && !setsDefines(C.Name))
      return;
    for (const std::string &A : C.Args)
      Found |= pickedByVariable(Template, A);
  });
  return Found;
}

std::vector<BackendRegistry::HipFlag> collectHipFlags(const Collected &In, const Reading &Run, const std::string &Top,
                                                      const std::string &HipValue) {
  std::vector<BackendRegistry::HipFlag> Out;
  if (HipValue.empty())
    return Out;
  std::map<std::string, bool> Defines;
  for (const Reading::Item &I : Run.Others) {
    if (I.Value != HipValue || I.Text.find_first_of("$ \t\"") != std::string::npos)
      continue;
    auto It = Defines.find(I.ListTemplate);
    if (It == Defines.end())
      It = Defines.emplace(I.ListTemplate, definesList(In, I.ListTemplate)).first;
    if (It->second)
      Out.push_back({(I.Text.compare(0, 2, "-D") == 0 ? "" : "-D") + I.Text, I.Script, I.Line});
  }
  for (const Reading::LoaderFlag &F : Run.LoaderFlags) {
    std::string V = withDirs(instantiate(F.Template, HipValue), F.Dir, Top);
    if (V.find('$') != std::string::npos)
      continue;
    if (F.Prefix == "-I") {
      fs::path P(V);
      V = normal(P.is_absolute() ? P : fs::path(F.Dir) / P);
      if (!isWithin(V, Top))
        continue;
    }
    Out.push_back({F.Prefix + V, F.Script, F.Line});
  }
  return Out;
}

} // namespace

BackendRegistry BackendRegistry::read(const std::string &TopScript, const Reader &Read) {
  BackendRegistry R;
  Collected In;
  std::set<std::string> Seen;
  std::string Top = fs::path(TopScript).parent_path().string();
  load(normal(TopScript), Top, Top, 0, Read, Seen, In);
  Reading Run{In, Top, R.Attachments, R.Folders, {}};
  Run.run();
  for (const Attachment &A : R.Attachments)
    if (kindOf(A.Value) == ValueKind::Hip && R.HipValueSeen.empty())
      R.HipValueSeen = A.Value;
  for (const LoadedFolder &F : R.Folders)
    if (kindOf(F.Value) == ValueKind::Hip && R.HipValueSeen.empty() && fs::is_directory(F.Folder))
      R.HipValueSeen = F.Value;
  R.HasHipValue = !R.HipValueSeen.empty();
  R.Flags = collectHipFlags(In, Run, Top, R.HipValueSeen);
  for (const Attachment &A : R.Attachments)
    if (containsWord(In.Text, A.List))
      R.ReadLiterally.push_back(A.List);
  for (const std::string &T : Run.ListTemplates)
    if (!pickedByVariable(T, In.Text))
      for (const Attachment &A : R.Attachments)
        if (instantiate(T, A.Value) == A.List)
          R.NeverPicked.push_back(A.List);
  return R;
}

namespace {

/// The backend values of \p Found, quoted and in order of first appearance: "'cuda', 'std'".
std::string quotedValues(const std::vector<const BackendRegistry::Attachment *> &Found) {
  std::vector<std::string> Seen;
  std::string Out;
  for (const BackendRegistry::Attachment *A : Found)
    if (std::find(Seen.begin(), Seen.end(), A->Value) == Seen.end()) {
      Seen.push_back(A->Value);
      Out += (Out.empty() ? "'" : ", '") + A->Value + "'";
    }
  return Out;
}

} // namespace

std::string BackendRegistry::unpickedList(const Attachment &A) const {
  auto Has = [&](const std::vector<std::string> &L) { return std::find(L.begin(), L.end(), A.List) != L.end(); };
  std::string Where = shown(A.Script) + ":" + std::to_string(A.Line) + ": ";
  if (Has(ReadLiterally))
    return Where + "'" + A.List + "' is also read by its name, not only through the backend variable";
  if (Has(NeverPicked))
    return Where + "no script reads the per-backend list '" + A.List + "' through a variable";
  return "";
}

BackendRegistry::Verdict BackendRegistry::of(const std::string &Source) const {
  Verdict V;
  // Every attachment of the source, when none is to a HIP value or to a value the call passes
  // through a variable (unknown, so possibly the HIP one).
  std::vector<const Attachment *> Found;
  bool AnyOther = false;
  for (const Attachment &A : Attachments) {
    if (A.Path != Source)
      continue;
    ValueKind K = kindOf(A.Value);
    if (A.Value.empty() || K == ValueKind::Hip) {
      V.Kind = Verdict::Attached;
      return V;
    }
    AnyOther |= K == ValueKind::Other;
    Found.push_back(&A);
  }
  if (!HasHipValue) {
    // No HIP backend in the scheme: the whole project is being ported.
    V.Kind = AnyOther ? Verdict::Attached : Verdict::Unrelated;
    return V;
  }
  if (!Found.empty()) {
    for (const Attachment *A : Found)
      if (std::string Why = unpickedList(*A); !Why.empty()) {
        V.Kind = Verdict::Undecided;
        V.Why = Why;
        return V;
      }
    const Attachment &First = *Found.front();
    std::string Values = quotedValues(Found);
    V.Kind = AnyOther ? Verdict::OtherOnly : Verdict::CudaOnly;
    V.Why = shown(First.Script) + ":" + std::to_string(First.Line) + ": " + First.Function +
            "() attaches it only to backend" + (Values.find(',') != std::string::npos ? "s " : " ") + Values +
            " (list '" + First.List + "'); the HIP build picks '" + HipValueSeen + "'";
    return V;
  }
  for (const LoadedFolder &F : Folders) {
    if (kindOf(F.Value) != ValueKind::Cuda || !isWithin(Source, F.Folder))
      continue;
    V.Kind = Verdict::CudaOnly;
    V.Why = shown(F.Script) + ":" + std::to_string(F.Line) + ": " + F.Function + "(${" + F.Variable + "}) loads '" +
            shown(F.Folder) + "' only when " + F.Variable + " is '" + F.Value + "'; the HIP build picks '" +
            HipValueSeen + "'";
    return V;
  }
  return V;
}

} // namespace rocmtidy::project
