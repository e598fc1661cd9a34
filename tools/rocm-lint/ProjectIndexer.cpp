// The project index pass of rocm-lint (lib/core/KernelIndex.h holds what it finds).
#include "ProjectIndexer.h"
#include "FileBytes.h"

#include "ProjectPaths.h"
#include "ResultCache.h"
#include "core/Hash.h"
#include "core/SourceKinds.h"
#include "core/TextEdits.h"
#include "project/ProjectModel.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <sys/stat.h>

namespace fs = std::filesystem;

namespace rocmlint {

static std::string chosenCacheDirectory(const Options &Opts) {
  if (Opts.NoCache)
    return "";
  if (!Opts.CacheDir.empty())
    return fs::absolute(Opts.CacheDir).lexically_normal().string();
  if (const char *X = std::getenv("XDG_CACHE_HOME"); X && *X && fs::path(X).is_absolute())
    return (fs::path(X) / "rocm-lint").string();
  if (const char *H = std::getenv("HOME"); H && *H)
    return (fs::path(H) / ".cache" / "rocm-lint").string();
  return "";
}

std::string cacheDirectory(const Options &Opts) {
  std::string Dir = chosenCacheDirectory(Opts);
  if (Dir.empty())
    return Dir;
  // Checked once per run (the index and the analyzer both ask), said once.
  static std::mutex Mu;
  static std::map<std::string, std::string> Checked;
  std::lock_guard<std::mutex> L(Mu);
  auto [It, New] = Checked.emplace(Dir, "");
  if (New) {
    It->second = ResultCache::folderProblem(Dir);
    if (!It->second.empty() && !Opts.Quiet)
      std::fprintf(stderr,
                   "rocm-lint: note: cache off for this run: %s, so its entries could have been planted; use a "
                   "folder only you can write (chmod go-w, no symbolic links) or another --cache-dir\n",
                   It->second.c_str());
  }
  return It->second.empty() ? Dir : "";
}

static std::string hex(uint64_t V) {
  char B[17];
  std::snprintf(B, sizeof B, "%016llx", (unsigned long long)V);
  return B;
}

// Sources under the project folder that are not inputs, from the project model's walk: build
// trees (which may hold hipified copies), hidden and vendored folders stay out; a bound keeps a
// huge tree cheap.
static std::vector<InputFile> projectSources(const std::string &Root, const std::vector<InputFile> &Inputs,
                                             const rocmtidy::project::ProjectModel *Model) {
  std::vector<InputFile> Out;
  if (Root.empty() || !Model)
    return Out;
  std::set<std::string> Known;
  for (const InputFile &F : Inputs)
    Known.insert(F.Absolute);
  std::error_code EC;
  fs::path Cwd = fs::current_path(EC);
  std::vector<std::string> Found;
  for (const rocmtidy::project::WalkedFile *W : Model->filesUnder(Root)) {
    if (Found.size() >= 5000)
      break;
    llvm::StringRef Rel = llvm::StringRef(W->Path).drop_front(std::min(W->Path.size(), Root.size() + 1));
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    Rel.split(Parts, '/');
    bool Skip = false;
    for (size_t I = 0; I + 1 < Parts.size(); ++I)
      Skip |= Parts[I].starts_with("build") || Parts[I] == "third_party" || Parts[I] == "3rdparty" ||
              Parts[I] == "node_modules";
    // C sources hold no kernels: the index wants headers and the translation units that may.
    rocmtidy::SourceKind K = rocmtidy::sourceKindOf(W->Path);
    if (!Skip && (K == rocmtidy::SourceKind::Header || K == rocmtidy::SourceKind::Source))
      Found.push_back(W->Path);
  }
  std::sort(Found.begin(), Found.end());
  for (const std::string &P : Found) {
    std::string Real = realPathOf(P);
    if (!Known.insert(Real).second)
      continue;
    std::string Display = Real;
    std::string C = Cwd.string() + "/";
    if (Display.rfind(C, 0) == 0)
      Display = Display.substr(C.size());
    Out.push_back({Display, Real, false});
  }
  return Out;
}

IndexRun buildProjectIndex(const Options &Opts, const std::vector<InputFile> &Inputs, const std::string &ProjectRoot,
                           const rocmtidy::project::ProjectModel *Model) {
  IndexRun Run;
  std::vector<InputFile> Files = Inputs;
  for (InputFile &F : projectSources(ProjectRoot, Inputs, Model))
    Files.push_back(std::move(F));
  std::string Dir = cacheDirectory(Opts);
  // One cache entry per set of inputs: runs over other folders do not evict each other.
  std::string Key;
  for (const InputFile &F : Files)
    if (!F.IsCMake)
      Key += F.Absolute + "\n";
  std::string FactsFile, IndexFile;
  nlohmann::json Cached;
  if (!Dir.empty()) {
    std::string Stem = (fs::path(Dir) / "index" / hex(rocmtidy::fnv1a64(Key))).string();
    FactsFile = Stem + ".facts.json";
    IndexFile = Stem + ".index.json";
    std::optional<std::string> Text;
    if (ResultCache::ensurePrivateFolder(Dir) && ResultCache::ensurePrivateFolder(Dir + "/index"))
      Text = ResultCache::readPrivateFile(FactsFile);
    if (Text) {
      Cached = nlohmann::json::parse(*Text, nullptr, /*allow_exceptions=*/false);
      if (Cached.is_discarded() || !Cached.is_object() || Cached.value("tool", "") != ROCM_TIDY_VERSION ||
          Cached.value("factsVersion", 0) != rocmtidy::FileFactsVersion)
        Cached = nlohmann::json::object();
    }
  }

  std::vector<std::tuple<std::string, std::string, const rocmtidy::FileFacts *>> ForBuild;
  nlohmann::json Store = nlohmann::json::object();
  Store["tool"] = ROCM_TIDY_VERSION;
  Store["factsVersion"] = rocmtidy::FileFactsVersion;
  Store["files"] = nlohmann::json::object();
  for (const InputFile &F : Files) {
    if (F.IsCMake)
      continue;
    struct stat St;
    if (::stat(F.Absolute.c_str(), &St) != 0)
      continue;
    const std::string Stamp = std::to_string(St.st_size) + ":" + std::to_string(St.st_mtim.tv_sec) + "." +
                              std::to_string(St.st_mtim.tv_nsec);
    std::optional<rocmtidy::FileFacts> Got;
    if (Cached.is_object() && Cached.contains("files") && Cached["files"].contains(F.Absolute)) {
      const auto &E = Cached["files"][F.Absolute];
      if (E.is_object() && E.value("stamp", "") == Stamp && E.contains("facts") && E["facts"].is_string())
        Got = rocmtidy::fileFactsFromJson(E["facts"].get<std::string>());
    }
    if (Got) {
      ++Run.Reused;
    } else {
      Got = rocmtidy::scanFileFacts(readFileBytes(F.Absolute).value_or(std::string()));
      ++Run.Scanned;
    }
    Store["files"][F.Absolute] = {{"stamp", Stamp}, {"facts", rocmtidy::fileFactsToJson(*Got)}};
    auto &Slot = Run.Facts[F.Absolute] = std::move(*Got);
    ForBuild.emplace_back(F.Absolute, F.Display, &Slot);
  }
  auto Index = std::make_shared<rocmtidy::ProjectIndex>(rocmtidy::ProjectIndex::build(ForBuild));
  Run.Index = Index;
  if (!Dir.empty()) {
    std::error_code EC;
    fs::create_directories(fs::path(Dir).parent_path(), EC);
    // A cache that cannot be written costs only speed next time. Like results/, the folders are
    // private and never followed through a link.
    if (ResultCache::ensurePrivateFolder(Dir) && ResultCache::ensurePrivateFolder(Dir + "/index") &&
        ResultCache::writePrivateFile(FactsFile,
                                      Store.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)) &&
        ResultCache::writePrivateFile(IndexFile, Index->toJson()))
      Run.File = IndexFile;
  }
  return Run;
}

} // namespace rocmlint
