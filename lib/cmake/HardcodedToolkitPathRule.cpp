// rocm-cmake-hardcoded-toolkit-path: literal /opt/rocm and /usr/local/cuda paths in include and
// link directories, flags, path variables, find_* hints and commands a build runs.

#include "buildscripts/ScriptCommon.h"
#include "cmake/CMakeCommandTable.h"
#include "cmake/CMakeRule.h"
#include "cmake/CMakeStrings.h"
#include "core/BuildSwitches.h"

namespace rocmtidy::cmake {

namespace {

class HardcodedToolkitPathRule : public CMakeRule {
public:
  std::string_view id() const override { return "rocm-cmake-hardcoded-toolkit-path"; }

  std::vector<std::string_view> commands() const override {
    return {"target_link_options", "add_link_options", "add_compile_options", "target_compile_options",
            "add_definitions", "include_directories", "target_include_directories", "set", "list", "string",
            "find_package", "find_library", "find_path", "find_file", "find_program", "add_custom_command",
            "add_custom_target", "add_test", "execute_process", "install"};
  }

  void check(const Command &C, RuleContext &Ctx) const override {
    const std::string &N = C.LowerName;
    const std::vector<Argument> &Args = C.Args;
    if (N == "target_link_options" || N == "add_link_options" || N == "add_compile_options" ||
        N == "target_compile_options" || N == "add_definitions") {
      bool Link = N == "target_link_options" || N == "add_link_options";
      size_t First = N == "target_link_options" || N == "target_compile_options" ? 1 : 0;
      for (size_t I = First; I < Args.size(); ++I)
        if (!isUpperKeyword(Args[I].Value))
          flagArgument(Args[I], Link, Ctx);
    } else if (N == "include_directories" || N == "target_include_directories") {
      for (size_t I = N == "target_include_directories" ? 1 : 0; I < Args.size(); ++I)
        if (!isUpperKeyword(Args[I].Value))
          pathArgument(Args[I], Ctx);
    } else if (std::optional<VariableWrite> W = variableWrite(C)) {
      variableValues(C, *W, Ctx);
    } else if (startsWith(N, "find_")) {
      findHints(C, Ctx);
    } else if (N == "install") {
      // install(CODE "...") and install(SCRIPT file): only the code runs a command.
      for (size_t I = 0; I + 1 < Args.size(); ++I)
        if (Args[I].Kind == Argument::Unquoted && Args[I].Value == "CODE")
          Ctx.withValues(Args[I + 1], [&](const Argument &V) { embeddedPathValue(V, Ctx); });
    } else {
      // add_custom_command, add_custom_target, add_test, execute_process.
      for (size_t I = N == "add_custom_target" ? 1 : 0; I < Args.size(); ++I)
        if (!isUpperKeyword(Args[I].Value))
          Ctx.withValues(Args[I], [&](const Argument &V) { embeddedPathValue(V, Ctx); });
    }
  }

private:
  void hardcoded(unsigned Offset, std::string_view Value, std::string_view Kind, RuleContext &Ctx) const {
    // A value a user can override is only a default.
    if (Ctx.viaOverridable())
      return;
    size_t End = Value.find_first_of(" ;");
    std::string Shown(Value.substr(0, End));
    std::string Msg = "hard-coded toolkit path '" + Shown + "'; ";
    if (Kind == "rocm")
      Msg += "use $ENV{ROCM_PATH} with '/opt/rocm' only as a fallback, or find_package(hip)";
    else
      Msg += "use $ENV{CUDA_PATH} with the default only as a fallback, or find_package(CUDAToolkit)";
    Finding *Fd = Ctx.emit(id(), Offset, std::move(Msg));
    std::string Where = Kind == "rocm" ? " (ROCM_PATH set, versioned /opt/rocm-X.Y.Z, distribution packages)"
                                       : " (CUDA_PATH set, versioned /usr/local/cuda-X.Y, distribution packages)";
    Ctx.note(Fd, Offset, "the build breaks on machines where the toolkit is installed elsewhere" + Where);
  }

  /// Toolkit paths among the flags of one argument (-I/opt/rocm/include, --flag=/usr/local/cuda).
  /// In link options, -L and -l belong to rocm-cmake-raw-link-flag.
  void flagArgument(const Argument &A, bool LinkFlags, RuleContext &Ctx) const {
    Ctx.withValues(A, [&](const Argument &V) {
      if (Ctx.inFallback())
        return;
      for (const Flag &F : flagsOf(V)) {
        std::string_view T = F.Text;
        if (LinkFlags && (startsWith(T, "-L") || startsWith(T, "-l")) && T.size() > 2)
          continue;
        std::string_view P = T;
        if (startsWith(P, "-I"))
          P.remove_prefix(2);
        else if (size_t Eq = P.find('='); startsWith(P, "-") && Eq != std::string_view::npos)
          P.remove_prefix(Eq + 1);
        if (std::string_view Kind = buildscripts::toolkitRootOf(P); !Kind.empty())
          hardcoded(F.ValueOffset + static_cast<unsigned>(T.size() - P.size()), P, Kind, Ctx);
      }
    });
  }

  void pathArgument(const Argument &A, RuleContext &Ctx) const {
    Ctx.withValues(A, [&](const Argument &V) {
      if (V.isParen() || Ctx.inFallback())
        return;
      for (const Piece &E : listElements(V))
        if (std::string_view Kind = buildscripts::toolkitRootOf(E.Text); !Kind.empty())
          hardcoded(V.sourceOffsetOfValue(E.Index), E.Text, Kind, Ctx);
    });
  }

  /// Toolkit roots anywhere in a command line or a piece of CMake code (add_custom_command,
  /// add_test, install(CODE)): where a path starts, after a separator, quote or '='.
  void embeddedPathValue(const Argument &A, RuleContext &Ctx) const {
    if (A.isParen() || Ctx.inFallback())
      return;
    std::string_view V = A.Value;
    for (size_t I = 0; I < V.size(); ++I) {
      if (V[I] != '/')
        continue;
      if (I > 0) {
        char P = V[I - 1];
        bool Flag = I >= 2 && V[I - 2] == '-' && (P == 'I' || P == 'L'); // -I/opt/rocm/include
        if (!Flag && !(P == ' ' || P == '\t' || P == '\n' || P == '"' || P == '\'' || P == '=' || P == ';' ||
                       P == '(' || P == ':' || P == ','))
          continue;
      }
      size_t End = V.find_first_of(" \t\n\"';)", I);
      std::string_view Path = V.substr(I, End == std::string_view::npos ? End : End - I);
      std::string_view Kind = buildscripts::toolkitRootOf(Path);
      if (Kind.empty())
        continue;
      hardcoded(A.sourceOffsetOfValue(I), Path, Kind, Ctx);
      I += Path.size();
    }
  }

  static bool isPathVariable(std::string_view V) {
    for (const std::string &Suffix : cmakeCommandTable().PathVariableSuffixes)
      if (endsWith(V, Suffix))
        return true;
    return false;
  }

  /// set(VAR ...), list(APPEND VAR ...), string(APPEND VAR ...) of a flags or path variable. A cache
  /// entry is a default a user can override.
  void variableValues(const Command &C, const VariableWrite &W, RuleContext &Ctx) const {
    std::string_view Var = W.Var->Value;
    bool Flags = Var.find("FLAGS") != std::string_view::npos;
    bool Paths = isPathVariable(Var);
    if ((!Flags && !Paths) || W.Cache)
      return;
    // set(ROCM_PATH $ENV{ROCM_PATH} /opt/rocm): the literal only follows the environment.
    if (Paths && !Flags)
      for (size_t I = W.First; I < C.Args.size(); ++I)
        if (C.Args[I].Value.find("$ENV{") != std::string::npos)
          return;
    Ctx.forEachValue(C, W, [&](const Argument &V) {
      if (Flags)
        flagArgument(V, true, Ctx);
      else
        pathArgument(V, Ctx);
    });
  }

  /// Each HINTS or PATHS list is searched in order: a literal after the environment
  /// ("HINTS ENV ROCM_PATH /opt/rocm", "PATHS $ENV{ROCM_PATH} /opt/rocm") is the fallback.
  void findHints(const Command &C, RuleContext &Ctx) const {
    // find_path(OPENCL_INCLUDE_DIR ... PATHS /usr/local/cuda /usr ...), find_package(OpenCL ...):
    // guesses where another programming model's SDK may sit, not the HIP or CUDA toolkit's place.
    if (!C.Args.empty() && buildSwitchTable().namesOtherModel(C.Args[0].Value))
      return;
    std::vector<const Argument *> List;
    bool InPaths = false, FromEnv = false, EnvName = false;
    auto Flush = [&] {
      if (!FromEnv)
        for (const Argument *A : List)
          pathArgument(*A, Ctx);
      List.clear();
      FromEnv = false;
    };
    for (const Argument &A : C.Args) {
      if (EnvName) { // the variable named after ENV
        EnvName = false;
        continue;
      }
      if (A.Kind == Argument::Unquoted && A.Value == "ENV" && InPaths) {
        FromEnv = EnvName = true;
        continue;
      }
      if (A.Kind == Argument::Unquoted && isUpperKeyword(A.Value)) {
        Flush();
        InPaths = A.Value == "HINTS" || A.Value == "PATHS";
        continue;
      }
      if (InPaths) {
        List.push_back(&A);
        FromEnv = FromEnv || A.Value.find("$ENV{") != std::string::npos;
      }
    }
    Flush();
  }
};

} // namespace

const CMakeRule &hardcodedToolkitPathRule() {
  static const HardcodedToolkitPathRule Rule;
  return Rule;
}

} // namespace rocmtidy::cmake
