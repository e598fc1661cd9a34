// The compile-command sanitizer. rocm-lint runs clang's driver and front end in its own process on
// commands that come from the repository being linted; a pull request from a stranger must not be
// able to make that process write files, load code or read more arguments we never see. Flags are
// matched the way clang's option table matches them: a name alone takes the next argument as its
// value when the option is Separate/JoinedOrSeparate, so a value is never re-read as a flag.
#include "core/CommandSanitizer.h"

#include <cstring>

namespace rocmtidy {

namespace {

bool startsWith(const std::string &S, const char *P) { return S.compare(0, std::strlen(P), P) == 0; }

bool endsWith(const std::string &S, const std::string &P) {
  return S.size() >= P.size() && S.compare(S.size() - P.size(), P.size(), P) == 0;
}

/// How an option takes its value.
enum class Arity {
  Flag,             // exactly the name, no value
  Joined,           // the name is a prefix; the value is glued to it (-std=c++17)
  JoinedOrSeparate, // -Idir or -I dir
  Separate,         // exactly the name, the value is the next argument
};

struct Rule {
  const char *Name;
  Arity Kind;
  const char *Reason; // nullptr: allowed
};

constexpr const char *Writes = "writes a file";
constexpr const char *LoadsCode = "loads code into rocm-lint";
constexpr const char *LoadsAst = "loads a precompiled header or module";
constexpr const char *ReadsArgs = "reads further arguments from a file";
constexpr const char *Driver = "changes how the compiler driver works";
constexpr const char *PassThrough = "passes options through unchecked";

// Checked first, in order; the first rule that matches decides. Longer names come before their
// prefixes (-include-pch before -include).
const Rule DenyRules[] = {
    // Outputs and side files.
    {"-o", Arity::JoinedOrSeparate, Writes},
    {"--output=", Arity::Joined, Writes},
    {"--output", Arity::Separate, Writes},
    {"-MF", Arity::JoinedOrSeparate, Writes},
    {"-MJ", Arity::JoinedOrSeparate, Writes},
    {"-MT", Arity::JoinedOrSeparate, Writes},
    {"-MQ", Arity::JoinedOrSeparate, Writes},
    {"-MD", Arity::Flag, Writes},
    {"-MMD", Arity::Flag, Writes},
    {"-M", Arity::Flag, Writes},
    {"-MM", Arity::Flag, Writes},
    {"-MG", Arity::Flag, Writes},
    {"-MP", Arity::Flag, Writes},
    {"-MV", Arity::Flag, Writes},
    {"--serialize-diagnostics=", Arity::Joined, Writes},
    {"--serialize-diagnostics", Arity::Separate, Writes},
    {"-serialize-diagnostics", Arity::Separate, Writes},
    {"-dependency-file", Arity::JoinedOrSeparate, Writes},
    {"-dependency-dot", Arity::JoinedOrSeparate, Writes},
    {"-header-include-file", Arity::JoinedOrSeparate, Writes},
    {"-diagnostic-log-file", Arity::JoinedOrSeparate, Writes},
    {"-stats-file", Arity::Joined, Writes},
    {"-save-temps", Arity::Joined, Writes},
    {"--save-temps", Arity::Joined, Writes},
    {"-save-stats", Arity::Joined, Writes},
    {"-gen-reproducer", Arity::Joined, Writes},
    {"-ftime-trace", Arity::Joined, Writes},
    {"-fproc-stat-report", Arity::Joined, Writes},
    {"-fcrash-diagnostics", Arity::Joined, Writes},
    {"-fsave-optimization-record", Arity::Joined, Writes},
    {"-foptimization-record-file", Arity::Joined, Writes},
    {"-fprofile-", Arity::Joined, Writes},
    {"-fcs-profile-", Arity::Joined, Writes},
    {"-fmemory-profile", Arity::Joined, Writes},
    {"-fdump-", Arity::Joined, Writes},
    {"-fdepscan", Arity::Joined, Writes},
    {"-fbuild-session", Arity::Joined, Writes},
    {"-fmodules-cache-path", Arity::Joined, Writes},
    // Code and serialized ASTs loaded into the process.
    {"-fplugin", Arity::Joined, LoadsCode},
    {"-fpass-plugin", Arity::Joined, LoadsCode},
    {"-load", Arity::Separate, LoadsCode},
    {"-plugin", Arity::Separate, LoadsCode},
    {"-add-plugin", Arity::Separate, LoadsCode},
    {"-mllvm", Arity::JoinedOrSeparate, LoadsCode},
    {"-include-pch", Arity::JoinedOrSeparate, LoadsAst},
    {"-fmodule", Arity::Joined, LoadsAst},
    {"-fimplicit-module", Arity::Joined, LoadsAst},
    {"-fprebuilt-", Arity::Joined, LoadsAst},
    {"-fcxx-modules", Arity::Joined, LoadsAst},
    {"-fbuiltin-module-map", Arity::Joined, LoadsAst},
    {"-fapinotes", Arity::Joined, LoadsAst},
    {"-fcuda-include-gpubinary", Arity::Joined, LoadsAst},
    {"-fembed-", Arity::Joined, LoadsAst},
    {"-ivfsoverlay", Arity::JoinedOrSeparate, LoadsAst},
    // Arguments we would not see.
    {"--config-", Arity::Joined, ReadsArgs},
    {"--config=", Arity::Joined, ReadsArgs},
    {"--config", Arity::Separate, ReadsArgs},
    {"@", Arity::Joined, ReadsArgs},
    // Driver modes and internals.
    {"--driver-mode", Arity::Joined, Driver},
    {"-ccc-", Arity::Joined, Driver},
    {"-cc1", Arity::Joined, Driver},
    {"-###", Arity::Flag, Driver},
    {"-B", Arity::JoinedOrSeparate, Driver},
    {"--prefix", Arity::Joined, Driver},
    // Pass-throughs to other tools (-Xclang is handled separately).
    {"-Wp,", Arity::Joined, PassThrough},
    {"-Wl,", Arity::Joined, PassThrough},
    {"-Wa,", Arity::Joined, PassThrough},
    // -Xpreprocessor, -Xlinker, -Xarch_device, -Xcuda-ptxas, -Xopenmp-target=T, ...: each takes the
    // next argument.
    {"-X", Arity::JoinedOrSeparate, PassThrough},
};

// What analysis needs: include paths, macros, language, standard, target, GPU offload, warnings,
// code-generation switches (-f..., -m...) whose only effect here is on predefined macros.
const Rule AllowRules[] = {
    {"-I", Arity::JoinedOrSeparate, nullptr},
    {"-isystem", Arity::JoinedOrSeparate, nullptr},
    {"-iquote", Arity::JoinedOrSeparate, nullptr},
    {"-idirafter", Arity::JoinedOrSeparate, nullptr},
    {"--system-header-prefix=", Arity::Joined, nullptr},
    {"--no-system-header-prefix=", Arity::Joined, nullptr},
    {"-isysroot", Arity::JoinedOrSeparate, nullptr},
    {"-cxx-isystem", Arity::JoinedOrSeparate, nullptr},
    {"-include", Arity::JoinedOrSeparate, nullptr},
    {"-imacros", Arity::JoinedOrSeparate, nullptr},
    {"-F", Arity::JoinedOrSeparate, nullptr},
    {"-D", Arity::JoinedOrSeparate, nullptr},
    {"-U", Arity::JoinedOrSeparate, nullptr},
    {"-x", Arity::JoinedOrSeparate, nullptr},
    {"-L", Arity::JoinedOrSeparate, nullptr},
    {"-l", Arity::JoinedOrSeparate, nullptr},
    {"-target", Arity::Separate, nullptr},
    {"--target=", Arity::Joined, nullptr},
    {"-resource-dir", Arity::Separate, nullptr},
    {"-resource-dir=", Arity::Joined, nullptr},
    {"--sysroot", Arity::Separate, nullptr},
    {"--sysroot=", Arity::Joined, nullptr},
    {"--gcc-toolchain=", Arity::Joined, nullptr},
    {"--gcc-install-dir=", Arity::Joined, nullptr},
    {"-std=", Arity::Joined, nullptr},
    {"--std=", Arity::Joined, nullptr},
    {"-stdlib=", Arity::Joined, nullptr},
    {"--offload-arch=", Arity::Joined, nullptr},
    {"--no-offload-arch=", Arity::Joined, nullptr},
    {"--offload=", Arity::Joined, nullptr},
    {"--cuda-gpu-arch=", Arity::Joined, nullptr},
    {"--cuda-path=", Arity::Joined, nullptr},
    {"--rocm-path=", Arity::Joined, nullptr},
    {"--hip-path=", Arity::Joined, nullptr},
    {"--rocm-device-lib-path=", Arity::Joined, nullptr},
    {"--hip-version=", Arity::Joined, nullptr},
    {"-cuid=", Arity::Joined, nullptr},
    {"--cuda-host-only", Arity::Flag, nullptr},
    {"--cuda-device-only", Arity::Flag, nullptr},
    {"--offload-host-only", Arity::Flag, nullptr},
    {"--offload-device-only", Arity::Flag, nullptr},
    {"--hip-link", Arity::Flag, nullptr},
    {"-nogpulib", Arity::Flag, nullptr},
    {"-nogpuinc", Arity::Flag, nullptr},
    {"-nocudainc", Arity::Flag, nullptr},
    {"-nocudalib", Arity::Flag, nullptr},
    {"-nostdinc", Arity::Flag, nullptr},
    {"-nostdinc++", Arity::Flag, nullptr},
    {"-nostdlibinc", Arity::Flag, nullptr},
    {"-nobuiltininc", Arity::Flag, nullptr},
    {"-nostdlib", Arity::Flag, nullptr},
    {"-nostdlib++", Arity::Flag, nullptr},
    {"-c", Arity::Flag, nullptr},
    {"-pthread", Arity::Flag, nullptr},
    {"-pedantic", Arity::Flag, nullptr},
    {"-pedantic-errors", Arity::Flag, nullptr},
    {"--pedantic", Arity::Flag, nullptr},
    {"-ansi", Arity::Flag, nullptr},
    {"-undef", Arity::Flag, nullptr},
    {"-trigraphs", Arity::Flag, nullptr},
    {"-pipe", Arity::Flag, nullptr},
    {"-static", Arity::Flag, nullptr},
    {"-shared", Arity::Flag, nullptr},
    {"-rdynamic", Arity::Flag, nullptr},
    {"-pie", Arity::Flag, nullptr},
    {"-no-pie", Arity::Flag, nullptr},
    {"-P", Arity::Flag, nullptr},
    {"-C", Arity::Flag, nullptr},
    {"-CC", Arity::Flag, nullptr},
    {"-w", Arity::Flag, nullptr},
    {"-Qunused-arguments", Arity::Flag, nullptr},
    {"-no-canonical-prefixes", Arity::Flag, nullptr},
    {"--", Arity::Flag, nullptr},
    {"-W", Arity::Joined, nullptr},
    {"-O", Arity::Joined, nullptr},
    {"-g", Arity::Joined, nullptr},
    {"-m", Arity::Joined, nullptr},
    {"-f", Arity::Joined, nullptr},
};

/// The rule whose name matches \p A, if any. A Separate/Flag rule matches only the exact name.
const Rule *findRule(const Rule *Begin, const Rule *End, const std::string &A) {
  for (const Rule *R = Begin; R != End; ++R) {
    bool Exact = A == R->Name;
    switch (R->Kind) {
    case Arity::Flag:
    case Arity::Separate:
      if (Exact)
        return R;
      break;
    case Arity::Joined:
    case Arity::JoinedOrSeparate:
      if (startsWith(A, R->Name))
        return R;
      break;
    }
  }
  return nullptr;
}

bool takesNext(const Rule &R, const std::string &A) {
  if (R.Reason == PassThrough && startsWith(A, "-X"))
    return true;
  return R.Kind == Arity::Separate || (R.Kind == Arity::JoinedOrSeparate && A == R.Name);
}

/// Values of -Xclang that only define macros, tune warnings or switch language features.
bool safeFrontendFlag(const std::string &V) {
  if (findRule(std::begin(DenyRules), std::end(DenyRules), V))
    return false;
  return startsWith(V, "-D") || startsWith(V, "-U") || (startsWith(V, "-W") && V.find(',') == std::string::npos) ||
         V == "-w" || startsWith(V, "-std=") || startsWith(V, "-f");
}

/// Whether \p Tool names a compiler driver whose name does not switch clang into another mode
/// (clang-cl, cpp, flang, dxc): gcc/g++/cc/c++/clang/clang++ with an optional target prefix and
/// version suffix, hipcc and nvcc.
bool knownDriver(const std::string &Tool) {
  std::string Base = Tool.substr(Tool.find_last_of('/') == std::string::npos ? 0 : Tool.find_last_of('/') + 1);
  if (endsWith(Base, ".exe"))
    Base.resize(Base.size() - 4);
  // Drop a version suffix: clang++-19, g++-12, gcc-12.2.
  size_t Dash = Base.find_last_of('-');
  if (Dash != std::string::npos && Dash + 1 < Base.size() &&
      Base.find_first_not_of("0123456789.", Dash + 1) == std::string::npos)
    Base.resize(Dash);
  for (const char *Name : {"clang++", "clang", "g++", "gcc", "c++", "cc", "hipcc", "nvcc", "amdclang++", "amdclang"})
    if (Base == Name || endsWith(Base, std::string("-") + Name))
      return !endsWith(Base, "clang-cl") && !endsWith(Base, "-cpp");
  return false;
}

} // namespace

std::vector<std::string> sanitizeCompileCommand(const std::vector<std::string> &Argv, const std::string &MainFile,
                                                std::vector<DroppedFlag> &Dropped) {
  std::vector<std::string> Out;
  if (Argv.empty())
    return Out;
  if (knownDriver(Argv[0])) {
    Out.push_back(Argv[0]);
  } else {
    Out.push_back("clang++");
    Dropped.push_back({Argv[0], "not a known compiler driver name; using clang++"});
  }
  bool AfterDashes = false;
  for (size_t I = 1; I < Argv.size(); ++I) {
    const std::string &A = Argv[I];
    if (AfterDashes || A.empty() || A[0] != '-' || A == "-") {
      // Positional arguments are input files; the caller names the one being analysed, and a
      // response file ("@file") is caught below only when it starts the argument.
      if (!AfterDashes && !A.empty() && A[0] == '@') {
        Dropped.push_back({A, ReadsArgs});
        continue;
      }
      // A second input makes a second compile job (a .pcm or .ast input is deserialized); it is
      // usually the value of a flag we dropped as unknown.
      if (!MainFile.empty() && A != MainFile) {
        Dropped.push_back({A, "an argument that is not the file being analysed"});
        continue;
      }
      Out.push_back(A);
      continue;
    }
    if (A == "--") {
      AfterDashes = true;
      Out.push_back(A);
      continue;
    }
    if (A == "-Xclang") {
      // -Xclang VALUE: keep only values that define macros, tune warnings or switch features.
      std::string V = I + 1 < Argv.size() ? Argv[I + 1] : std::string();
      // CMake's precompiled headers: "-Xclang -include-pch -Xclang X.pch -Xclang -include -Xclang X"
      // loses the PCH (dropped below) but keeps the header it was built from, which is source.
      if (V == "-include" && I + 3 < Argv.size() && Argv[I + 2] == "-Xclang") {
        Out.insert(Out.end(), {A, V, Argv[I + 2], Argv[I + 3]});
        I += 3;
        continue;
      }
      if (safeFrontendFlag(V)) {
        Out.push_back(A);
        Out.push_back(V);
        I += 1;
        continue;
      }
      std::string Flag = A + (V.empty() ? "" : " " + V);
      I += I + 1 < Argv.size() ? 1 : 0;
      // The dropped option's own values follow as further "-Xclang VALUE" pairs.
      while (I + 2 < Argv.size() && Argv[I + 1] == "-Xclang" && !Argv[I + 2].empty() && Argv[I + 2][0] != '-') {
        Flag += " -Xclang " + Argv[I + 2];
        I += 2;
      }
      Dropped.push_back({Flag, V.empty() ? "has no value" : PassThrough});
      continue;
    }
    if (const Rule *R = findRule(std::begin(DenyRules), std::end(DenyRules), A)) {
      std::string Flag = A;
      if (takesNext(*R, A) && I + 1 < Argv.size())
        Flag += " " + Argv[++I];
      Dropped.push_back({Flag, R->Reason});
      continue;
    }
    if (const Rule *R = findRule(std::begin(AllowRules), std::end(AllowRules), A)) {
      Out.push_back(A);
      if (takesNext(*R, A) && I + 1 < Argv.size())
        Out.push_back(Argv[++I]);
      continue;
    }
    Dropped.push_back({A, "not on the list of flags rocm-lint passes to clang"});
  }
  return Out;
}

} // namespace rocmtidy
