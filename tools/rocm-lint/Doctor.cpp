// rocm-lint doctor: what the notebook's causes look like on this machine, read from files and the
// environment only (no ldd, no Python import, nothing executed), so that it is safe to run on any
// machine and testable on a fake root (--root).
#include "Doctor.h"
#include "CommandLine.h"
#include "FileBytes.h"
#include "core/BoundedWalk.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <grp.h>
#include <nlohmann/json.hpp>
#include <re2/re2.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace rocmlint {

namespace fs = std::filesystem;

namespace {

class Machine {
public:
  explicit Machine(const DoctorOptions &O) : Root(O.Root == "/" ? "" : O.Root) {
    while (!Root.empty() && Root.back() == '/')
      Root.pop_back();
  }

  /// Where an absolute path of the machine is read.
  fs::path at(const std::string &Abs) const { return fs::path(Root + (Abs.empty() || Abs[0] != '/' ? "/" : "") + Abs); }

  /// Follows symbolic links as the machine would, inside the root: absolute targets are read under
  /// the root too. Returns the machine's path (not the fake-root path).
  std::string resolve(std::string P) const {
    std::error_code EC;
    for (int Hops = 0; Hops < 16; ++Hops) {
      // Resolve the first component that is a link, from the left.
      fs::path Done("/");
      fs::path Rel = fs::path(P).lexically_normal().relative_path();
      bool Changed = false;
      for (auto It = Rel.begin(); It != Rel.end(); ++It) {
        fs::path Next = Done / *It;
        if (fs::is_symlink(fs::symlink_status(at(Next.string()), EC))) {
          fs::path T = fs::read_symlink(at(Next.string()), EC);
          if (EC)
            return P;
          fs::path NewP = T.is_absolute() ? T : Done / T;
          for (auto J = std::next(It); J != Rel.end(); ++J)
            NewP /= *J;
          P = NewP.lexically_normal().string();
          Changed = true;
          break;
        }
        Done = Next;
      }
      if (!Changed)
        return fs::path(P).lexically_normal().string();
    }
    return P;
  }

  /// Where a path of the machine is read, its links followed inside the root.
  fs::path real(const std::string &Abs) const { return at(resolve(Abs)); }

  bool isDir(const std::string &Abs) const {
    std::error_code EC;
    return fs::is_directory(real(Abs), EC);
  }

  bool exists(const std::string &Abs) const {
    std::error_code EC;
    return fs::exists(real(Abs), EC);
  }

  /// A small regular file's text (first 64 KiB), or nothing.
  std::optional<std::string> readSmall(const std::string &Abs) const {
    std::error_code EC;
    fs::path P = real(Abs);
    if (!fs::is_regular_file(P, EC))
      return std::nullopt;
    auto Bytes = readFileBytes(P.string());
    if (!Bytes)
      return std::nullopt;
    if (Bytes->size() > 65536)
      Bytes->resize(65536);
    return Bytes;
  }

  std::vector<std::string> list(const std::string &Abs) const {
    return rocmtidy::listDirectoryNames(real(Abs).string());
  }

  std::string Root;
};

std::string trim(std::string S) {
  while (!S.empty() && std::isspace((unsigned char)S.back()))
    S.pop_back();
  size_t I = 0;
  while (I < S.size() && std::isspace((unsigned char)S[I]))
    ++I;
  return S.substr(I, 200);
}

std::string gfxName(unsigned long V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "gfx%lu%lx%lx", V / 10000, (V / 100) % 100, V % 100);
  return Buf;
}

bool insidePath(const std::string &Child, const std::string &Dir) {
  fs::path C = fs::path(Child).lexically_normal(), D = fs::path(Dir).lexically_normal();
  auto I = D.begin(), J = C.begin();
  for (; I != D.end(); ++I, ++J) {
    if (I->empty())
      continue;
    if (J == C.end() || *I != *J)
      return false;
  }
  return true;
}

// The DT_NEEDED names of an ELF shared object, read with LLVM's object library.
template <class ELFT> void neededOf(const llvm::object::ELFFile<ELFT> &F, std::vector<std::string> &Out) {
  auto Sections = F.sections();
  if (!Sections) {
    llvm::consumeError(Sections.takeError());
    return;
  }
  for (const auto &S : *Sections) {
    if (S.sh_type != llvm::ELF::SHT_DYNAMIC)
      continue;
    auto Dyn = F.template getSectionContentsAsArray<typename ELFT::Dyn>(S);
    auto StrSec = F.getSection(S.sh_link);
    if (!Dyn || !StrSec) {
      if (!Dyn)
        llvm::consumeError(Dyn.takeError());
      if (!StrSec)
        llvm::consumeError(StrSec.takeError());
      continue;
    }
    auto Str = F.getStringTable(**StrSec);
    if (!Str) {
      llvm::consumeError(Str.takeError());
      continue;
    }
    for (const auto &D : *Dyn)
      if (D.d_tag == llvm::ELF::DT_NEEDED && D.getVal() < Str->size())
        Out.push_back(std::string(Str->data() + D.getVal()).substr(0, 256));
  }
}

std::vector<std::string> neededLibraries(const fs::path &P) {
  std::vector<std::string> Out;
  // Only ELF files are mapped: a '.so' name says nothing about the bytes.
  int FD = ::open(P.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (FD < 0)
    return Out;
  char Magic[4] = {};
  struct stat St;
  bool Elf = ::fstat(FD, &St) == 0 && S_ISREG(St.st_mode) && ::read(FD, Magic, 4) == 4 &&
             std::equal(Magic, Magic + 4,
                        "\x7f"
                        "ELF");
  ::close(FD);
  if (!Elf)
    return Out;
  auto Buf = llvm::MemoryBuffer::getFile(P.string(), /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return Out;
  auto Obj = llvm::object::ObjectFile::createObjectFile((*Buf)->getMemBufferRef());
  if (!Obj) {
    llvm::consumeError(Obj.takeError());
    return Out;
  }
  if (auto *E = llvm::dyn_cast<llvm::object::ELF64LEObjectFile>(Obj->get()))
    neededOf(E->getELFFile(), Out);
  else if (auto *E = llvm::dyn_cast<llvm::object::ELF32LEObjectFile>(Obj->get()))
    neededOf(E->getELFFile(), Out);
  else if (auto *E = llvm::dyn_cast<llvm::object::ELF64BEObjectFile>(Obj->get()))
    neededOf(E->getELFFile(), Out);
  return Out;
}

} // namespace

/// "5.2.21153" from the HIP_VERSION_MAJOR/MINOR/PATCH defines of the system's hip_version.h, or "".
static std::string systemHipVersion(const Machine &M) {
  std::optional<std::string> Text = M.readSmall("/usr/include/hip/hip_version.h");
  if (!Text)
    return "";
  std::string Parts[3];
  const char *Names[3] = {"HIP_VERSION_MAJOR", "HIP_VERSION_MINOR", "HIP_VERSION_PATCH"};
  for (int I = 0; I < 3; ++I) {
    size_t At = Text->find(std::string("#define ") + Names[I] + " ");
    if (At == std::string::npos)
      return "";
    At += std::string("#define ").size() + std::string(Names[I]).size();
    while (At < Text->size() && (*Text)[At] == ' ')
      ++At;
    while (At < Text->size() && std::isdigit(static_cast<unsigned char>((*Text)[At])))
      Parts[I] += (*Text)[At++];
    if (Parts[I].empty())
      return "";
  }
  return Parts[0] + "." + Parts[1] + "." + Parts[2];
}

DoctorReport inspectMachine(const DoctorOptions &O) {
  Machine M(O);
  DoctorReport R;
  auto Problem = [&](const std::string &Id, const std::string &Msg, const std::string &Entry) {
    R.Problems.push_back({Id, Msg, Entry});
  };
  auto Env = [](const char *Name) -> std::optional<std::string> {
    const char *V = std::getenv(Name);
    return V ? std::optional<std::string>(V) : std::nullopt;
  };
  auto Fact = [&](const std::string &F, const std::string &Why) { R.Facts.add(F, "doctor: " + Why); };
  R.Facts.Why["doctor"] = "";

  // ROCm installations and the one in use.
  std::vector<std::pair<std::string, std::string>> Installs; // path, version
  std::error_code LinkEC;
  for (const std::string &Name : M.list("/opt"))
    if ((Name == "rocm" && !fs::is_symlink(fs::symlink_status(M.at("/opt/rocm"), LinkEC))) ||
        Name.rfind("rocm-", 0) == 0) {
      std::string P = "/opt/" + Name;
      auto V = M.readSmall(P + "/.info/version");
      Installs.emplace_back(P, V ? trim(V->substr(0, V->find('\n'))) : "");
    }
  auto VersionOf = [&](const std::string &Path) -> std::string {
    auto V = M.readSmall(M.resolve(Path) + "/.info/version");
    return V ? trim(V->substr(0, V->find('\n'))) : "";
  };
  std::string Active, ActiveVersion, Source;
  if (auto RP = Env("ROCM_PATH")) {
    if (!M.isDir(*RP))
      Problem("rocm-path-missing", "ROCM_PATH='" + *RP + "' is not a folder: builds and tools look for ROCm there",
              "rocm-library-not-found");
    else
      Active = *RP, Source = "ROCM_PATH";
  }
  if (Active.empty() && M.isDir("/opt/rocm"))
    Active = "/opt/rocm", Source = "/opt/rocm";
  if (Active.empty() && Installs.size() == 1)
    Active = Installs.front().first, Source = "the only /opt/rocm-*";
  // Distributions package ROCm under /usr (Debian's and Ubuntu's libamdhip64-5, Fedora's
  // rocm-hip): no /opt/rocm, the HIP runtime in the system's library folder, and HIP's version in
  // its header instead of .info/version.
  bool System = false;
  if (Active.empty())
    for (const char *Lib : {"/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"}) {
      for (const std::string &Name : M.list(Lib))
        if (Name.rfind("libamdhip64.so", 0) == 0) {
          Active = "/usr", Source = std::string(Lib) + "/" + Name + ", the system's packages";
          System = true;
          break;
        }
      if (System)
        break;
    }
  if (Active.empty()) {
    Fact("no-rocm", "no ROCm installation");
    Problem("no-rocm",
            "no ROCm installation: ROCM_PATH is unset, there is no /opt/rocm or /opt/rocm-*, and no libamdhip64 in "
            "the system's library folders",
            "rocm-library-not-found");
  } else {
    ActiveVersion = System ? systemHipVersion(M) : VersionOf(Active);
    std::string Real = M.resolve(Active);
    R.Inventory.emplace_back("ROCm",
                             (ActiveVersion.empty() ? "unknown version" : (System ? "HIP " : "") + ActiveVersion) +
                                 " at " + Real + " (from " + Source + ")");
    if (!ActiveVersion.empty()) {
      R.Facts.RocmVersions.insert(ActiveVersion.substr(0, ActiveVersion.find('.', ActiveVersion.find('.') + 1)));
      Fact("rocm" + ActiveVersion.substr(0, 1), "ROCm " + ActiveVersion);
    }
    if (Source == "ROCM_PATH" && M.isDir("/opt/rocm")) {
      std::string Default = VersionOf("/opt/rocm");
      if (!Default.empty() && !ActiveVersion.empty() && Default != ActiveVersion) {
        Fact("mixed-rocm", "ROCM_PATH " + ActiveVersion + ", /opt/rocm " + Default);
        Problem("mixed-rocm",
                "ROCM_PATH is ROCm " + ActiveVersion + " but /opt/rocm is ROCm " + Default +
                    ": tools that ignore ROCM_PATH and the loader mix the two",
                "mixed-rocm-versions");
      }
    }
  }
  if (Installs.size() > 1) {
    std::string L;
    for (const auto &[P, V] : Installs)
      L += (L.empty() ? "" : ", ") + P + (V.empty() ? "" : " (" + V + ")");
    R.Inventory.emplace_back("installed", L);
  }

  // GPUs, from the KFD topology the runtime itself reads.
  std::vector<std::string> Gpus;
  bool Kfd = M.isDir("/sys/class/kfd/kfd/topology/nodes");
  if (Kfd) {
    static const RE2 Target("(?m)^gfx_target_version ([0-9]+)");
    for (const std::string &Node : M.list("/sys/class/kfd/kfd/topology/nodes")) {
      auto Props = M.readSmall("/sys/class/kfd/kfd/topology/nodes/" + Node + "/properties");
      unsigned long V = 0;
      if (Props && RE2::PartialMatch(*Props, Target, &V) && V) {
        std::string G = gfxName(V);
        Gpus.push_back(G);
        R.Facts.Gfx.insert(G);
        std::string C = rocmtidy::gfxClass(G);
        if (!C.empty())
          Fact(C, G);
      }
    }
  }
  std::error_code EC;
  bool DevKfd = M.exists("/dev/kfd");
  if (!Kfd || !DevKfd) {
    Fact("no-driver", !Kfd ? "no /sys/class/kfd" : "no /dev/kfd");
    Problem("no-driver",
            std::string(!Kfd ? "no /sys/class/kfd/kfd/topology" : "no /dev/kfd") +
                ": the amdgpu kernel driver is not loaded (or does not support this GPU), so no GPU is visible",
            "no-gpu-found");
  } else if (Gpus.empty()) {
    Fact("no-gpu", "no GPU node in the KFD topology");
    Problem("no-gpu", "the KFD topology lists no GPU (only CPU nodes)", "no-gpu-found");
  }
  if (!Gpus.empty()) {
    std::string L;
    for (const auto &G : Gpus)
      L += (L.empty() ? "" : ", ") + G + (rocmtidy::gfxClass(G).empty() ? "" : " (" + rocmtidy::gfxClass(G) + ")");
    R.Inventory.emplace_back("GPUs", L);
    if (Gpus.size() > 1)
      Fact("multi-gpu", std::to_string(Gpus.size()) + " GPUs");
  }

  // Device nodes: may this user open them?
  unsigned Uid = O.Uid ? *O.Uid : unsigned(::getuid());
  std::vector<unsigned> Gids = O.Gids;
  if (!O.Uid) {
    Gids.push_back(unsigned(::getgid()));
    int N = ::getgroups(0, nullptr);
    std::vector<gid_t> G(size_t(std::max(N, 0)));
    if (N > 0 && ::getgroups(N, G.data()) == N)
      for (gid_t X : G)
        Gids.push_back(unsigned(X));
  }
  auto GroupName = [&](unsigned Gid) {
    if (!M.Root.empty())
      return std::to_string(Gid);
    struct group *Gr = ::getgrgid(gid_t(Gid));
    return Gr ? std::string(Gr->gr_name) + " (" + std::to_string(Gid) + ")" : std::to_string(Gid);
  };
  auto CheckNode = [&](const std::string &Node) {
    struct stat St;
    if (::stat(M.real(Node).c_str(), &St) != 0)
      return;
    bool Mine = St.st_uid == Uid, InGroup = std::count(Gids.begin(), Gids.end(), unsigned(St.st_gid)) > 0;
    auto RW = [&](mode_t R, mode_t W) { return (St.st_mode & R) && (St.st_mode & W); };
    bool Ok = Uid == 0 || (Mine ? RW(S_IRUSR, S_IWUSR) : InGroup ? RW(S_IRGRP, S_IWGRP) : RW(S_IROTH, S_IWOTH));
    if (Ok)
      return;
    char Mode[8];
    std::snprintf(Mode, sizeof Mode, "%04o", unsigned(St.st_mode & 07777));
    Fact("device-permission", Node);
    Problem("device-permission",
            Node + " (owner " + std::to_string(St.st_uid) + ", group " + GroupName(St.st_gid) + ", mode " + Mode +
                ") is not readable and writable by uid " + std::to_string(Uid) + ": add the user to group " +
                GroupName(St.st_gid) + " and log in again",
            "device-node-permission");
  };
  if (DevKfd)
    CheckNode("/dev/kfd");
  for (const std::string &N : M.list("/dev/dri"))
    if (N.rfind("renderD", 0) == 0)
      CheckNode("/dev/dri/" + N);

  // Where the process runs.
  if (M.exists("/.dockerenv") || M.exists("/run/.containerenv")) {
    Fact("container", "a container");
    R.Inventory.emplace_back("container", "yes");
  }
  if (M.exists("/dev/dxg")) {
    Fact("wsl", "/dev/dxg");
    R.Inventory.emplace_back("WSL", "yes");
  }

  // Environment overrides.
  static const RE2 Override("([0-9]+)\\.([0-9]+)\\.([0-9]+)");
  if (auto V = Env("HSA_OVERRIDE_GFX_VERSION")) {
    R.Facts.Env["HSA_OVERRIDE_GFX_VERSION"] = *V;
    Fact("override", "HSA_OVERRIDE_GFX_VERSION=" + *V);
    R.Inventory.emplace_back("HSA_OVERRIDE_GFX_VERSION", *V);
    unsigned Major = 0, Minor = 0, Step = 0;
    if (!RE2::FullMatch(*V, Override, &Major, &Minor, &Step)) {
      Problem("override-malformed", "HSA_OVERRIDE_GFX_VERSION='" + *V + "' is not MAJOR.MINOR.STEPPING (e.g. 10.3.0)",
              "no-code-object-for-gpu");
    } else {
      std::string Fam = "gfx" + std::to_string(Major);
      for (const auto &G : Gpus)
        if (G.compare(0, Fam.size(), Fam) != 0 || (G.size() > Fam.size() + 2 && Major < 10)) {
          Problem("override-wrong-family",
                  "HSA_OVERRIDE_GFX_VERSION=" + *V + " names a " + Fam + " target but the GPU is " + G +
                      ": the runtime loads code for another family (faults, invalid ISA)",
                  "no-code-object-for-gpu");
          break;
        }
    }
  }
  for (const char *Name : {"HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES"})
    if (auto V = Env(Name)) {
      R.Facts.Env[Name] = *V;
      Fact("visible-devices", std::string(Name) + "=" + *V);
      R.Inventory.emplace_back(Name, *V);
      bool Bad = V->empty();
      size_t Pos = 0;
      while (!Bad && Pos <= V->size()) {
        size_t End = V->find(',', Pos);
        std::string Item = trim(V->substr(Pos, End == std::string::npos ? std::string::npos : End - Pos));
        if (!Item.empty() &&
            std::all_of(Item.begin(), Item.end(), [](char C) { return std::isdigit((unsigned char)C); }) &&
            !Gpus.empty() && std::stoul(Item.substr(0, 6)) >= Gpus.size())
          Bad = true;
        if (End == std::string::npos)
          break;
        Pos = End + 1;
      }
      if (Bad)
        Problem("visible-devices",
                std::string(Name) + "='" + *V + "' hides every GPU or names one that does not exist (" +
                    std::to_string(Gpus.size()) + " GPU" + (Gpus.size() == 1 ? "" : "s") + ")",
                "no-gpu-found");
    }
  if (auto V = Env("PYTORCH_ROCM_ARCH")) {
    R.Facts.Env["PYTORCH_ROCM_ARCH"] = *V;
    R.Inventory.emplace_back("PYTORCH_ROCM_ARCH", *V);
    for (const auto &G : Gpus)
      if (V->find(G) == std::string::npos) {
        Problem("arch-list",
                "PYTORCH_ROCM_ARCH='" + *V + "' does not name this machine's " + G +
                    ": extensions built here carry no code for it",
                "no-code-object-for-gpu");
        break;
      }
  }
  if (auto V = Env("HIP_PLATFORM")) {
    R.Facts.Env["HIP_PLATFORM"] = *V;
    R.Inventory.emplace_back("HIP_PLATFORM", *V);
    if ((*V == "nvidia" || *V == "nvcc") && (!Gpus.empty() || !Active.empty()))
      Problem("hip-platform", "HIP_PLATFORM=" + *V + " makes hipcc call nvcc on an AMD machine", "nvcc-flags-in-clang");
  }

  // Which hipcc a build runs.
  if (auto Path = Env("PATH")) {
    size_t Pos = 0;
    while (Pos <= Path->size()) {
      size_t End = Path->find(':', Pos);
      std::string Dir = Path->substr(Pos, End == std::string::npos ? std::string::npos : End - Pos);
      Pos = End == std::string::npos ? Path->size() + 1 : End + 1;
      if (Dir.empty() || Dir[0] != '/') // relative PATH entries depend on the folder: not the machine's
        continue;
      std::string Cand = (fs::path(Dir) / "hipcc").string();
      if (!M.exists(Cand))
        continue;
      std::string Real = M.resolve(Cand);
      R.Inventory.emplace_back("hipcc", Cand + (Real != Cand ? " -> " + Real : ""));
      if (!Active.empty() && !insidePath(Real, M.resolve(Active))) {
        Fact("mixed-rocm", "hipcc " + Real);
        Problem("hipcc-elsewhere",
                "hipcc on PATH is " + Real + ", not the one of the ROCm in use (" + M.resolve(Active) +
                    "): builds compile with another ROCm",
                "mixed-rocm-versions");
      }
      break;
    }
  }

  // Python environments: a ROCm PyTorch with extension modules built against CUDA's runtime.
  std::vector<std::string> SiteDirs;
  std::vector<std::string> Prefixes = {"/usr/lib", "/usr/local/lib", "/opt/conda/lib"};
  for (const char *V : {"VIRTUAL_ENV", "CONDA_PREFIX"})
    if (auto P = Env(V))
      Prefixes.push_back(*P + "/lib");
  if (auto H = Env("HOME"))
    Prefixes.push_back(*H + "/.local/lib");
  for (const auto &P : Prefixes)
    for (const std::string &Py : M.list(P))
      if (Py.rfind("python3", 0) == 0)
        for (const char *Sub : {"site-packages", "dist-packages"})
          if (M.isDir(P + "/" + Py + "/" + Sub))
            SiteDirs.push_back(P + "/" + Py + "/" + Sub);
  static const RE2 HipVersion("(?m)^\\s*hip\\s*(?::[^=\\n]*)?=\\s*['\"]([^'\"]+)['\"]");
  static const RE2 CudaVersion("(?m)^\\s*cuda\\s*(?::[^=\\n]*)?=\\s*['\"]([^'\"]+)['\"]");
  static const RE2 CudaLib("^lib(cudart|cublas|cublasLt|cudnn|cufft|curand|cusparse|cusolver|nccl|nvrtc|"
                           "nvToolsExt|cuda|nvJitLink|cupti)\\.so");
  for (const auto &Site : SiteDirs) {
    std::string TorchHip, TorchCuda;
    if (auto V = M.readSmall(Site + "/torch/version.py")) {
      RE2::PartialMatch(*V, HipVersion, &TorchHip);
      RE2::PartialMatch(*V, CudaVersion, &TorchCuda);
      Fact("pytorch", Site);
      R.Inventory.emplace_back("PyTorch", Site + "/torch (" +
                                              (!TorchHip.empty()    ? "ROCm " + TorchHip
                                               : !TorchCuda.empty() ? "CUDA " + TorchCuda
                                                                    : std::string("CPU")) +
                                              ")");
      if (TorchHip.empty() && !TorchCuda.empty() && (!Gpus.empty() || !Active.empty())) {
        Fact("cuda-build", Site + "/torch");
        Problem("cuda-build",
                "PyTorch in " + Site + " is a CUDA build (" + TorchCuda + ") on a ROCm machine: install the ROCm wheel",
                "cuda-only-binary");
      }
    }
    // Bounded walk: a site-packages folder holds thousands of files, not millions.
    fs::path SiteReal = M.real(Site);
    rocmtidy::walkRegularFiles(SiteReal.string(), {}, [&](const std::string &File) {
      fs::path P(File);
      std::string Name = P.filename().string();
      if (!(Name.size() > 3 &&
            (Name.compare(Name.size() - 3, 3, ".so") == 0 || Name.find(".so.") != std::string::npos)))
        return;
      std::vector<std::string> Cuda;
      for (const auto &N : neededLibraries(P))
        if (RE2::PartialMatch(N, CudaLib))
          Cuda.push_back(N);
      if (Cuda.empty())
        return;
      std::string Rel = Site + "/" + fs::path(P).lexically_relative(SiteReal).string();
      Fact("cuda-extension", Rel);
      if (!TorchHip.empty() || !Gpus.empty()) {
        std::string L;
        for (const auto &C : Cuda)
          L += (L.empty() ? "" : ", ") + C;
        Problem("cuda-extension",
                Rel + " needs " + L +
                    (TorchHip.empty() ? std::string(" on a ROCm machine") : " next to PyTorch for ROCm " + TorchHip) +
                    ": it was built for CUDA; rebuild it against the ROCm PyTorch",
                "cuda-only-binary");
      }
    });
    EC.clear();
  }
  if (R.Facts.RocmVersions.size() > 1)
    R.Facts.merge(rocmtidy::LogFacts());
  return R;
}

namespace cl = llvm::cl;

static cl::SubCommand DoctorCommand("doctor", "inspect this machine for the causes the notebook names");
static cl::OptionCategory DoctorCategory("rocm-lint doctor options");
static cl::list<std::string> DoctorRest(cl::Positional, cl::sub(DoctorCommand), cl::cat(DoctorCategory));
static cl::opt<std::string> DoctorRoot("root", cl::desc("read the machine's files under DIR (a fake root for tests)"),
                                       cl::value_desc("DIR"), cl::sub(DoctorCommand), cl::cat(DoctorCategory));
static cl::opt<std::string> DoctorFormat("format", cl::desc("text or json"), cl::init("text"), cl::sub(DoctorCommand),
                                         cl::cat(DoctorCategory));
static cl::opt<std::string> DoctorUser("user", cl::desc("judge device access for UID[:GID,...] instead of this user"),
                                       cl::value_desc("UID[:GID,...]"), cl::sub(DoctorCommand),
                                       cl::cat(DoctorCategory));

static void printDoctorHelp() {
  std::printf("usage: rocm-lint doctor [--root=DIR] [--format=text|json] [--user=UID[:GID,...]]\n"
              "Inspects this machine read-only (files and environment; nothing is executed): the ROCm install in\n"
              "use and its version, the GPUs and their gfx targets, access to /dev/kfd and /dev/dri/renderD*,\n"
              "HSA_OVERRIDE_GFX_VERSION and the other overrides, which hipcc PATH runs, and Python extension\n"
              "modules built against CUDA next to a ROCm PyTorch. Each problem names its notebook entry\n"
              "(docs/doctor.md). Exit status: 0 no problem, 1 problems found, 2 usage error.\n");
}

bool parseUser(const std::string &S, DoctorOptions &O) {
  static const RE2 Form("([0-9]{1,9})(?::([0-9,]*))?");
  std::string U, G;
  if (!RE2::FullMatch(S, Form, &U, &G))
    return false;
  O.Uid = unsigned(std::stoul(U));
  size_t Pos = 0;
  while (Pos < G.size()) {
    size_t End = G.find(',', Pos);
    std::string X = G.substr(Pos, End == std::string::npos ? std::string::npos : End - Pos);
    if (!X.empty() && X.size() < 10)
      O.Gids.push_back(unsigned(std::stoul(X)));
    Pos = End == std::string::npos ? G.size() : End + 1;
  }
  return true;
}

int runDoctor(const std::vector<std::string> &Args) {
  std::string Error;
  if (!parseCommandLine(DoctorCommand, Args, printDoctorHelp, std::addressof(DoctorRest), Error))
    usageError(Error);
  if (!DoctorRest.empty())
    usageError("unknown argument '" + DoctorRest.front() + "' for 'doctor'");
  std::string Format = DoctorFormat;
  if (Format != "text" && Format != "json")
    usageError("unknown format '" + Format + "' for 'doctor' (text or json)");
  DoctorOptions O;
  O.Root = DoctorRoot;
  std::error_code EC;
  if (!O.Root.empty() && !fs::is_directory(O.Root, EC))
    usageError("--root '" + O.Root + "' is not a directory");
  if (!DoctorUser.empty() && !parseUser(DoctorUser, O))
    usageError("--user takes UID[:GID,...], not '" + DoctorUser + "'");
  DoctorReport R = inspectMachine(O);
  if (Format == "json") {
    nlohmann::ordered_json J;
    J["root"] = O.Root.empty() ? "/" : O.Root;
    J["inventory"] = nlohmann::ordered_json::object();
    for (const auto &[K, V] : R.Inventory)
      J["inventory"][K] = V;
    J["problems"] = nlohmann::ordered_json::array();
    for (const auto &P : R.Problems)
      J["problems"].push_back({{"id", P.Id}, {"message", P.Message}, {"entry", P.Entry}});
    std::set<std::string> Tags = R.Facts.Tags;
    J["facts"] = Tags;
    std::puts(J.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace).c_str());
    return R.Problems.empty() ? 0 : 1;
  }
  std::printf("rocm-lint doctor: %s (read-only)\n", O.Root.empty() ? "this machine" : ("root " + O.Root).c_str());
  for (const auto &[K, V] : R.Inventory)
    std::printf("  %s: %s\n", K.c_str(), V.c_str());
  for (const auto &P : R.Problems)
    std::printf("problem: %s [notebook: %s]\n", P.Message.c_str(), P.Entry.c_str());
  if (R.Problems.empty())
    std::printf("rocm-lint: no problem found\n");
  else
    std::printf("rocm-lint: %zu problem%s found ('rocm-lint explain LOG --doctor' ranks a log's causes with them)\n",
                R.Problems.size(), R.Problems.size() == 1 ? "" : "s");
  return R.Problems.empty() ? 0 : 1;
}

} // namespace rocmlint
