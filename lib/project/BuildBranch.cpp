#include "project/BuildBranch.h"

#include "cmake/CMakeParser.h"
#include "core/BuildSwitches.h"
#include "core/StringUtil.h"

#include <algorithm>
#include <optional>

namespace rocmtidy::project {

// `HAVE_CUDA OR HAVE_SUB_PROJECT_CUDA` (Horovod) holds only in a CUDA build when every side of the
// `or` is a CUDA test; one other side (a CPU switch, an unknown name) may hold in the HIP build.
// AND binds tighter than OR in CMake and Python, so the sides are the words between top-level
// `or`s; an `or` inside parentheses is not split and leaves the condition undecided.
static Branch classifyDisjunction(const std::vector<std::string> &Words, bool *NamesHip) {
  for (const std::string &W : Words)
    if (W.find_first_of("()") != std::string::npos)
      return Branch::Other;
  std::optional<Branch> All;
  std::vector<std::string> Side;
  for (size_t I = 0; I <= Words.size(); ++I) {
    if (I < Words.size() && Words[I] != "or") {
      Side.push_back(Words[I]);
      continue;
    }
    Branch B = Side.empty() ? Branch::Other : classifyCondition(Side, NamesHip);
    if (B == Branch::Other || (All && *All != B))
      return Branch::Other;
    All = B;
    Side.clear();
  }
  return All.value_or(Branch::Other);
}

Branch classifyCondition(const std::vector<std::string> &Words, bool *NamesHip) {
  if (std::find(Words.begin(), Words.end(), "or") != Words.end())
    return classifyDisjunction(Words, NamesHip);
  const BuildSwitchTable &Switches = buildSwitchTable();
  bool Cuda = false, Hip = false;
  for (size_t I = 0; I < Words.size(); ++I) {
    const std::string &W = Words[I];
    std::string Name = W;
    if (Name.size() > 3 && Name.compare(0, 2, "${") == 0 && Name.back() == '}')
      Name = Name.substr(2, Name.size() - 3);
    // not X, X is None, X is not None
    bool Neg = I > 0 && Words[I - 1] == "not";
    if (I + 2 < Words.size() && Words[I + 1] == "is")
      Neg = Neg != (Words[I + 2] == "none");
    bool IsCuda = Switches.Cuda.count(Name) != 0, IsHip = Switches.Hip.count(Name) != 0;
    // A project's own switch (TPL_ENABLE_CUDALIB) counts only when tested as on: "NOT X_ENABLE_CUDA"
    // may mean a CPU build as well as a HIP one.
    if (!IsCuda && !IsHip && !Neg) {
      BuildSwitchTable::Vendor V = Switches.vendorByParts(Name);
      IsCuda = V == BuildSwitchTable::Vendor::Cuda;
      IsHip = V == BuildSwitchTable::Vendor::Hip;
    }
    if (IsHip && NamesHip)
      *NamesHip = true;
    // TARGET ${APP_CUDA_BACKEND_LIBRARY}, TARGET CUDA::cublas: the target exists only where that
    // vendor's backend was configured. NOT TARGET ... may be a CPU build as well.
    if (W == "target" && I + 1 < Words.size()) {
      const std::string &T = Words[++I];
      BuildSwitchTable::Vendor V = Neg ? BuildSwitchTable::Vendor::None : Switches.vendorOfTargetName(T);
      Cuda |= V == BuildSwitchTable::Vendor::Cuda;
      Hip |= V == BuildSwitchTable::Vendor::Hip;
      if (V == BuildSwitchTable::Vendor::Hip && NamesHip)
        *NamesHip = true;
      continue;
    }
    // COMPUTE_BACKEND STREQUAL "cuda", GPU_BACKEND == "rocm"
    if ((W == "strequal" || W == "==" || W == "matches") && I + 1 < Words.size()) {
      std::string V = Words[++I];
      V.erase(std::remove(V.begin(), V.end(), '"'), V.end());
      V.erase(std::remove(V.begin(), V.end(), '\''), V.end());
      bool HipValue = Switches.HipValues.count(V) != 0;
      Cuda |= Switches.CudaValues.count(V) != 0;
      Hip |= HipValue;
      if (HipValue && NamesHip)
        *NamesHip = true;
      continue;
    }
    if (IsCuda)
      (Neg ? Hip : Cuda) = true;
    else if (IsHip)
      (Neg ? Cuda : Hip) = true;
  }
  return Cuda == Hip ? Branch::Other : Cuda ? Branch::Cuda : Branch::Hip;
}

Branch branchAfterReturn(const std::vector<std::string> &Words) {
  std::vector<std::string> Negated;
  std::vector<std::string> Side;
  for (size_t I = 0; I <= Words.size(); ++I) {
    if (I < Words.size() && Words[I] != "or") {
      Side.push_back(Words[I]);
      continue;
    }
    bool Not = Side.size() == 2 && Side[0] == "not";
    const std::string Name = Side.empty() ? std::string() : Side.back();
    if ((Side.size() != 1 && !Not) || Name == "not" || Name == "and" || Name.find_first_of("()") != std::string::npos)
      return Branch::Other;
    if (!Negated.empty())
      Negated.push_back("and");
    if (!Not)
      Negated.push_back("not");
    Negated.push_back(Name);
    Side.clear();
  }
  return Negated.empty() ? Branch::Other : classifyCondition(Negated);
}

ReturnGuard::Step ReturnGuard::feed(const cmake::Command &C, const std::vector<std::string> &CondWords, size_t Depth) {
  const std::string &N = C.LowerName;
  if (N == "function" || N == "macro")
    ++Definitions;
  else if ((N == "endfunction" || N == "endmacro") && Definitions)
    --Definitions;
  if (Definitions)
    return Step::Other;
  if (N == "if" && Depth == 0) {
    Open = true;
    Returns = false;
    InElse = false;
    Words = CondWords;
    Condition = conditionText(C);
    Line = C.Line;
  } else if (N == "elseif" && Depth == 1) {
    Open = false; // another test: what follows is not simply where COND is false
  } else if (N == "else" && Depth == 1) {
    // 'if(NOT CMAKE_CUDA_COMPILER) return() else() ... endif()': the else arm and the rest run
    // where COND is false, as after a guard without one. Before the return, an else is a choice.
    InElse = Open && Returns;
    Open = InElse;
  } else if (N == "return" && Depth == 1 && Open) {
    if (InElse) {
      Open = false; // both arms end the script
      return Step::Other;
    }
    Returns = true;
    return Step::Return;
  } else if (N == "endif" && Depth == 1 && Open && Returns) {
    Open = false;
    Last = {branchAfterReturn(Words), Condition + " return()", Line, Words};
    return Step::Closed;
  }
  return Step::Other;
}

ReturnGuard::Step ReturnGuard::feed(const cmake::Command &C, const VendorOptions &Options, size_t Depth) {
  return feed(C, C.LowerName == "if" ? Options.words(C) : std::vector<std::string>(), Depth);
}

void VendorOptions::note(const cmake::Command &C) {
  if (C.LowerName != "option" || C.Args.empty())
    return;
  std::string Name = asciiLower(C.Args[0].Value);
  const BuildSwitchTable &Switches = buildSwitchTable();
  if (Switches.Cuda.count(Name) || Switches.Hip.count(Name) ||
      Switches.vendorByParts(Name) != BuildSwitchTable::Vendor::None)
    return; // a switch already
  BuildSwitchTable::Vendor V = Switches.vendorByParts("use_" + Name);
  if (V != BuildSwitchTable::Vendor::None)
    Options.emplace_back(Name, V == BuildSwitchTable::Vendor::Cuda ? "use_cuda" : "use_hip");
}

std::vector<std::string> VendorOptions::words(const cmake::Command &C) const {
  std::vector<std::string> W = conditionWords(C);
  for (std::string &Word : W)
    for (const auto &[Name, Switch] : Options)
      if (Word == Name || Word == "${" + Name + "}")
        Word = Switch;
  return W;
}

std::vector<std::string> conditionWords(const cmake::Command &C) {
  std::vector<std::string> W;
  W.reserve(C.Args.size());
  for (const auto &A : C.Args)
    W.push_back(asciiLower(A.Value));
  return W;
}

std::string conditionText(const cmake::Command &C) {
  std::string T = std::string(C.Name) + "(";
  for (size_t I = 0; I < C.Args.size(); ++I)
    T += (I && !C.Args[I - 1].isParen() && !C.Args[I].isParen() ? " " : "") + std::string(C.Args[I].Raw);
  return T + ")";
}

BranchFrame BranchFrame::open(Branch B, std::string Condition, unsigned Line, size_t Indent) {
  BranchFrame F;
  F.First = F.Current = B;
  F.Branches = 1;
  F.Condition = std::move(Condition);
  F.Line = Line;
  F.Indent = Indent;
  return F;
}

void BranchFrame::next(bool IsElse, Branch B, const std::string &NextCondition, unsigned NextLine,
                       const char *ElseSpelling) {
  // The else of a single HIP test is the CUDA (or CPU) build: never the HIP build's.
  Current = IsElse ? (Branches == 1 && First == Branch::Hip ? Branch::Cuda : Branch::Other) : B;
  ++Branches;
  Condition = IsElse ? Condition + " ... " + ElseSpelling : NextCondition;
  Line = NextLine;
}

} // namespace rocmtidy::project
