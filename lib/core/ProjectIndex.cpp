#include "core/ProjectIndex.h"
#include "core/BoundedFile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <tuple>

namespace rocmtidy {

std::optional<uint64_t> KernelDefinition::maxThreadsFor(const std::vector<std::optional<int64_t>> &TemplateArgs) const {
  if (MaxThreads || !HasBounds || BoundParam.empty())
    return MaxThreads;
  for (size_t I = 0; I < TemplateParams.size() && I < TemplateArgs.size(); ++I) {
    const std::optional<int64_t> &Arg = TemplateArgs[I];
    if (TemplateParams[I] == BoundParam && Arg && *Arg > 0)
      return uint64_t(*Arg);
  }
  return std::nullopt;
}

static nlohmann::json definitionJson(const KernelDefinition &K) {
  nlohmann::json E;
  E["name"] = K.Name;
  E["params"] = K.Params;
  E["file"] = K.File;
  E["display"] = K.Display;
  E["line"] = K.Line;
  E["hasBounds"] = K.HasBounds;
  E["flatWorkGroupSize"] = K.FlatWorkGroupSize;
  if (K.MaxThreads)
    E["maxThreads"] = *K.MaxThreads;
  if (!K.BoundParam.empty())
    E["boundParam"] = K.BoundParam;
  E["templateParams"] = K.TemplateParams;
  if (K.StaticLdsBytes)
    E["staticLdsBytes"] = *K.StaticLdsBytes;
  return E;
}

static KernelDefinition definitionFrom(const nlohmann::json &E) {
  KernelDefinition K;
  K.Name = E.at("name").get<std::string>();
  K.Params = E.at("params").get<unsigned>();
  K.File = E.at("file").get<std::string>();
  K.Display = E.value("display", K.File);
  K.Line = E.at("line").get<unsigned>();
  K.HasBounds = E.value("hasBounds", false);
  K.FlatWorkGroupSize = E.value("flatWorkGroupSize", false);
  if (E.contains("maxThreads"))
    K.MaxThreads = E["maxThreads"].get<uint64_t>();
  K.BoundParam = E.value("boundParam", std::string());
  K.TemplateParams = E.value("templateParams", std::vector<std::string>{});
  if (E.contains("staticLdsBytes"))
    K.StaticLdsBytes = E["staticLdsBytes"].get<uint64_t>();
  return K;
}

void KernelLaunches::add(std::optional<uint64_t> Width, std::optional<uint64_t> Threads, bool WarpNamed) {
  if (!Width) {
    Unknown = true;
    return;
  }
  ++Launches;
  AllRows32 = AllRows32 && *Width > 0 && *Width <= 32 && (*Width & (*Width - 1)) == 0;
  AllNarrow = AllNarrow && Threads && *Threads <= 32;
  WarpNamedNarrow = WarpNamedNarrow || (WarpNamed && Threads && *Threads <= 32);
}

void KernelLaunches::merge(const KernelLaunches &Other) {
  Launches += Other.Launches;
  Unknown = Unknown || Other.Unknown;
  AllRows32 = AllRows32 && Other.AllRows32;
  AllNarrow = AllNarrow && Other.AllNarrow;
  WarpNamedNarrow = WarpNamedNarrow || Other.WarpNamedNarrow;
}

static nlohmann::json launchesJson(const KernelLaunches &L) {
  return {{"name", L.Name},
          {"params", L.Params},
          {"launches", L.Launches},
          {"unknown", L.Unknown},
          {"allRows32", L.AllRows32},
          {"allNarrow", L.AllNarrow},
          {"warpNamedNarrow", L.WarpNamedNarrow}};
}

static KernelLaunches launchesFrom(const nlohmann::json &E) {
  KernelLaunches L;
  L.Name = E.at("name").get<std::string>();
  L.Params = E.at("params").get<unsigned>();
  L.Launches = E.at("launches").get<unsigned>();
  L.Unknown = E.at("unknown").get<bool>();
  L.AllRows32 = E.at("allRows32").get<bool>();
  L.AllNarrow = E.at("allNarrow").get<bool>();
  L.WarpNamedNarrow = E.value("warpNamedNarrow", false);
  return L;
}

std::string KernelLaunches::fingerprint() const {
  // The name is the lookup's key; what the checks read is the rest.
  return std::to_string(Launches) + (Unknown ? "u" : "") + (AllRows32 ? "r" : "") + (AllNarrow ? "n" : "") +
         (WarpNamedNarrow ? "w" : "");
}

std::string KernelDefinition::fingerprint() const {
  return definitionJson(*this).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

bool operator==(const KernelDefinition &A, const KernelDefinition &B) { return A.fingerprint() == B.fingerprint(); }

void IndexLookupLog::add(const std::string &Name, unsigned Params) {
  std::lock_guard<std::mutex> L(Mu);
  std::pair<std::string, unsigned> Key(Name, Params);
  if (std::find(Lookups.begin(), Lookups.end(), Key) == Lookups.end())
    Lookups.push_back(std::move(Key));
}

std::vector<std::pair<std::string, unsigned>> IndexLookupLog::lookups() const {
  std::lock_guard<std::mutex> L(Mu);
  return Lookups;
}

ProjectIndex ProjectIndex::fromDefinitions(std::vector<KernelDefinition> Definitions,
                                           std::vector<KernelLaunches> Launches) {
  ProjectIndex Index;
  // The launches of one kernel from every file (and both passes of one file) are one record.
  std::stable_sort(Launches.begin(), Launches.end(), [](const KernelLaunches &A, const KernelLaunches &B) {
    return std::tie(A.Name, A.Params) < std::tie(B.Name, B.Params);
  });
  for (KernelLaunches &L : Launches) {
    if (!Index.Launches.empty() && Index.Launches.back().Name == L.Name && Index.Launches.back().Params == L.Params)
      Index.Launches.back().merge(L);
    else
      Index.Launches.push_back(std::move(L));
  }
  auto Key = [](const KernelDefinition &K) { return std::tie(K.Name, K.Params, K.File, K.Line); };
  std::stable_sort(Definitions.begin(), Definitions.end(),
                   [&](const KernelDefinition &A, const KernelDefinition &B) { return Key(A) < Key(B); });
  for (KernelDefinition &K : Definitions) {
    // One definition parsed by two translation units with different flags can disagree (a bound
    // under #ifdef): what they disagree on is unknown.
    if (!Index.Kernels.empty() && Key(Index.Kernels.back()) == Key(K)) {
      KernelDefinition &Prev = Index.Kernels.back();
      if (Prev.HasBounds != K.HasBounds || Prev.FlatWorkGroupSize != K.FlatWorkGroupSize ||
          Prev.MaxThreads != K.MaxThreads || Prev.BoundParam != K.BoundParam) {
        Prev.HasBounds = Prev.HasBounds || K.HasBounds;
        Prev.MaxThreads.reset();
        Prev.BoundParam.clear();
      }
      if (Prev.StaticLdsBytes != K.StaticLdsBytes)
        Prev.StaticLdsBytes.reset();
      continue;
    }
    Index.Kernels.push_back(std::move(K));
  }
  Index.rebuildLookup();
  return Index;
}

void ProjectIndex::rebuildLookup() {
  ByName.clear();
  for (size_t I = 0; I < Kernels.size(); ++I)
    ByName.emplace(Kernels[I].Name, I);
}

const KernelDefinition *ProjectIndex::find(const std::string &QualifiedName, unsigned Params,
                                           IndexLookupLog *Log) const {
  if (Log)
    Log->add(QualifiedName, Params);
  const KernelDefinition *Found = nullptr;
  auto [B, E] = ByName.equal_range(QualifiedName);
  for (auto It = B; It != E; ++It) {
    const KernelDefinition &K = Kernels[It->second];
    if (K.Params != Params)
      continue;
    // Two definitions of one name (a kernel per build variant, per #if branch of two files) say
    // nothing unless they agree on what a check reads.
    if (Found && (Found->HasBounds != K.HasBounds || Found->MaxThreads != K.MaxThreads ||
                  Found->BoundParam != K.BoundParam || Found->StaticLdsBytes != K.StaticLdsBytes))
      return nullptr;
    if (!Found)
      Found = &K;
  }
  return Found;
}

const KernelLaunches *ProjectIndex::launches(const std::string &QualifiedName, unsigned Params,
                                             IndexLookupLog *Log) const {
  if (Log)
    Log->add(launchQuestion(QualifiedName), Params);
  auto It = std::lower_bound(Launches.begin(), Launches.end(), std::make_pair(QualifiedName, Params),
                             [](const KernelLaunches &L, const std::pair<std::string, unsigned> &Key) {
                               return std::tie(L.Name, L.Params) < std::tie(Key.first, Key.second);
                             });
  return It != Launches.end() && It->Name == QualifiedName && It->Params == Params ? &*It : nullptr;
}

// A prefix no C++ name has.
static constexpr const char LaunchQuestionPrefix[] = "launches of ";

std::string ProjectIndex::launchQuestion(const std::string &QualifiedName) {
  return LaunchQuestionPrefix + QualifiedName;
}

bool ProjectIndex::isLaunchQuestion(const std::string &Recorded, std::string &QualifiedName) {
  if (Recorded.rfind(LaunchQuestionPrefix, 0) != 0)
    return false;
  QualifiedName = Recorded.substr(sizeof(LaunchQuestionPrefix) - 1);
  return true;
}

std::string ProjectIndex::answer(const std::string &QualifiedName, unsigned Params) const {
  std::string Kernel;
  if (isLaunchQuestion(QualifiedName, Kernel)) {
    const KernelLaunches *L = launches(Kernel, Params);
    return L ? "launches " + L->fingerprint() : "none";
  }
  const KernelDefinition *K = find(QualifiedName, Params);
  return K ? K->fingerprint() : "none";
}

// The index's lists of facts as JSON text, one entry per element, and back. Reading checks the
// nesting first: nlohmann's parser recurses once per level, so a file of '[' must fail here, quickly.
template <typename T, typename ToJson> static std::string listToJson(const std::vector<T> &List, ToJson Entry) {
  nlohmann::json A = nlohmann::json::array();
  for (const T &E : List)
    A.push_back(Entry(E));
  return A.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

template <typename T, typename FromJson>
static std::optional<std::vector<T>> listFromJson(const std::string &Text, std::string &Error, const char *Facts,
                                                  const char *List, FromJson Entry) {
  if (!jsonDepthWithin(Text, 16)) {
    Error = std::string("nested deeper than ") + Facts + " facts are";
    return std::nullopt;
  }
  nlohmann::json J = nlohmann::json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded() || !J.is_array()) {
    Error = std::string("not a list of ") + List;
    return std::nullopt;
  }
  std::vector<T> Out;
  try {
    for (const auto &E : J)
      Out.push_back(Entry(E));
  } catch (const nlohmann::json::exception &X) {
    Error = std::string("malformed entry: ") + X.what();
    return std::nullopt;
  }
  return Out;
}

std::string launchesToJson(const std::vector<KernelLaunches> &Launches) { return listToJson(Launches, launchesJson); }

std::optional<std::vector<KernelLaunches>> launchesFromJson(const std::string &Text, std::string &Error) {
  return listFromJson<KernelLaunches>(Text, Error, "launch", "kernel launches", launchesFrom);
}

// 2: facts from each translation unit's parse (the bound as a template parameter's name).
static constexpr int IndexFormatVersion = 2;

std::string definitionsToJson(const std::vector<KernelDefinition> &Defs) { return listToJson(Defs, definitionJson); }

std::optional<std::vector<KernelDefinition>> definitionsFromJson(const std::string &Text, std::string &Error) {
  return listFromJson<KernelDefinition>(Text, Error, "kernel", "kernel definitions", definitionFrom);
}

std::string ProjectIndex::toJson() const {
  nlohmann::json J;
  J["version"] = IndexFormatVersion;
  J["kernels"] = nlohmann::json::array();
  for (const KernelDefinition &K : Kernels)
    J["kernels"].push_back(definitionJson(K));
  J["launches"] = nlohmann::json::array();
  for (const KernelLaunches &L : Launches)
    J["launches"].push_back(launchesJson(L));
  return J.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::optional<ProjectIndex> ProjectIndex::fromJson(const std::string &Text, std::string &Error) {
  if (!jsonDepthWithin(Text, 16)) {
    Error = "nested deeper than a project index is";
    return std::nullopt;
  }
  nlohmann::json J = nlohmann::json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded() || !J.is_object()) {
    Error = "not JSON";
    return std::nullopt;
  }
  if (!J.contains("version") || J["version"] != IndexFormatVersion || !J.contains("kernels") ||
      !J["kernels"].is_array()) {
    Error = "not a project index of this version";
    return std::nullopt;
  }
  std::vector<KernelDefinition> Defs;
  std::vector<KernelLaunches> Launches;
  try {
    for (const auto &E : J["kernels"])
      Defs.push_back(definitionFrom(E));
    // Optional: an index written before launches were recorded has none.
    if (J.contains("launches"))
      for (const auto &E : J.at("launches"))
        Launches.push_back(launchesFrom(E));
  } catch (const nlohmann::json::exception &X) {
    Error = std::string("malformed entry: ") + X.what();
    return std::nullopt;
  }
  return fromDefinitions(std::move(Defs), std::move(Launches));
}

namespace {
constexpr const char RegistrationPrefix[] = "rocm-lint-index:";
std::mutex RegistryMu;
std::map<std::string, IndexHandle> &registry() {
  static std::map<std::string, IndexHandle> R;
  return R;
}
std::atomic<uint64_t> NextRegistration{1};
} // namespace

IndexRegistration::IndexRegistration(IndexHandle Handle)
    : Value(RegistrationPrefix + std::to_string(NextRegistration++)) {
  std::lock_guard<std::mutex> L(RegistryMu);
  registry()[Value] = std::move(Handle);
}

IndexRegistration::~IndexRegistration() {
  std::lock_guard<std::mutex> L(RegistryMu);
  registry().erase(Value);
}

bool IndexRegistration::isRegistrationValue(const std::string &OptionValue) {
  return OptionValue.rfind(RegistrationPrefix, 0) == 0;
}

std::optional<IndexHandle> IndexRegistration::resolve(const std::string &OptionValue) {
  std::lock_guard<std::mutex> L(RegistryMu);
  auto It = registry().find(OptionValue);
  if (It == registry().end())
    return std::nullopt;
  return It->second;
}

} // namespace rocmtidy
