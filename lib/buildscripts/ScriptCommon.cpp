#include "buildscripts/ScriptCommon.h"
#include "cmake/GpuLibraries.h"
#include "core/EmbeddedData.h"
#include "core/JsonTable.h"
#include "core/Suppression.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

namespace rocmtidy::buildscripts {

std::string_view trim(std::string_view S) {
  auto Space = [](char C) { return C == ' ' || C == '\t' || C == '\r' || C == '\n'; };
  while (!S.empty() && Space(S.front()))
    S.remove_prefix(1);
  while (!S.empty() && Space(S.back()))
    S.remove_suffix(1);
  return S;
}

size_t topLevelComma(std::string_view S) {
  unsigned Depth = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] == '(' || S[I] == '{')
      ++Depth;
    else if ((S[I] == ')' || S[I] == '}') && Depth)
      --Depth;
    else if (S[I] == ',' && Depth == 0)
      return I;
  }
  return std::string_view::npos;
}

namespace {
/// NAME of `$(NAME)` or `${NAME}`, or empty.
std::string_view variableOf(std::string_view S) {
  if (S.size() < 4 || S[0] != '$' || (S[1] != '(' && S[1] != '{') || (S.back() != ')' && S.back() != '}'))
    return {};
  std::string_view Name = S.substr(2, S.size() - 3);
  return Name.find_first_of("$(){} \t,") == std::string_view::npos ? Name : std::string_view();
}

/// Splits "A,B" at its first comma outside parentheses; false when there is none.
bool splitAtComma(std::string_view In, std::string_view &A, std::string_view &B) {
  size_t Comma = topLevelComma(In);
  if (Comma == std::string_view::npos)
    return false;
  A = trim(In.substr(0, Comma));
  B = trim(In.substr(Comma + 1));
  return true;
}

/// The literal values \p Side stands for when compared with `$(Name)`: itself, or the list of a
/// `$(filter $(Name),v1 v2)` (either order), which equals `$(Name)` only when it is one of them.
std::vector<std::string_view> valuesFor(std::string_view Side, std::string_view Name) {
  if (Side.find('$') == std::string_view::npos)
    return Side.empty() ? std::vector<std::string_view>() : std::vector<std::string_view>{Side};
  constexpr std::string_view Filter = "$(filter ";
  std::string_view A, B;
  if (Side.substr(0, Filter.size()) != Filter || Side.back() != ')' ||
      !splitAtComma(Side.substr(Filter.size(), Side.size() - Filter.size() - 1), A, B))
    return {};
  if (variableOf(A) != Name)
    std::swap(A, B);
  if (variableOf(A) != Name || B.find('$') != std::string_view::npos)
    return {};
  return splitNonEmpty(B, " \t");
}
} // namespace

BuildSwitchTable::Vendor makePlatformCompared(std::string_view Args) {
  using Vendor = BuildSwitchTable::Vendor;
  Args = trim(Args);
  std::string_view A, B;
  if (Args.size() < 2 || Args.front() != '(' || Args.back() != ')' ||
      !splitAtComma(Args.substr(1, Args.size() - 2), A, B))
    return Vendor::None;
  const BuildSwitchTable &T = buildSwitchTable();
  for (const auto &[Var, Other] : {std::pair(A, B), std::pair(B, A)}) {
    std::string_view Name = variableOf(Var);
    std::vector<std::string_view> Values = Name.empty() ? std::vector<std::string_view>() : valuesFor(Other, Name);
    if (Values.empty())
      continue;
    Vendor V = T.platformOf(Name, Values.front());
    if (V != Vendor::None &&
        std::all_of(Values.begin(), Values.end(), [&](std::string_view X) { return T.platformOf(Name, X) == V; }))
      return V;
  }
  return Vendor::None;
}

const NvccFlag *NvccFlagTable::match(std::string_view Token, std::string_view Next, bool &TakesNext) const {
  TakesNext = false;
  for (const NvccFlag &F : Flags) {
    switch (F.Form) {
    case NvccFlag::Exact:
      if (Token == F.Spelling)
        return &F;
      break;
    case NvccFlag::Prefix:
      if (startsWith(Token, F.Spelling))
        return &F;
      break;
    case NvccFlag::Separate:
      if (Token == F.Spelling && (F.ValuePrefix.empty() || startsWith(Next, F.ValuePrefix))) {
        TakesNext = !Next.empty();
        return &F;
      }
      break;
    }
  }
  return nullptr;
}

std::optional<NvccFlagTable> parseNvccFlagJson(std::string_view Json, std::string &Error) {
  std::optional<nlohmann::json> Doc = parseTableDocument(Json, "nvcc flag table", "flags", Error);
  if (!Doc)
    return std::nullopt;
  NvccFlagTable T;
  for (const auto &E : (*Doc)["flags"]) {
    auto Str = [&](const char *Key) { return E.is_object() && E.contains(Key) && E[Key].is_string(); };
    if (!Str("spelling") || !Str("form") || !Str("hip") || !Str("why")) {
      Error = "nvcc flag entry " + std::to_string(T.Flags.size()) + " needs 'spelling', 'form', 'hip' and 'why'";
      return std::nullopt;
    }
    NvccFlag F;
    F.Spelling = E["spelling"].get<std::string>();
    std::string Form = E["form"].get<std::string>();
    if (Form == "exact")
      F.Form = NvccFlag::Exact;
    else if (Form == "prefix")
      F.Form = NvccFlag::Prefix;
    else if (Form == "separate")
      F.Form = NvccFlag::Separate;
    else {
      Error = "nvcc flag '" + F.Spelling + "': form must be exact, prefix or separate";
      return std::nullopt;
    }
    F.Hip = E["hip"].get<std::string>();
    F.Why = E["why"].get<std::string>();
    if (Str("value-prefix"))
      F.ValuePrefix = E["value-prefix"].get<std::string>();
    if (F.Spelling.empty() || F.Spelling[0] != '-') {
      Error = "nvcc flag '" + F.Spelling + "' does not start with '-'";
      return std::nullopt;
    }
    T.Flags.push_back(std::move(F));
  }
  return T;
}

const NvccFlagTable &nvccFlagTable() {
  static const NvccFlagTable Table = parseBuiltinTable("nvcc_flags.json", parseNvccFlagJson);
  return Table;
}

std::string_view toolkitRootOf(std::string_view S) {
  struct Root {
    std::string_view Prefix, Kind;
  };
  static const Root Roots[] = {{"/opt/rocm", "rocm"}, {"/usr/local/cuda", "cuda"}, {"/opt/cuda", "cuda"}};
  for (const Root &R : Roots)
    if (startsWith(S, R.Prefix)) {
      if (S.size() == R.Prefix.size())
        return R.Kind;
      char N = S[R.Prefix.size()];
      if (N == '/' || N == '-' || N == '.')
        return R.Kind;
    }
  return {};
}

std::vector<std::pair<size_t, size_t>> toolkitPathsIn(std::string_view V) {
  std::vector<std::pair<size_t, size_t>> Out;
  for (size_t I = 0; I < V.size(); ++I) {
    if (V[I] != '/')
      continue;
    if (I > 0) {
      char P = V[I - 1];
      bool Flag = I >= 2 && V[I - 2] == '-' && (P == 'I' || P == 'L');
      if (!Flag && !(P == ' ' || P == '\t' || P == '\n' || P == '"' || P == '\'' || P == '=' || P == ';' ||
                     P == '(' || P == ':' || P == ',' || P == '['))
        continue;
    }
    size_t End = V.find_first_of(" \t\r\n\"';:,)]", I);
    size_t Len = (End == std::string_view::npos ? V.size() : End) - I;
    if (toolkitRootOf(V.substr(I, Len)).empty())
      continue;
    Out.push_back({I, Len});
    I += Len;
  }
  return Out;
}

std::string rocmLibraryFor(std::string_view CudaName) {
  const cmake::GpuLibraryTable &T = cmake::gpuLibraryTable();
  const cmake::GpuLibrary *L = T.lookup(CudaName);
  if (!L || L->RocmTarget.empty())
    return {};
  for (const cmake::GpuLibrary &R : T.Libraries)
    if (R.Target == L->RocmTarget && R.RocmTarget.empty())
      return R.Name;
  return {};
}

bool isCudaLibrary(std::string_view Name) {
  const cmake::GpuLibrary *L = cmake::gpuLibraryTable().lookup(Name);
  return L && L->Package == "CUDAToolkit";
}

FindingSink::FindingSink(std::string_view Path, std::string_view Content,
                         std::function<bool(std::string_view)> IsEnabled)
    : Path(Path), Content(Content), IsEnabled(std::move(IsEnabled)) {
  LineStarts.push_back(0);
  for (size_t I = 0; I < Content.size(); ++I)
    if (Content[I] == '\n')
      LineStarts.push_back(I + 1);
}

FindingSink::Position FindingSink::locate(size_t Offset) const {
  auto It = std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset);
  size_t Line = It - LineStarts.begin(); // 1-based
  return {static_cast<unsigned>(Line), static_cast<unsigned>(Offset - LineStarts[Line - 1] + 1)};
}

void FindingSink::comment(size_t Offset) {
  std::string_view T = Content.substr(Offset);
  std::optional<SuppressionDirective> D = parseSuppressionComment(T.substr(0, T.find('\n')), "# \t");
  if (!D)
    return;
  auto &Dest = D->WholeFile ? FileRules : LineRules[locate(Offset).Line];
  Dest.insert(Dest.end(), D->Rules.begin(), D->Rules.end());
}

Finding *FindingSink::emit(std::string_view Rule, size_t Offset, std::string Message) {
  if (!IsEnabled(Rule) || Findings.size() >= 100000)
    return nullptr;
  Finding &F = Findings.emplace_back();
  Position P = locate(Offset);
  F.Check = std::string(Rule);
  F.File = Path;
  F.Line = P.Line;
  F.Column = P.Column;
  F.Offset = static_cast<unsigned>(Offset);
  F.Message = std::move(Message);
  return &F;
}

void FindingSink::note(Finding *F, size_t Offset, std::string Message) {
  if (!F)
    return;
  Position P = locate(Offset);
  F->Notes.push_back({Path, P.Line, P.Column, std::move(Message)});
}

void FindingSink::noteIn(Finding *F, const std::string &File, unsigned Line, std::string Message) {
  if (F)
    F->Notes.push_back({File, Line, 1, std::move(Message)});
}

std::vector<Finding> FindingSink::finish() {
  std::vector<Finding> Out;
  for (Finding &F : Findings) {
    if (suppressionNames(FileRules, F.Check))
      continue;
    bool Quiet = false;
    for (unsigned L : {F.Line, F.Line - 1}) {
      auto It = LineRules.find(L);
      Quiet = Quiet || (It != LineRules.end() && suppressionNames(It->second, F.Check));
    }
    if (!Quiet)
      Out.push_back(std::move(F));
  }
  sortByOffset(Out);
  // One finding per rule and place: a flag reached through several recipes is one edit.
  std::vector<Finding> Unique;
  for (Finding &F : Out)
    if (Unique.empty() || Unique.back().Offset != F.Offset || Unique.back().Check != F.Check)
      Unique.push_back(std::move(F));
  return Unique;
}

} // namespace rocmtidy::buildscripts
