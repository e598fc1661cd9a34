#include "cmake/CMakeRule.h"
#include "cmake/CMakeStrings.h"

#include <algorithm>

namespace rocmtidy::cmake {

std::optional<VariableWrite> variableWrite(const Command &C) {
  const std::string &N = C.LowerName;
  const std::vector<Argument> &Args = C.Args;
  if (N == "set") {
    if (Args.empty())
      return std::nullopt;
    bool Cache = std::any_of(Args.begin(), Args.end(),
                             [](const Argument &A) { return A.Value == "CACHE" && A.Kind == Argument::Unquoted; });
    return VariableWrite{&Args[0], 1, Cache};
  }
  if ((N == "list" || N == "string") && Args.size() >= 2) {
    const std::string &Op = Args[0].Value;
    if (Op == "APPEND" || Op == "PREPEND")
      return VariableWrite{&Args[1], 2, false};
    if (N == "list" && Op == "INSERT")
      return VariableWrite{&Args[1], 3, false};
  }
  return std::nullopt;
}

std::vector<Flag> flagsOf(const Argument &A) {
  std::vector<Flag> Out;
  if (A.isParen())
    return Out;
  std::string_view V = A.Value;
  if (startsWith(V, "LINKER:"))
    return Out;
  bool Shell = startsWith(V, "SHELL:");
  std::vector<Piece> Toks = flagTokens(Shell ? V.substr(6) : V, Shell ? 6 : 0);
  for (size_t I = 0; I < Toks.size(); ++I) {
    Flag F;
    F.Text = std::string(Toks[I].Text);
    F.Offset = F.ValueOffset = A.sourceOffsetOfValue(Toks[I].Index);
    if ((F.Text == "-L" || F.Text == "-l" || F.Text == "-I" || F.Text == "-isystem") && I + 1 < Toks.size()) {
      F.Text = (F.Text == "-isystem" ? std::string("-I") : F.Text) + std::string(Toks[I + 1].Text);
      ++I;
      F.ValueOffset = A.sourceOffsetOfValue(Toks[I].Index) - 2;
    }
    Out.push_back(std::move(F));
  }
  return Out;
}

const std::vector<const CMakeRule *> &allCMakeRules() {
  // Dispatch order: findings at one offset (values through one variable) come out in this order.
  static const std::vector<const CMakeRule *> Rules = {&legacyCudaRule(), &rawLinkFlagRule(),
                                                       &hardcodedToolkitPathRule()};
  return Rules;
}

} // namespace rocmtidy::cmake
