#include "core/Notebook.h"
#include "core/EmbeddedData.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <nlohmann/json.hpp>
#include <re2/re2.h>
#include <re2/set.h>
#include <set>

namespace rocmtidy {

const char *confidenceName(Confidence C) {
  return C == Confidence::High ? "high" : C == Confidence::Medium ? "medium" : "low";
}

static bool stringList(const nlohmann::json &J, const char *Key, std::vector<std::string> &Out) {
  if (!J.contains(Key))
    return true;
  if (!J[Key].is_array())
    return false;
  for (const auto &S : J[Key]) {
    if (!S.is_string())
      return false;
    Out.push_back(S.get<std::string>());
  }
  return true;
}

static RE2::Options patternOptions(bool CaseInsensitive) {
  RE2::Options O;
  O.set_log_errors(false);
  O.set_case_sensitive(!CaseInsensitive);
  return O;
}

// Patterns are short by nature; a huge one is a mistake (or an attempt to make the compiled
// program, and so every line's match, expensive).
static constexpr size_t MaxPatternLength = 1000;
static constexpr int MaxProgramSize = 4000;
// A counted repetition such as [ab]{60} multiplies the states of the DFA that scans each line;
// notebook patterns name messages, which need no long counted runs.
static constexpr unsigned MaxRepeat = 32;

// Lines of a log where nothing went wrong: a pattern that matches one of them would diagnose
// every log (a team notebook's '.' or '\S' printed its fix for "all good").
static const char *const OrdinaryLines[] = {" ",
                                            "x",
                                            "Z",
                                            "0",
                                            "7",
                                            ".",
                                            "-",
                                            "_",
                                            "#",
                                            "/",
                                            "ok",
                                            "all good",
                                            "Done.",
                                            "PASSED",
                                            "[100%] Built target app",
                                            "-- Configuring done",
                                            "step 10 loss 0.25"};

static std::string largeRepeat(const std::string &P) {
  for (size_t I = 0; I < P.size(); ++I) {
    if (P[I] == '\\') {
      ++I;
      continue;
    }
    if (P[I] != '{')
      continue;
    unsigned long N = 0;
    size_t J = I + 1;
    bool Digits = false;
    for (; J < P.size() && (std::isdigit((unsigned char)P[J]) || P[J] == ','); ++J) {
      if (P[J] == ',') {
        N = 0;
        continue;
      }
      Digits = true;
      N = std::min<unsigned long>(N * 10 + unsigned(P[J] - '0'), 100000);
      if (N > MaxRepeat)
        return "a counted repetition over " + std::to_string(MaxRepeat) + " ('" + P.substr(I, J + 1 - I) +
               "...') makes every line's scan expensive";
    }
    (void)Digits;
  }
  return "";
}

static std::string compilePattern(const std::string &P, bool CaseInsensitive, std::shared_ptr<re2::RE2> &Out) {
  if (P.empty())
    return "an empty pattern matches every line";
  if (P.size() > MaxPatternLength)
    return "longer than " + std::to_string(MaxPatternLength) + " characters";
  std::string Repeat = largeRepeat(P);
  if (!Repeat.empty())
    return Repeat;
  auto R = std::make_shared<re2::RE2>(P, patternOptions(CaseInsensitive));
  if (!R->ok())
    return R->error() + " (notebook patterns use RE2 syntax, which matches in linear time: no backreferences "
                        "or lookaround)";
  if (R->ProgramSize() > MaxProgramSize || R->ReverseProgramSize() > MaxProgramSize)
    return "its compiled program is larger than " + std::to_string(MaxProgramSize) + " instructions";
  if (RE2::PartialMatch("", *R))
    return "it matches an empty line, so it would match every log";
  for (const char *L : OrdinaryLines)
    if (RE2::PartialMatch(L, *R))
      return std::string("it matches an ordinary log line ('") + L + "'), so it would match every log";
  Out = std::move(R);
  return "";
}

std::string checkNotebookPattern(const std::string &Pattern) {
  std::shared_ptr<re2::RE2> R;
  return compilePattern(Pattern, false, R);
}

// ---------------------------------------------------------------------------------------------
// Facts a log states

void LogFacts::add(const std::string &Fact, const std::string &Because) {
  if (Tags.insert(Fact).second)
    Why[Fact] = Because;
}

void LogFacts::merge(const LogFacts &O) {
  Gfx.insert(O.Gfx.begin(), O.Gfx.end());
  RocmVersions.insert(O.RocmVersions.begin(), O.RocmVersions.end());
  for (const auto &[K, V] : O.Env)
    Env.emplace(K, V);
  for (const auto &T : O.Tags)
    add(T, O.Why.count(T) ? O.Why.at(T) : "");
  if (RocmVersions.size() > 1)
    add(
        "mixed-rocm", "ROCm versions " + [&] {
          std::string S;
          for (const auto &V : RocmVersions)
            S += (S.empty() ? "" : ", ") + V;
          return S;
        }());
}

const std::vector<std::pair<std::string, std::string>> &logFactNames() {
  static const std::vector<std::pair<std::string, std::string>> Names = {
      {"consumer-gpu", "a consumer or APU GPU (RDNA gfx10xx/gfx11xx/gfx12xx, gfx90c ...) that many ROCm libraries are "
                       "not built for"},
      {"datacenter-gpu", "an Instinct GPU (gfx908, gfx90a, gfx94x, gfx95x)"},
      {"override", "HSA_OVERRIDE_GFX_VERSION is set"},
      {"visible-devices", "HIP_VISIBLE_DEVICES, ROCR_VISIBLE_DEVICES or CUDA_VISIBLE_DEVICES is set"},
      {"device-permission", "/dev/kfd or /dev/dri/renderD* is not accessible to the user"},
      {"no-driver", "the amdgpu kernel driver is not loaded (/dev/kfd missing)"},
      {"container", "the program runs in a container"},
      {"wsl", "the program runs under WSL"},
      {"windows", "the program runs on Windows (the HIP SDK)"},
      {"rocm5", "ROCm 5.x"},
      {"rocm6", "ROCm 6.x"},
      {"rocm7", "ROCm 7.x"},
      {"mixed-rocm", "two ROCm versions appear"},
      {"cuda-build", "a CUDA build (of PyTorch, a wheel, a library) is involved"},
      {"cuda-extension", "a Python extension module needs a CUDA runtime library"},
      {"pytorch", "PyTorch is involved"},
      {"rocblas", "rocBLAS, hipBLASLt or Tensile is involved"},
      {"miopen", "MIOpen is involved"},
      {"rccl", "RCCL is involved"},
      {"multi-gpu", "several GPUs or ranks are involved"},
      {"no-gpu", "no GPU is visible"},
      {"no-rocm", "no ROCm installation was found"},
      {"firmware", "the kernel driver reports a firmware failure (MES, PSP or SMU)"},
      {"rdc", "relocatable device code (-fgpu-rdc, separable compilation) is in use"},
  };
  return Names;
}

std::string gfxClass(const std::string &Gfx) {
  static const RE2 Consumer("^gfx(1[0-9][0-9][0-9a-f]|90c|902|909|801|803)$");
  static const RE2 Datacenter("^gfx(908|90a|94[0-9a-f]|95[0-9a-f])$");
  if (RE2::FullMatch(Gfx, Consumer))
    return "consumer-gpu";
  if (RE2::FullMatch(Gfx, Datacenter))
    return "datacenter-gpu";
  return "";
}

LogFacts readLogFacts(std::string_view Log) {
  LogFacts F;
  static const RE2 Gfx("\\b(gfx[0-9]{2,3}[0-9a-f])\\b");
  static const RE2 Version("(?i)(?:\\brocm[ -]?v?|/opt/rocm-|\\+rocm)([0-9]\\.[0-9]+)");
  static const RE2 Env("\\b(HSA_OVERRIDE_GFX_VERSION|HIP_VISIBLE_DEVICES|ROCR_VISIBLE_DEVICES|CUDA_VISIBLE_DEVICES|"
                       "PYTORCH_ROCM_ARCH|HIP_PLATFORM)=([^\\s'\"]*)");
  static const RE2 Permission("(?i)(/dev/(kfd|dri/renderD[0-9]+|dri/card[0-9]+)\\b.*(permission denied|"
                              "operation not permitted|EACCES|read-write)|permission denied.*/dev/(kfd|dri))");
  static const RE2 NoDriver("(?i)(/dev/kfd.*(no such file|does not exist|not found)|amdgpu.*(not loaded|"
                            "blacklisted)|failed to open /dev/kfd)");
  static const RE2 Container("(?i)\\b(docker|podman|apptainer|singularity|kubernetes|--device=/dev/kfd)\\b");
  static const RE2 Wsl("(?i)(\\bWSL2?\\b|microsoft-standard|libdxcore)");
  // A drive-letter path or the HIP SDK's DLL: the Linux causes (device nodes, the kernel driver)
  // do not apply there.
  static const RE2 Windows("(?i)(\\b[A-Z]:\\\\[A-Za-z0-9_$.-]|amdhip64(_[0-9]+)?\\.dll|\\bhipInfo\\.exe\\b)");
  static const RE2 CudaBuild("(?i)(\\+cu1[0-9]+\\b|libcudart\\.so|libcublas|Torch not compiled with CUDA|"
                             "nvidia-smi|\\bNVIDIA driver\\b|torch\\.version\\.cuda)");
  static const RE2 Torch("(?i)(\\btorch\\b|pytorch)");
  static const RE2 Blas("(?i)(rocblas|hipblaslt|tensile)");
  static const RE2 Miopen("(?i)miopen");
  static const RE2 Rccl("(?i)(\\brccl\\b|\\bnccl\\b)");
  // Ranks and world sizes only: HSA numbers the CPU node-0, so "GPU node-1" is the first (often
  // the only) GPU, and node-2 the discrete one next to an APU's.
  static const RE2 MultiGpu("(?i)(\\brank ?[1-9][0-9]*\\b|\\[rank[1-9]|world_size ?[=:] ?[2-9])");
  static const RE2 NoGpu("(?i)(hipErrorNoDevice|no HIP GPUs are available|no ROCm-capable device|"
                         "torch\\.cuda\\.is_available\\(\\)[^\\n]*False|no GPU devices? (found|detected))");
  // The scheduler and security processors are firmware: when the driver says they stopped
  // answering, a hang is theirs rather than a kernel's (a kernel's hang shows a ring timeout).
  static const RE2 Firmware("(?i)amdgpu.*\\b(MES|PSP|SMU)\\b.*(failed|unrecoverable|not responding|timed? ?out)");
  static const RE2 Rdc("(-fgpu-rdc|\\bSEPARABLE_COMPILATION\\b|-Xoffload-linker)");
  unsigned LineNo = 0;
  size_t Pos = 0;
  // Facts are read from the first 1 MiB: a log's environment and versions come first.
  Log = Log.substr(0, std::min<size_t>(Log.size(), 1 << 20));
  while (Pos < Log.size()) {
    size_t End = Log.find('\n', Pos);
    if (End == std::string_view::npos)
      End = Log.size();
    re2::StringPiece Line(Log.data() + Pos, std::min<size_t>(End - Pos, 4096));
    Pos = End + 1;
    ++LineNo;
    std::string Where = "log line " + std::to_string(LineNo);
    // "what (log line N)": the reason a fact is given, built in place.
    auto At = [&Where](std::string What) {
      What += " (";
      What += Where;
      What += ')';
      return What;
    };
    re2::StringPiece In = Line;
    std::string G, V, K;
    while (RE2::FindAndConsume(&In, Gfx, &G)) {
      F.Gfx.insert(G);
      std::string C = gfxClass(G);
      if (!C.empty())
        F.add(C, At(G));
    }
    In = Line;
    while (RE2::FindAndConsume(&In, Version, &V)) {
      F.RocmVersions.insert(V);
      F.add("rocm" + V.substr(0, 1), At("ROCm " + V));
    }
    In = Line;
    while (RE2::FindAndConsume(&In, Env, &K, &V)) {
      F.Env[K] = V;
      std::string Setting = K;
      Setting += '=';
      Setting += V;
      if (K == "HSA_OVERRIDE_GFX_VERSION")
        F.add("override", At(Setting));
      else if (K.find("VISIBLE_DEVICES") != std::string::npos)
        F.add("visible-devices", At(Setting));
    }
    auto Tag = [&](const RE2 &R, const char *Fact) {
      if (RE2::PartialMatch(Line, R))
        F.add(Fact, Where);
    };
    Tag(Permission, "device-permission");
    Tag(NoDriver, "no-driver");
    Tag(Container, "container");
    Tag(Wsl, "wsl");
    Tag(Windows, "windows");
    Tag(CudaBuild, "cuda-build");
    Tag(Torch, "pytorch");
    Tag(Blas, "rocblas");
    Tag(Miopen, "miopen");
    Tag(Rccl, "rccl");
    Tag(MultiGpu, "multi-gpu");
    Tag(NoGpu, "no-gpu");
    Tag(Firmware, "firmware");
    Tag(Rdc, "rdc");
  }
  if (F.RocmVersions.size() > 1)
    F.merge(LogFacts());
  return F;
}

std::vector<const NotebookCause *> rankCauses(const NotebookEntry &E, const LogFacts &Facts) {
  std::vector<std::pair<unsigned, const NotebookCause *>> Scored;
  for (const auto &C : E.Causes) {
    unsigned N = 0;
    for (const auto &F : C.Favour)
      N += Facts.has(F);
    Scored.emplace_back(N, &C);
  }
  std::stable_sort(Scored.begin(), Scored.end(), [](const auto &A, const auto &B) { return A.first > B.first; });
  std::vector<const NotebookCause *> Out;
  Out.reserve(Scored.size());
  for (const auto &S : Scored)
    Out.push_back(S.second);
  return Out;
}

static const std::set<std::string> KnownKeys = {"id",      "phase",   "title",   "patterns",   "broad", "corroborate",
                                                "against", "icase",   "excerpt", "conditions", "fix",   "confirm",
                                                "checks",  "refines", "generic", "causes",     "thread"};

static bool parseCauses(const nlohmann::json &E, NotebookEntry &N, std::string &Error) {
  if (!E.contains("causes"))
    return true;
  if (!E["causes"].is_array()) {
    Error = "'causes' must be an array";
    return false;
  }
  std::set<std::string> Known;
  for (const auto &[Name, Text] : logFactNames())
    Known.insert(Name);
  std::set<std::string> Ids;
  for (const auto &C : E["causes"]) {
    NotebookCause X;
    if (!C.is_object() || !C.contains("id") || !C["id"].is_string() || !C.contains("title") ||
        !C["title"].is_string() || !C.contains("confirm") || !C["confirm"].is_string() || !C.contains("fix") ||
        !C["fix"].is_string() || (C.contains("see") && !C["see"].is_string())) {
      Error = "each cause needs string fields 'id', 'title', 'confirm' and 'fix' ('see' and 'favour' optional)";
      return false;
    }
    for (auto It = C.begin(); It != C.end(); ++It)
      if (It.key() != "id" && It.key() != "title" && It.key() != "confirm" && It.key() != "fix" && It.key() != "see" &&
          It.key() != "favour") {
        Error = "cause '" + C["id"].get<std::string>() + "': unknown field '" + It.key() + "'";
        return false;
      }
    X.Id = C["id"].get<std::string>();
    X.Title = C["title"].get<std::string>();
    X.Confirm = C["confirm"].get<std::string>();
    X.Fix = C["fix"].get<std::string>();
    X.See = C.value("see", "");
    if (!Ids.insert(X.Id).second) {
      Error = "cause ids must be unique ('" + X.Id + "')";
      return false;
    }
    if (!stringList(C, "favour", X.Favour)) {
      Error = "cause '" + X.Id + "': 'favour' must be an array of fact names";
      return false;
    }
    for (const auto &F : X.Favour)
      if (!Known.count(F)) {
        Error = "cause '" + X.Id + "': unknown fact '" + F + "' (docs/notebook.md lists the facts)";
        return false;
      }
    N.Causes.push_back(std::move(X));
  }
  return true;
}

std::optional<std::vector<NotebookEntry>> parseNotebook(std::string_view Json, std::string &Error) {
  if (Json.size() > MaxNotebookBytes) {
    Error = "larger than " + std::to_string(MaxNotebookBytes >> 20) + " MiB";
    return std::nullopt;
  }
  // A notebook is a flat list of entries; deep nesting ('[[[[...') only costs the parser memory.
  {
    unsigned Depth = 0;
    bool InString = false;
    for (size_t I = 0; I < Json.size(); ++I) {
      char C = Json[I];
      if (InString) {
        if (C == '\\')
          ++I;
        else if (C == '"')
          InString = false;
      } else if (C == '"') {
        InString = true;
      } else if ((C == '[' || C == '{') && ++Depth > 16) {
        Error = "nested deeper than 16 levels";
        return std::nullopt;
      } else if ((C == ']' || C == '}') && Depth) {
        --Depth;
      }
    }
  }
  nlohmann::json Doc = nlohmann::json::parse(Json.begin(), Json.end(), nullptr, /*allow_exceptions=*/false);
  if (Doc.is_discarded()) {
    Error = "not valid JSON";
    return std::nullopt;
  }
  if (!Doc.is_object() || !Doc.contains("entries") || !Doc["entries"].is_array()) {
    Error = "expected an object with an 'entries' array";
    return std::nullopt;
  }
  if (Doc["entries"].size() > MaxNotebookEntries) {
    Error = "more than " + std::to_string(MaxNotebookEntries) + " entries";
    return std::nullopt;
  }
  std::vector<NotebookEntry> Out;
  std::set<std::string> Ids;
  size_t PatternCount = 0;
  for (const auto &E : Doc["entries"]) {
    NotebookEntry N;
    std::string Where = "entry " + std::to_string(Out.size() + 1);
    if (!E.is_object() || !E.contains("id") || !E["id"].is_string() || !E.contains("title") ||
        !E["title"].is_string() || !E.contains("phase") || !E["phase"].is_string()) {
      Error = Where + ": needs string fields 'id', 'phase' and 'title'";
      return std::nullopt;
    }
    N.Id = E["id"].get<std::string>();
    Where += " ('" + N.Id + "')";
    for (auto It = E.begin(); It != E.end(); ++It)
      if (!KnownKeys.count(It.key())) {
        // A misspelt key ('pattern', 'fixes') would otherwise be ignored without a word.
        Error = Where + ": unknown field '" + It.key() + "'";
        return std::nullopt;
      }
    if (N.Id.empty() || !Ids.insert(N.Id).second) {
      Error = Where + ": ids must be non-empty and unique";
      return std::nullopt;
    }
    N.Phase = E["phase"].get<std::string>();
    N.Title = E["title"].get<std::string>();
    if (N.Phase != "build" && N.Phase != "run time" && N.Phase != "performance") {
      Error = Where + ": phase must be 'build', 'run time' or 'performance'";
      return std::nullopt;
    }
    if (!stringList(E, "patterns", N.PatternText) || !stringList(E, "broad", N.BroadText) ||
        !stringList(E, "corroborate", N.CorroborateText) || !stringList(E, "against", N.AgainstText)) {
      Error = Where + ": 'patterns', 'broad', 'corroborate' and 'against' must be arrays of strings";
      return std::nullopt;
    }
    if (N.PatternText.empty() && N.BroadText.empty()) {
      Error = Where + ": needs a non-empty 'patterns' array (or 'broad' with 'corroborate')";
      return std::nullopt;
    }
    if (N.BroadText.empty() != N.CorroborateText.empty()) {
      Error = Where + ": 'broad' patterns need 'corroborate' patterns, and the other way round";
      return std::nullopt;
    }
    if (!E.contains("fix") || !stringList(E, "fix", N.Fix) || !stringList(E, "checks", N.Checks) ||
        !stringList(E, "confirm", N.Confirm) || !stringList(E, "refines", N.Refines)) {
      Error = Where + ": 'fix' (and 'confirm', 'checks', 'refines') must be arrays of strings";
      return std::nullopt;
    }
    if ((E.contains("excerpt") && !E["excerpt"].is_string()) ||
        (E.contains("conditions") && !E["conditions"].is_string()) ||
        (E.contains("icase") && !E["icase"].is_boolean()) || (E.contains("generic") && !E["generic"].is_boolean()) ||
        (E.contains("thread") && !E["thread"].is_string())) {
      Error = Where + ": 'excerpt', 'conditions' and 'thread' must be strings, 'icase' and 'generic' true or false";
      return std::nullopt;
    }
    N.Generic = E.value("generic", false);
    N.Thread = E.value("thread", "");
    std::string CauseError;
    if (!parseCauses(E, N, CauseError)) {
      Error = Where;
      Error += ": ";
      Error += CauseError;
      return std::nullopt;
    }
    if (N.Generic != !N.Causes.empty()) {
      Error = Where + ": a 'generic' entry (a symptom with several causes) needs 'causes', and only it has them";
      return std::nullopt;
    }
    PatternCount += N.PatternText.size() + N.BroadText.size() + N.CorroborateText.size() + N.AgainstText.size();
    if (PatternCount > MaxNotebookPatterns) {
      Error = Where + ": the notebook has more than " + std::to_string(MaxNotebookPatterns) + " patterns";
      return std::nullopt;
    }
    N.Excerpt = E.value("excerpt", "");
    N.Conditions = E.value("conditions", "");
    N.CaseInsensitive = E.value("icase", false);
    auto Compile = [&](const std::vector<std::string> &Text, std::vector<std::shared_ptr<re2::RE2>> &Res) {
      for (const std::string &P : Text) {
        std::shared_ptr<re2::RE2> R;
        std::string Why = compilePattern(P, N.CaseInsensitive, R);
        if (!Why.empty()) {
          Error = Where + ": invalid pattern '" + P + "': " + Why;
          return false;
        }
        Res.push_back(std::move(R));
      }
      return true;
    };
    if (!Compile(N.PatternText, N.Patterns) || !Compile(N.BroadText, N.Broad) ||
        !Compile(N.CorroborateText, N.Corroborate) || !Compile(N.AgainstText, N.Against))
      return std::nullopt;
    Out.push_back(std::move(N));
  }
  return Out;
}

const std::vector<NotebookEntry> &builtinNotebook() {
  static const std::vector<NotebookEntry> Table = parseBuiltinTable("notebook.json", parseNotebook);
  return Table;
}

namespace {
struct Hits {
  std::set<size_t> StrongPatterns;
  std::vector<std::pair<unsigned, std::string>> Strong, Broad, Corroborating;
  unsigned StrongLines = 0, BroadLines = 0, CorroboratingLines = 0;
  std::pair<unsigned, std::string> Against; // the first line against the entry (0: none)
};

void keep(std::vector<std::pair<unsigned, std::string>> &V, unsigned &Count, unsigned Line, const std::string &T) {
  ++Count;
  if (V.size() < 3)
    V.emplace_back(Line, T);
}
} // namespace

std::vector<NotebookMatch> matchLog(const std::vector<const NotebookEntry *> &Entries, std::string_view Log,
                                    std::string *Note) {
  std::vector<Hits> H(Entries.size());
  // The end of a log holds the error: a huge log is read from its last MaxLogBytes, with line
  // numbers still counted from its start.
  unsigned LineNo = 0;
  if (Log.size() > MaxLogBytes) {
    size_t Cut = Log.find('\n', Log.size() - MaxLogBytes);
    Cut = Cut == std::string_view::npos ? Log.size() : Cut + 1;
    LineNo = unsigned(std::count(Log.begin(), Log.begin() + Cut, '\n'));
    Log = Log.substr(Cut);
    if (Note)
      *Note = "the log is larger than " + std::to_string(MaxLogBytes >> 20) + " MiB: only its last " +
              std::to_string(MaxLogBytes >> 20) + " MiB were read";
  }
  // The pattern-by-pattern fallback (when the set's DFA runs out of memory on a line) costs
  // line length times pattern count; past this budget the rest of the log is not scanned.
  size_t FallbackBudget = size_t(1) << 28;
  // One RE2::Set (a single DFA pass per line) finds the candidate patterns; the per-pattern loop
  // is the fallback when the set cannot be built or its DFA runs out of memory on a line.
  enum Kind { Strong, Broad, Corroborate, Against };
  struct Ref {
    size_t Entry;
    Kind K;
    size_t J;
  };
  std::vector<Ref> Refs;
  RE2::Options SetOptions = patternOptions(false);
  SetOptions.set_max_mem(64 << 20);
  re2::RE2::Set Set(SetOptions, RE2::UNANCHORED);
  bool UseSet = true;
  for (size_t I = 0; I < Entries.size() && UseSet; ++I) {
    const NotebookEntry &E = *Entries[I];
    auto AddAll = [&](const std::vector<std::string> &Text, Kind K) {
      for (size_t J = 0; J < Text.size(); ++J) {
        std::string Error;
        if (Set.Add((E.CaseInsensitive ? "(?i)" : "") + Text[J], &Error) < 0)
          UseSet = false;
        Refs.push_back({I, K, J});
      }
    };
    AddAll(E.PatternText, Strong);
    AddAll(E.BroadText, Broad);
    AddAll(E.CorroborateText, Corroborate);
    AddAll(E.AgainstText, Against);
  }
  UseSet = UseSet && Set.Compile();

  struct LineHit {
    std::vector<size_t> StrongJ;
    bool Broad = false, Corroborate = false, Against = false;
  };
  std::map<size_t, LineHit> LineHits;
  std::vector<int> SetHits;
  auto ScanAll = [&](const std::string &Line) {
    for (size_t I = 0; I < Entries.size(); ++I) {
      const NotebookEntry &E = *Entries[I];
      for (size_t J = 0; J < E.Patterns.size(); ++J)
        if (RE2::PartialMatch(Line, *E.Patterns[J]))
          LineHits[I].StrongJ.push_back(J);
      for (const auto &R : E.Broad)
        if (RE2::PartialMatch(Line, *R)) {
          LineHits[I].Broad = true;
          break;
        }
      for (const auto &R : E.Corroborate)
        if (RE2::PartialMatch(Line, *R)) {
          LineHits[I].Corroborate = true;
          break;
        }
      for (const auto &R : E.Against)
        if (RE2::PartialMatch(Line, *R)) {
          LineHits[I].Against = true;
          break;
        }
    }
  };

  size_t Pos = 0;
  std::string Line;
  size_t PatternCount = Refs.size();
  // A performance entry explains a slow run, not a failed one: in a log that failed, its match
  // is not a confident diagnosis of the failure.
  static const RE2 FailureLine("(?i)(\\berror\\b|\\bfatal\\b|terminate called|^Traceback|\\bAborted\\b|"
                               "Segmentation fault)");
  bool Failed = false;
  bool OverBudget = false;
  auto Fallback = [&](const std::string &L) {
    size_t Cost = (L.size() + 1) * std::max<size_t>(PatternCount, 1);
    if (Cost > FallbackBudget) {
      OverBudget = true;
      return;
    }
    FallbackBudget -= Cost;
    ScanAll(L);
  };
  while (Pos < Log.size() && !OverBudget) {
    size_t End = Log.find('\n', Pos);
    if (End == std::string_view::npos)
      End = Log.size();
    Line.assign(Log.substr(Pos, End - Pos));
    if (!Line.empty() && Line.back() == '\r')
      Line.pop_back();
    ++LineNo;
    // Long lines (minified JSON, binary junk) are cut: log messages that matter are short.
    if (Line.size() > 4096)
      Line.resize(4096);
    Pos = End + 1;
    if (Line.find_first_not_of(" \t") == std::string::npos)
      continue;
    // A terminal or an issue form wraps a long compiler message before the name it quotes
    // ("error: use of undeclared identifier" / "'cudaStreamCreateWithPriority'; did you mean ..."):
    // the line is read with its quoted continuation, which is still read as a line of its own.
    if (std::isalpha(static_cast<unsigned char>(Line.back())) && Pos < Log.size()) {
      size_t NextEnd = Log.find('\n', Pos);
      std::string_view Next = Log.substr(Pos, (NextEnd == std::string_view::npos ? Log.size() : NextEnd) - Pos);
      size_t Start = Next.find_first_not_of(" \t");
      if (Start != std::string_view::npos &&
          (Next[Start] == '\'' || Next[Start] == '`' || Next.substr(Start).rfind("\xe2\x80\x98", 0) == 0)) {
        Next = Next.substr(Start, 4096);
        if (!Next.empty() && Next.back() == '\r')
          Next.remove_suffix(1);
        Line += ' ';
        Line += Next;
      }
    }
    Failed = Failed || RE2::PartialMatch(Line, FailureLine);
    LineHits.clear();
    if (UseSet) {
      SetHits.clear();
      re2::RE2::Set::ErrorInfo Info{re2::RE2::Set::kNoError};
      if (Set.Match(Line, &SetHits, &Info)) {
        for (int X : SetHits) {
          const Ref &R = Refs[size_t(X)];
          LineHit &LH = LineHits[R.Entry];
          if (R.K == Strong)
            LH.StrongJ.push_back(R.J);
          else if (R.K == Broad)
            LH.Broad = true;
          else if (R.K == Corroborate)
            LH.Corroborate = true;
          else
            LH.Against = true;
        }
      } else if (Info.kind != re2::RE2::Set::kNoError) {
        Fallback(Line);
      }
    } else {
      Fallback(Line);
    }
    for (const auto &[I, LH] : LineHits) {
      if (LH.Against && H[I].Against.first == 0)
        H[I].Against = {LineNo, Line};
      if (!LH.StrongJ.empty()) {
        H[I].StrongPatterns.insert(LH.StrongJ.begin(), LH.StrongJ.end());
        keep(H[I].Strong, H[I].StrongLines, LineNo, Line);
        continue;
      }
      if (LH.Broad)
        keep(H[I].Broad, H[I].BroadLines, LineNo, Line);
      if (LH.Corroborate)
        keep(H[I].Corroborating, H[I].CorroboratingLines, LineNo, Line);
    }
  }

  std::vector<NotebookMatch> Out;
  for (size_t I = 0; I < Entries.size(); ++I) {
    const Hits &X = H[I];
    bool Corroborated = !X.Broad.empty() && !X.Corroborating.empty();
    if (X.Strong.empty() && !Corroborated)
      continue;
    NotebookMatch M;
    M.Entry = Entries[I];
    if (!X.Strong.empty()) {
      // A generic symptom names no cause: it is never a confident diagnosis.
      M.Level = M.Entry->Generic ? Confidence::Low : Confidence::High;
      M.Score = 100 * unsigned(X.StrongPatterns.size()) + std::min(X.StrongLines, 20u) + (Corroborated ? 10 : 0);
      M.Lines = X.Strong;
    } else {
      M.Level = M.Entry->Generic ? Confidence::Low : Confidence::Medium;
      M.Score = 10 + std::min(X.BroadLines, 5u) + std::min(X.CorroboratingLines, 5u);
      M.Lines = X.Broad;
    }
    if (Failed && M.Entry->Phase == "performance" && M.Level == Confidence::High)
      M.Level = Confidence::Medium;
    if (X.Against.first != 0) {
      M.Level = Confidence::Low;
      M.Against = X.Against;
    }
    if (Corroborated)
      for (const auto &L : X.Corroborating)
        if (M.Lines.size() < 4 && std::find(M.Lines.begin(), M.Lines.end(), L) == M.Lines.end())
          M.Lines.push_back(L);
    M.Line = M.Lines.front().first;
    M.Text = M.Lines.front().second;
    Out.push_back(std::move(M));
  }
  if (OverBudget && Note)
    *Note = "the notebook's patterns are too expensive for this log: it was read up to line " + std::to_string(LineNo);
  std::stable_sort(Out.begin(), Out.end(), [](const NotebookMatch &A, const NotebookMatch &B) {
    if (A.Level != B.Level)
      return A.Level > B.Level;
    if (A.Score != B.Score)
      return A.Score > B.Score;
    return A.Line < B.Line;
  });
  // A more specific entry goes right before the general one it refines.
  for (size_t I = 1; I < Out.size(); ++I)
    for (size_t J = 0; J < I; ++J)
      if (std::find(Out[I].Entry->Refines.begin(), Out[I].Entry->Refines.end(), Out[J].Entry->Id) !=
          Out[I].Entry->Refines.end()) {
        std::rotate(Out.begin() + J, Out.begin() + I, Out.begin() + I + 1);
        break;
      }
  return Out;
}

bool refinesEitherWay(const NotebookEntry &A, const NotebookEntry &B) {
  auto In = [](const std::vector<std::string> &V, const std::string &X) {
    return std::find(V.begin(), V.end(), X) != V.end();
  };
  return In(A.Refines, B.Id) || In(B.Refines, A.Id);
}

std::vector<const NotebookEntry *> notebookEntriesForCheck(std::string_view Check) {
  std::vector<const NotebookEntry *> Out;
  for (const NotebookEntry &E : builtinNotebook())
    if (std::find(E.Checks.begin(), E.Checks.end(), Check) != E.Checks.end())
      Out.push_back(&E);
  return Out;
}

} // namespace rocmtidy
