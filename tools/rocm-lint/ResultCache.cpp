#include "ResultCache.h"

#include "Version.h"

#include "core/BoundedFile.h"
#include "core/EmbeddedData.h"
#include "core/ProjectIndex.h"
#include "core/SafeFix.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rocmlint {

using nlohmann::json;

// Changes whenever an entry's layout or meaning changes, so older entries become misses.
// 3: the kernel facts and skipped includes of the parse are part of the result.
static constexpr int EntryFormat = 3;
// A larger entry is not read (a corrupt or hostile file must not exhaust memory), nor one nested
// deeper than any entry this version writes (nlohmann's parser recurses once per level).
static constexpr size_t MaxEntryBytes = 256u << 20;
static constexpr unsigned MaxEntryDepth = 16;

ResultCache::ResultCache(std::string Dir) : Dir(std::move(Dir)) {}

namespace {

class ReadRecordingFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  ReadRecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, FileSystemReads &Reads)
      : ProxyFileSystem(std::move(Base)), Reads(Reads) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override {
    auto St = ProxyFileSystem::status(Path);
    if (!St)
      noteMissing(Path, St.getError());
    return St;
  }

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &Path) override {
    auto F = ProxyFileSystem::openFileForRead(Path);
    if (!F) {
      noteMissing(Path, F.getError());
      return F;
    }
    llvm::SmallString<256> Asked, Real;
    Path.toVector(Asked);
    if (!makeAbsolute(Asked) && !getRealPath(Asked, Real))
      Reads.Opened.emplace(std::string(Asked), std::string(Real));
    return F;
  }

private:
  FileSystemReads &Reads;

  // Only "not there" is a fact about the tree that a later file can change; other failures make
  // the parse report the file, and a changed report follows from the file's own bytes.
  void noteMissing(const llvm::Twine &Path, std::error_code EC) {
    if (EC != std::errc::no_such_file_or_directory && EC != std::errc::not_a_directory)
      return;
    llvm::SmallString<256> Asked;
    Path.toVector(Asked);
    if (!makeAbsolute(Asked))
      Reads.Absent.insert(std::string(Asked));
  }
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeReadRecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, FileSystemReads &Reads) {
  return llvm::makeIntrusiveRefCnt<ReadRecordingFileSystem>(std::move(Base), Reads);
}

static std::optional<std::string> readEntry(const std::string &Path) {
  rocmtidy::BoundedReadOptions O;
  O.MaxBytes = MaxEntryBytes;
  O.NoFollow = true;
  std::string Problem;
  auto Text = rocmtidy::readBoundedFile(Path, O, Problem);
  if (!Text || !rocmtidy::jsonDepthWithin(*Text, MaxEntryDepth))
    return std::nullopt;
  return Text;
}

static std::string sha256Hex(llvm::StringRef Bytes) {
  auto Digest = llvm::SHA256::hash(llvm::arrayRefFromStringRef(Bytes));
  return llvm::toHex(llvm::ArrayRef<uint8_t>(Digest.data(), Digest.size()), /*LowerCase=*/true);
}

// The running executable's path, size and modification time: a rebuilt rocm-lint (new checks,
// same version number) does not reuse the results of the old one.
static std::string executableStamp() {
  static const std::string Stamp = [] {
    std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
    struct stat St;
    if (Exe.empty() || ::stat(Exe.c_str(), &St) != 0)
      return std::string("unknown executable");
    return Exe + " " + std::to_string(St.st_size) + " " + std::to_string(St.st_mtim.tv_sec) + "." +
           std::to_string(St.st_mtim.tv_nsec);
  }();
  return Stamp;
}

std::string ResultCache::makeKey(const std::vector<std::string> &Parts) {
  llvm::SHA256 H;
  auto Add = [&](llvm::StringRef S) {
    // Length-prefixed, so that no two part lists give the same bytes.
    std::string Len = std::to_string(S.size()) + ":";
    H.update(Len);
    H.update(S);
  };
  Add("rocm-lint result cache " + std::to_string(EntryFormat));
  Add(toolVersion());
  Add(llvmVersion());
  Add(executableStamp());
  for (const auto &[Name, Digest] : rocmtidy::embeddedDataDigests()) {
    Add(Name);
    Add(Digest);
  }
  for (const std::string &P : Parts)
    Add(P);
  auto Digest = H.final();
  return llvm::toHex(llvm::ArrayRef<uint8_t>(Digest.data(), Digest.size()), /*LowerCase=*/true);
}

// Why \p St (of \p Path) is no folder the cache may trust; "" when it is.
static std::string folderStatProblem(const std::string &Path, const struct stat &St) {
  if (S_ISLNK(St.st_mode))
    return "'" + Path + "' is a symbolic link";
  if (!S_ISDIR(St.st_mode))
    return "'" + Path + "' is not a folder";
  if (St.st_uid != ::geteuid())
    return "'" + Path + "' belongs to another user";
  if (St.st_mode & (S_IWGRP | S_IWOTH))
    return "'" + Path + "' is writable by group or others";
  return "";
}

// A folder of ours that exists, is no symbolic link and nobody else can write: the cache never
// reads or writes through a link or a folder someone else controls.
static bool ensureRealDirectory(const std::string &Path, bool Create) {
  struct stat St;
  if (::lstat(Path.c_str(), &St) != 0) {
    if (!Create || errno != ENOENT)
      return false;
    if (::mkdir(Path.c_str(), 0700) != 0 && errno != EEXIST)
      return false;
    if (::lstat(Path.c_str(), &St) != 0)
      return false;
  }
  return folderStatProblem(Path, St).empty();
}

std::string ResultCache::folderProblem(const std::string &Dir) {
  struct stat St;
  if (::lstat(Dir.c_str(), &St) != 0)
    return errno == ENOENT ? "" : "'" + Dir + "' cannot be read: " + std::strerror(errno);
  if (std::string P = folderStatProblem(Dir, St); !P.empty())
    return P;
  std::vector<std::string> Folders = {Dir + "/results", Dir + "/index"};
  if (DIR *D = ::opendir((Dir + "/results").c_str())) {
    while (struct dirent *E = ::readdir(D)) {
      std::string Name = E->d_name;
      if (Name != "." && Name != "..")
        Folders.push_back(Dir + "/results/" + Name);
    }
    ::closedir(D);
  }
  for (const std::string &F : Folders) {
    if (::lstat(F.c_str(), &St) != 0)
      continue;
    if (std::string P = folderStatProblem(F, St); !P.empty())
      return P;
  }
  return "";
}

std::string ResultCache::entryPath(const std::string &Key, bool Create) const {
  if (Create) {
    // The folders above are the user's to choose; the cache folder itself is private. A parent that
    // cannot be made means no cache folder either.
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if ((!Parent.empty() && llvm::sys::fs::create_directories(Parent, /*IgnoreExisting=*/true)) ||
        !ensureRealDirectory(Dir, true))
      return "";
  }
  std::string Results = Dir + "/results";
  std::string Shard = Results + "/" + Key.substr(0, 2);
  if (!ensureRealDirectory(Results, Create) || !ensureRealDirectory(Shard, Create))
    return "";
  return Shard + "/" + Key + ".json";
}

std::optional<ResultCache::Content> ResultCache::currentContent(const std::string &RealPath) {
  {
    std::lock_guard<std::mutex> L(MemoMu);
    auto It = ContentMemo.find(RealPath);
    if (It != ContentMemo.end())
      return It->second;
  }
  std::optional<Content> C;
  // A header replaced by a FIFO or a device since it was parsed is a miss, not a hang.
  rocmtidy::BoundedReadOptions O;
  O.MaxBytes = size_t(1) << 31;
  std::string Problem;
  if (auto Bytes = rocmtidy::readBoundedFile(RealPath, O, Problem))
    C = Content{rocmtidy::contentHash(*Bytes), sha256Hex(*Bytes)};
  std::lock_guard<std::mutex> L(MemoMu);
  ContentMemo.emplace(RealPath, C);
  return C;
}

std::string ResultCache::currentRealPath(const std::string &Path) {
  {
    std::lock_guard<std::mutex> L(MemoMu);
    auto It = RealMemo.find(Path);
    if (It != RealMemo.end())
      return It->second;
  }
  llvm::SmallString<256> Real;
  std::string Out;
  if (!llvm::sys::fs::real_path(Path, Real))
    Out = std::string(Real);
  std::lock_guard<std::mutex> L(MemoMu);
  RealMemo.emplace(Path, Out);
  return Out;
}

// What a lookup of the index answered, as text: equal texts, equal answers for the checks.
static std::string definitionFingerprint(const rocmtidy::ProjectIndex *Index, const std::string &Name,
                                         unsigned Params) {
  return Index ? Index->answer(Name, Params) : "none";
}

static std::string hexOf(uint64_t V) {
  char B[17];
  std::snprintf(B, sizeof B, "%016llx", (unsigned long long)V);
  return B;
}

static std::optional<uint64_t> parseHex(const json &J) {
  if (!J.is_string())
    return std::nullopt;
  const std::string &S = J.get_ref<const std::string &>();
  if (S.size() != 16 || S.find_first_not_of("0123456789abcdef") != std::string::npos)
    return std::nullopt;
  return std::stoull(S, nullptr, 16);
}

// Strings are stored as they are; bytes that are not UTF-8 (a path, a message quoting source)
// cannot be JSON strings and are stored as arrays of byte values instead.
static json bytesJson(const std::string &S) {
  const auto *Begin = reinterpret_cast<const llvm::UTF8 *>(S.data());
  if (llvm::isLegalUTF8String(&Begin, Begin + S.size()))
    return S;
  json A = json::array();
  for (unsigned char C : S)
    A.push_back(unsigned(C));
  return A;
}

static bool readBytes(const json &J, std::string &Out) {
  if (J.is_string()) {
    Out = J.get<std::string>();
    return true;
  }
  if (!J.is_array())
    return false;
  Out.clear();
  for (const json &C : J) {
    if (!C.is_number_unsigned() || C.get<unsigned>() > 255)
      return false;
    Out.push_back(char(C.get<unsigned>()));
  }
  return true;
}

static bool readUnsigned(const json &J, const char *Name, unsigned &Out) {
  if (!J.is_object() || !J.contains(Name) || !J[Name].is_number_unsigned() || J[Name].get<uint64_t>() > 0xffffffffu)
    return false;
  Out = J[Name].get<unsigned>();
  return true;
}

static bool readString(const json &J, const char *Name, std::string &Out) {
  return J.is_object() && J.contains(Name) && readBytes(J[Name], Out);
}

static json stringList(const std::vector<std::string> &L) {
  json A = json::array();
  for (const std::string &S : L)
    A.push_back(bytesJson(S));
  return A;
}

static bool readStringList(const json &J, const char *Name, std::vector<std::string> &Out) {
  if (!J.is_object() || !J.contains(Name) || !J[Name].is_array())
    return false;
  Out.clear();
  for (const json &E : J[Name]) {
    std::string S;
    if (!readBytes(E, S))
      return false;
    Out.push_back(std::move(S));
  }
  return true;
}

static json resultJson(const FileResult &R) {
  json J;
  const FileStatus &S = R.Status;
  J["status"] = {{"status", int(S.Status)},
                 {"missingHeaders", stringList(S.MissingHeaders)},
                 {"skipped", stringList(S.Skipped)},
                 {"dropped", S.DroppedDeclarations},
                 {"compilerErrors", S.CompilerErrors},
                 {"reason", bytesJson(S.Reason)},
                 {"analysedThrough", bytesJson(S.AnalysedThrough)}};
  J["reached"] = stringList(R.ReachedFiles);
  json Parsed = json::array();
  for (const auto &[Path, Hash] : R.Parsed.Hashes)
    Parsed.push_back({{"path", bytesJson(Path)}, {"hash", hexOf(Hash)}});
  J["parsed"] = Parsed;
  J["changed"] = stringList(std::vector<std::string>(R.Parsed.Changed.begin(), R.Parsed.Changed.end()));
  json Findings = json::array();
  for (const rocmtidy::Finding &F : R.Findings) {
    json E;
    E["check"] = bytesJson(F.Check);
    E["severity"] = bytesJson(F.Severity);
    E["file"] = bytesJson(F.File);
    E["line"] = F.Line;
    E["column"] = F.Column;
    E["offset"] = F.Offset;
    E["message"] = bytesJson(F.Message);
    json Notes = json::array();
    for (const rocmtidy::FindingNote &N : F.Notes)
      Notes.push_back(
          {{"file", bytesJson(N.File)}, {"line", N.Line}, {"column", N.Column}, {"message", bytesJson(N.Message)}});
    E["notes"] = Notes;
    json Fixes = json::array();
    for (const rocmtidy::TextEdit &T : F.Fixes)
      Fixes.push_back({{"file", bytesJson(T.File)},
                       {"offset", T.Offset},
                       {"length", T.Length},
                       {"replacement", bytesJson(T.Replacement)}});
    E["fixes"] = Fixes;
    Findings.push_back(std::move(E));
  }
  J["findings"] = Findings;
  J["errors"] = stringList(R.Errors);
  J["kernels"] = bytesJson(rocmtidy::definitionsToJson(R.Kernels));
  J["launches"] = bytesJson(rocmtidy::launchesToJson(R.Launches));
  json Skipped = json::array();
  for (const rocmtidy::SkippedInclude &S : R.SkippedIncludes)
    Skipped.push_back({{"includer", bytesJson(S.Includer)}, {"line", S.Line}, {"spelled", bytesJson(S.Spelled)}});
  J["skippedIncludes"] = Skipped;
  json Lookups = json::array();
  for (size_t I = 0; I < R.IndexLookups.size() && I < R.IndexAnswers.size(); ++I)
    Lookups.push_back({{"name", bytesJson(R.IndexLookups[I].first)},
                       {"params", R.IndexLookups[I].second},
                       {"answer", bytesJson(R.IndexAnswers[I])}});
  J["indexLookups"] = Lookups;
  return J;
}

std::string ResultCache::resultToJson(const FileResult &R) {
  return resultJson(R).dump(-1, ' ', false, json::error_handler_t::replace);
}

static std::optional<FileResult> resultFrom(const json &J) {
  FileResult R;
  if (!J.is_object() || !J.contains("status"))
    return std::nullopt;
  const json &S = J["status"];
  unsigned St = 0;
  if (!readUnsigned(S, "status", St) || St > unsigned(AnalysisStatus::Failed))
    return std::nullopt;
  R.Status.Status = AnalysisStatus(St);
  if (!readStringList(S, "missingHeaders", R.Status.MissingHeaders) ||
      !readStringList(S, "skipped", R.Status.Skipped) || !readUnsigned(S, "dropped", R.Status.DroppedDeclarations) ||
      !readUnsigned(S, "compilerErrors", R.Status.CompilerErrors) || !readString(S, "reason", R.Status.Reason) ||
      !readString(S, "analysedThrough", R.Status.AnalysedThrough) || !readStringList(J, "reached", R.ReachedFiles) ||
      !readStringList(J, "errors", R.Errors))
    return std::nullopt;
  if (!J.contains("parsed") || !J["parsed"].is_array())
    return std::nullopt;
  for (const json &P : J["parsed"]) {
    std::string Path;
    auto Hash = P.is_object() && P.contains("hash") ? parseHex(P["hash"]) : std::nullopt;
    if (!readString(P, "path", Path) || !Hash)
      return std::nullopt;
    R.Parsed.Hashes[Path] = *Hash;
  }
  std::vector<std::string> Changed;
  if (!readStringList(J, "changed", Changed))
    return std::nullopt;
  R.Parsed.Changed.insert(Changed.begin(), Changed.end());
  if (!J.contains("findings") || !J["findings"].is_array())
    return std::nullopt;
  for (const json &E : J["findings"]) {
    rocmtidy::Finding F;
    if (!readString(E, "check", F.Check) || !readString(E, "severity", F.Severity) || !readString(E, "file", F.File) ||
        !readUnsigned(E, "line", F.Line) || !readUnsigned(E, "column", F.Column) ||
        !readUnsigned(E, "offset", F.Offset) || !readString(E, "message", F.Message) || !E.contains("notes") ||
        !E["notes"].is_array() || !E.contains("fixes") || !E["fixes"].is_array())
      return std::nullopt;
    for (const json &N : E["notes"]) {
      rocmtidy::FindingNote Note;
      if (!readString(N, "file", Note.File) || !readUnsigned(N, "line", Note.Line) ||
          !readUnsigned(N, "column", Note.Column) || !readString(N, "message", Note.Message))
        return std::nullopt;
      F.Notes.push_back(std::move(Note));
    }
    for (const json &T : E["fixes"]) {
      rocmtidy::TextEdit Edit;
      if (!readString(T, "file", Edit.File) || !readUnsigned(T, "offset", Edit.Offset) ||
          !readUnsigned(T, "length", Edit.Length) || !readString(T, "replacement", Edit.Replacement))
        return std::nullopt;
      F.Fixes.push_back(std::move(Edit));
    }
    R.Findings.push_back(std::move(F));
  }
  std::string Kernels, Error;
  if (!readString(J, "kernels", Kernels))
    return std::nullopt;
  auto Defs = rocmtidy::definitionsFromJson(Kernels, Error);
  if (!Defs)
    return std::nullopt;
  R.Kernels = std::move(*Defs);
  // An entry written before launches were recorded is read as a miss: its file is parsed again.
  std::string Launched;
  if (!readString(J, "launches", Launched))
    return std::nullopt;
  auto Launches = rocmtidy::launchesFromJson(Launched, Error);
  if (!Launches)
    return std::nullopt;
  R.Launches = std::move(*Launches);
  if (!J.contains("skippedIncludes") || !J["skippedIncludes"].is_array() || !J.contains("indexLookups") ||
      !J["indexLookups"].is_array())
    return std::nullopt;
  for (const json &E : J["skippedIncludes"]) {
    rocmtidy::SkippedInclude S;
    if (!readString(E, "includer", S.Includer) || !readUnsigned(E, "line", S.Line) ||
        !readString(E, "spelled", S.Spelled))
      return std::nullopt;
    R.SkippedIncludes.push_back(std::move(S));
  }
  for (const json &E : J["indexLookups"]) {
    std::string Name, Answer;
    unsigned Params = 0;
    if (!readString(E, "name", Name) || !readUnsigned(E, "params", Params) || !readString(E, "answer", Answer))
      return std::nullopt;
    R.IndexLookups.emplace_back(std::move(Name), Params);
    R.IndexAnswers.push_back(std::move(Answer));
  }
  return R;
}

std::optional<FileResult> ResultCache::resultFromJson(const std::string &Text) {
  if (!rocmtidy::jsonDepthWithin(Text, MaxEntryDepth))
    return std::nullopt;
  json J = json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded())
    return std::nullopt;
  return resultFrom(J);
}

std::optional<FileResult> ResultCache::lookup(const std::string &Key, const std::string &MainFile,
                                              const rocmtidy::ProjectIndex *Index) {
  auto Miss = [&]() -> std::optional<FileResult> {
    ++Misses;
    return std::nullopt;
  };
  if (!enabled())
    return std::nullopt;
  std::string Path = entryPath(Key, /*Create=*/false);
  if (Path.empty())
    return Miss();
  auto Text = readEntry(Path);
  if (!Text)
    return Miss();
  json J = json::parse(*Text, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded() || !J.is_object() || !J.contains("format") || J["format"] != EntryFormat || !J.contains("key") ||
      J["key"] != Key || !J.contains("inputs") || !J["inputs"].is_array() || !J.contains("absent") ||
      !J["absent"].is_array() || !J.contains("lookups") || !J["lookups"].is_array() || !J.contains("result"))
    return Miss();
  for (const json &L : J["lookups"]) {
    std::string Name, Seen;
    unsigned Params = 0;
    if (!readString(L, "name", Name) || !readUnsigned(L, "params", Params) || !readString(L, "answer", Seen) ||
        definitionFingerprint(Index, Name, Params) != Seen)
      return Miss();
  }
  // The entry depends on the bytes of every file it read, the file analysed first of all: an
  // entry that lists no inputs, or not that one, was not written by this tool.
  std::string MainReal = currentRealPath(MainFile);
  std::set<std::string> Reals;
  for (const json &In : J["inputs"]) {
    std::string Asked, Real, Sha;
    if (!readString(In, "path", Asked) || !readString(In, "real", Real) || !readString(In, "sha256", Sha) ||
        Asked.empty() || Real.empty() || Sha.size() != 64)
      return Miss();
    if (currentRealPath(Asked) != Real)
      return Miss();
    auto Now = currentContent(Real);
    if (!Now || Now->Sha256 != Sha)
      return Miss();
    Reals.insert(Real);
  }
  if (MainReal.empty() || !Reals.count(MainReal))
    return Miss();
  // A header that appeared where the parse found none would change what it includes.
  for (const json &A : J["absent"]) {
    std::string Missing;
    if (!readBytes(A, Missing) || Missing.empty())
      return Miss();
    struct stat St;
    if (::stat(Missing.c_str(), &St) == 0 || (errno != ENOENT && errno != ENOTDIR))
      return Miss();
  }
  auto R = resultFrom(J["result"]);
  if (!R)
    return Miss();
  // What --fix checks before writing is rebuilt from the inputs just verified, not taken from the
  // entry; an edit in a file the parse never read was not made by a check.
  R->Parsed = ParsedFiles();
  for (const std::string &Real : Reals) {
    auto Now = currentContent(Real);
    if (!Now)
      return Miss();
    R->Parsed.Hashes[Real] = Now->Fnv;
  }
  for (const rocmtidy::Finding &F : R->Findings)
    for (const rocmtidy::TextEdit &E : F.Fixes)
      if (!Reals.count(E.File))
        return Miss();
  ++Hits;
  return R;
}

void ResultCache::store(const std::string &Key, const FileResult &R, const FileSystemReads &Reads,
                        const std::vector<std::pair<std::string, unsigned>> &Lookups,
                        const rocmtidy::ProjectIndex *Index) {
  // A file that changed while it was read has no one set of inputs to key on.
  if (!enabled() || !R.Parsed.Changed.empty() || R.Parsed.Hashes.empty())
    return;
  json J;
  J["format"] = EntryFormat;
  J["key"] = Key;
  json Inputs = json::array();
  std::set<std::string> Covered;
  for (const auto &[Asked, Real] : Reads.Opened) {
    auto Parsed = R.Parsed.Hashes.find(Real);
    if (Parsed == R.Parsed.Hashes.end())
      continue;
    auto Now = currentContent(Real);
    // Changed since it was parsed: the digest would describe bytes the result does not.
    if (!Now || Now->Fnv != Parsed->second)
      return;
    Inputs.push_back({{"path", bytesJson(Asked)}, {"real", bytesJson(Real)}, {"sha256", Now->Sha256}});
    Covered.insert(Real);
  }
  // Every file parsed must be an input, or its edits would go unnoticed.
  for (const auto &[Real, Hash] : R.Parsed.Hashes)
    if (!Covered.count(Real))
      return;
  J["inputs"] = Inputs;
  json Absent = json::array();
  for (const std::string &A : Reads.Absent)
    Absent.push_back(bytesJson(A));
  J["absent"] = Absent;
  json L = json::array();
  for (const auto &[Name, Params] : Lookups)
    L.push_back({{"name", bytesJson(Name)},
                 {"params", Params},
                 {"answer", bytesJson(definitionFingerprint(Index, Name, Params))}});
  J["lookups"] = L;
  J["result"] = resultJson(R);
  std::string Text = J.dump(-1, ' ', false, json::error_handler_t::replace);

  std::string Path = entryPath(Key, /*Create=*/true);
  if (!Path.empty())
    writePrivateFile(Path, Text);
}

bool ResultCache::writePrivateFile(const std::string &Path, const std::string &Text) {
  // A new file beside the entry (mkstemp: mode 0600), then a rename over it: readers see the old or
  // the new entry, never half of one, and a symbolic link at the entry's name is replaced, not
  // followed.
  std::string Tmp = Path + ".tmp-XXXXXX";
  std::vector<char> Name(Tmp.begin(), Tmp.end());
  Name.push_back('\0');
  int Fd = ::mkstemp(Name.data());
  if (Fd < 0)
    return false;
  size_t Done = 0;
  bool Ok = true;
  while (Done < Text.size()) {
    ssize_t N = ::write(Fd, Text.data() + Done, Text.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      Ok = false;
      break;
    }
    Done += size_t(N);
  }
  Ok = (::close(Fd) == 0) && Ok;
  if (!Ok || ::rename(Name.data(), Path.c_str()) != 0) {
    ::unlink(Name.data());
    return false;
  }
  return true;
}

bool ResultCache::ensurePrivateFolder(const std::string &Path) { return ensureRealDirectory(Path, /*Create=*/true); }

std::optional<std::string> ResultCache::readPrivateFile(const std::string &Path) { return readEntry(Path); }

} // namespace rocmlint
