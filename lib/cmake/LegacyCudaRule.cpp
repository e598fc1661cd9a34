// rocm-cmake-legacy-cuda: the deprecated FindCUDA module (find_package(CUDA), include(FindCUDA),
// cuda_* commands, CUDA_NVCC_FLAGS) in a project that builds HIP.

#include "cmake/CMakeRule.h"

#include <set>

namespace rocmtidy::cmake {

namespace {

class LegacyCudaRule : public CMakeRule {
public:
  std::string_view id() const override { return "rocm-cmake-legacy-cuda"; }

  std::vector<std::string_view> commands() const override {
    std::vector<std::string_view> Names = {"set", "list", "string", "find_package", "include"};
    Names.insert(Names.end(), findCudaCommands().begin(), findCudaCommands().end());
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
    } else if (findCudaCommands().count(N)) {
      std::string Replacement = N == "cuda_add_executable" ? "add_executable"
                                : N == "cuda_add_library"  ? "add_library"
                                                           : "";
      std::string Msg = "'" + std::string(C.Name) + "' comes from the deprecated FindCUDA module; ";
      if (!Replacement.empty())
        Msg += "use " + Replacement + " with enable_language(HIP) and HIP sources";
      else
        Msg += "use enable_language(HIP) and first-class HIP targets";
      report(Ctx, C.Offset, std::move(Msg));
    }
  }

private:
  static const std::set<std::string_view> &findCudaCommands() {
    static const std::set<std::string_view> Names = {
        "cuda_add_executable", "cuda_add_library", "cuda_add_cufft_to_target", "cuda_add_cublas_to_target",
        "cuda_build_clean_target", "cuda_compile", "cuda_compile_ptx", "cuda_compile_fatbin", "cuda_compile_cubin",
        "cuda_compute_separable_compilation_object_file_name", "cuda_include_directories",
        "cuda_link_separable_compilation_objects", "cuda_select_nvcc_arch_flags", "cuda_wrap_srcs"};
    return Names;
  }

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
