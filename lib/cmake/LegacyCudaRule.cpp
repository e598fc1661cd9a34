// rocm-cmake-legacy-cuda: the deprecated FindCUDA module (find_package(CUDA), include(FindCUDA),
// cuda_* commands, CUDA_NVCC_FLAGS) in a project that builds HIP.

#include "cmake/CMakeCommandTable.h"
#include "cmake/CMakeRule.h"

namespace rocmtidy::cmake {

namespace {

class LegacyCudaRule : public CMakeRule {
public:
  std::string_view id() const override { return "rocm-cmake-legacy-cuda"; }

  std::vector<std::string_view> commands() const override {
    std::vector<std::string_view> Names = {"set", "list", "string", "find_package", "include"};
    for (const auto &[Name, Replacement] : cmakeCommandTable().FindCudaCommands)
      Names.push_back(Name);
    return Names;
  }

  void check(const Command &C, RuleContext &Ctx) const override {
    const std::string &N = C.LowerName;
    if (std::optional<VariableWrite> W = variableWrite(C)) {
      if (W->Var->Value == "CUDA_NVCC_FLAGS")
        report(Ctx, W->Var->Offset,
               "'CUDA_NVCC_FLAGS' is read only by the deprecated FindCUDA module; set CMAKE_HIP_FLAGS or use "
               "target_compile_options for HIP sources");
    } else if (N == "find_package") {
      if (!C.Args.empty() && C.Args[0].Value == "CUDA")
        report(Ctx, C.Offset,
               "'find_package(CUDA)' loads the deprecated FindCUDA module in a project that builds HIP; "
               "use enable_language(HIP) and find_package(CUDAToolkit) for the CUDA libraries");
    } else if (N == "include") {
      if (!C.Args.empty() && C.Args[0].Value == "FindCUDA")
        report(Ctx, C.Offset,
               "'include(FindCUDA)' loads the deprecated FindCUDA module in a project that builds HIP; "
               "use enable_language(HIP) and first-class HIP targets");
    } else if (auto It = cmakeCommandTable().FindCudaCommands.find(N);
               It != cmakeCommandTable().FindCudaCommands.end()) {
      const std::string &Replacement = It->second;
      std::string Msg = "'" + std::string(C.Name) + "' comes from the deprecated FindCUDA module; ";
      if (!Replacement.empty())
        Msg += "use " + Replacement + " with enable_language(HIP) and HIP sources";
      else
        Msg += "use enable_language(HIP) and first-class HIP targets";
      report(Ctx, C.Offset, std::move(Msg));
    }
  }

private:
  void report(RuleContext &Ctx, unsigned Offset, std::string Message) const {
    Finding *Fd = Ctx.emit(id(), Offset, std::move(Message));
    Ctx.needsHip(Fd);
    Ctx.note(Fd, Offset, "FindCUDA is deprecated since CMake 3.10 and removed by policy CMP0146 in CMake 3.27; "
                         "enable_language(HIP) needs CMake 3.21");
  }
};

} // namespace

const CMakeRule &legacyCudaRule() {
  static const LegacyCudaRule Rule;
  return Rule;
}

} // namespace rocmtidy::cmake
