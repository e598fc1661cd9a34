// The project index of a rocm-lint run: the merge of the kernel facts of each file's parse.
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

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
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

std::string indexFileFor(const Options &Opts, const std::vector<InputFile> &Files) {
  std::string Dir = cacheDirectory(Opts);
  if (Dir.empty())
    return "";
  // One file per set of inputs: runs over other folders do not evict each other.
  std::string Key;
  for (const InputFile &F : Files)
    if (!F.IsCMake)
      Key += F.Absolute + "\n";
  return (fs::path(Dir) / "index" / (hex(rocmtidy::fnv1a64(Key)) + ".index.json")).string();
}

std::shared_ptr<const rocmtidy::ProjectIndex> readIndexFile(const std::string &Path) {
  if (Path.empty())
    return nullptr;
  std::string Dir = fs::path(Path).parent_path().string();
  // Like results/, the folder is private and never followed through a link.
  if (!ResultCache::ensurePrivateFolder(fs::path(Dir).parent_path().string()) || !ResultCache::ensurePrivateFolder(Dir))
    return nullptr;
  std::optional<std::string> Text = ResultCache::readPrivateFile(Path);
  if (!Text)
    return nullptr;
  std::string Error;
  std::optional<rocmtidy::ProjectIndex> Index = rocmtidy::ProjectIndex::fromJson(*Text, Error);
  return Index ? std::make_shared<const rocmtidy::ProjectIndex>(std::move(*Index)) : nullptr;
}

bool writeIndexFile(const std::string &Path, const rocmtidy::ProjectIndex &Index) {
  if (Path.empty())
    return false;
  std::string Dir = fs::path(Path).parent_path().string();
  std::error_code EC;
  fs::create_directories(fs::path(Dir).parent_path().parent_path(), EC);
  // A cache that cannot be written costs only speed next time.
  return ResultCache::ensurePrivateFolder(fs::path(Dir).parent_path().string()) &&
         ResultCache::ensurePrivateFolder(Dir) && ResultCache::writePrivateFile(Path, Index.toJson());
}

std::shared_ptr<const rocmtidy::ProjectIndex> mergeKernelFacts(const std::vector<const FileResult *> &Results,
                                                               const std::string &Cwd) {
  std::vector<rocmtidy::KernelDefinition> All;
  std::vector<rocmtidy::KernelLaunches> Launches;
  for (const FileResult *R : Results) {
    for (rocmtidy::KernelDefinition K : R->Kernels) {
      K.Display = Cwd.empty() ? K.File : relativeToCwd(K.File, Cwd);
      All.push_back(std::move(K));
    }
    Launches.insert(Launches.end(), R->Launches.begin(), R->Launches.end());
  }
  return std::make_shared<const rocmtidy::ProjectIndex>(
      rocmtidy::ProjectIndex::fromDefinitions(std::move(All), std::move(Launches)));
}

bool indexAnswersChanged(const FileResult &R, const rocmtidy::ProjectIndex &Index) {
  for (size_t I = 0; I < R.IndexLookups.size(); ++I)
    if (I >= R.IndexAnswers.size() ||
        Index.answer(R.IndexLookups[I].first, R.IndexLookups[I].second) != R.IndexAnswers[I])
      return true;
  return false;
}

std::vector<InputFile> sourcesNaming(const std::set<std::string> &Names, const std::string &Root,
                                     const std::set<std::string> &Known, const rocmtidy::project::ProjectModel *Model) {
  std::vector<InputFile> Out;
  if (Root.empty() || !Model || Names.empty())
    return Out;
  std::error_code EC;
  fs::path Cwd = fs::current_path(EC);
  std::vector<std::string> Found;
  unsigned Seen = 0;
  for (const rocmtidy::project::WalkedFile *W : Model->filesUnder(Root)) {
    llvm::StringRef Rel = llvm::StringRef(W->Path).drop_front(std::min(W->Path.size(), Root.size() + 1));
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    Rel.split(Parts, '/');
    bool Skip = false;
    for (size_t I = 0; I + 1 < Parts.size(); ++I)
      Skip |= Parts[I].starts_with("build") || Parts[I] == "third_party" || Parts[I] == "3rdparty" ||
              Parts[I] == "node_modules";
    // C sources hold no kernels: the index wants headers and the translation units that may.
    rocmtidy::SourceKind K = rocmtidy::sourceKindOf(W->Path);
    if (Skip || (K != rocmtidy::SourceKind::Header && K != rocmtidy::SourceKind::Source))
      continue;
    if (++Seen > 5000)
      break;
    if (Known.count(realPathOf(W->Path)))
      continue;
    std::optional<std::string> Text = readFileBytes(W->Path);
    if (!Text)
      continue;
    // A file that does not spell the name cannot define it: it is not parsed.
    bool Mentions = false;
    for (const std::string &N : Names) {
      for (size_t At = Text->find(N); At != std::string::npos && !Mentions; At = Text->find(N, At + 1)) {
        auto Ident = [](char C) { return std::isalnum((unsigned char)C) || C == '_'; };
        Mentions =
            (At == 0 || !Ident((*Text)[At - 1])) && (At + N.size() >= Text->size() || !Ident((*Text)[At + N.size()]));
      }
      if (Mentions)
        break;
    }
    if (Mentions)
      Found.push_back(W->Path);
  }
  std::sort(Found.begin(), Found.end());
  std::set<std::string> Added;
  for (const std::string &P : Found) {
    std::string Real = realPathOf(P);
    if (!Added.insert(Real).second)
      continue;
    std::string Display = Real;
    std::string C = Cwd.string() + "/";
    if (Display.rfind(C, 0) == 0)
      Display = Display.substr(C.size());
    Out.push_back({Display, Real, false});
  }
  return Out;
}

} // namespace rocmlint
