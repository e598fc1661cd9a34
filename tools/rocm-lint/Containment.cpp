// Crash containment: one file that makes clang crash or overflow its stack (a template nested
// 3,000 deep, a macro nested 10,000 deep, `#pragma clang __debug crash`) costs that file's results,
// reported as an error, never the other files' findings or the report.
#include "Safety.h"

#include "core/SafeFix.h"

#include "llvm/Support/CrashRecoveryContext.h"

#include <algorithm>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <map>
#include <mutex>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rocmlint {

// Deep but legal code needs more than the 8 MiB of a default thread; reserved, not committed.
static constexpr size_t AnalysisStackBytes = size_t(512) << 20;
// Below the stack: pages that fault, so an overflow is a crash rather than a write elsewhere.
static constexpr size_t StackGuardBytes = size_t(1) << 20;
// What of a crashed thread's stack stays as it was (ContainedThread::join).
static constexpr size_t KeptStackBytes = size_t(16) << 20;
// Where the crash handler runs when the stack itself is exhausted.
static constexpr size_t SignalStackBytes = 1u << 20;

void enableCrashContainment() {
  llvm::CrashRecoveryContext::Enable();
  // CrashRecoveryContext's handlers run on the faulting stack, which a stack overflow has used
  // up; let them run on the per-thread alternate stack that analyzeContained installs.
  for (int Sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP}) {
    struct sigaction Act;
    if (sigaction(Sig, nullptr, &Act) == 0 && Act.sa_handler != SIG_DFL && Act.sa_handler != SIG_IGN) {
      Act.sa_flags |= SA_ONSTACK;
      sigaction(Sig, &Act, nullptr);
    }
  }
}

FileResult crashedResult(const InputFile &File) {
  FileResult Crashed;
  Crashed.Errors.push_back(File.Display +
                           ": the analysis crashed (the file may nest templates or macros too deeply, or hit a "
                           "clang bug); no results for this file");
  return Crashed;
}

namespace {
// The thread of one ContainedThread: the alternate signal stack, then the work inside
// CrashRecoveryContext.
void *containedEntry(void *Arg) {
  auto *State = static_cast<ContainedThread::State *>(Arg);
  // A thread may already have one (AddressSanitizer installs its own); keep it then.
  stack_t Alt{}, Old{};
  bool HaveAlt = false;
  if (sigaltstack(nullptr, &Old) == 0 && (Old.ss_flags & SS_DISABLE)) {
    Alt.ss_sp = std::malloc(SignalStackBytes);
    Alt.ss_size = SignalStackBytes;
    HaveAlt = Alt.ss_sp && sigaltstack(&Alt, nullptr) == 0;
  }
  {
    llvm::CrashRecoveryContext CRC;
    State->Finished = CRC.RunSafely([&] { State->Work(); });
  }
  // Outside RunSafely, so a crash does not skip it.
  if (HaveAlt) {
    stack_t Off{};
    Off.ss_flags = SS_DISABLE;
    sigaltstack(&Off, nullptr);
    std::free(Alt.ss_sp);
  }
  return nullptr;
}
} // namespace

ContainedThread::ContainedThread(std::function<void()> Work) : S(std::make_unique<State>()) {
  S->Work = std::move(Work);
  // Our own mapping rather than the thread library's: the thread library unmaps or reuses a stack
  // once its thread is joined, and a crashed thread's stack must outlive it (see join()).
  Bytes = StackGuardBytes + AnalysisStackBytes;
  void *Map =
      mmap(nullptr, Bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (Map == MAP_FAILED) {
    Stack = nullptr;
    return;
  }
  Stack = static_cast<char *>(Map);
  // The lowest pages fault on overflow; several, since one large frame can step over a single page.
  mprotect(Stack, StackGuardBytes, PROT_NONE);
  pthread_attr_t Attr;
  pthread_attr_init(&Attr);
  pthread_attr_setstack(&Attr, Stack + StackGuardBytes, AnalysisStackBytes);
  Started = pthread_create(&Thread, &Attr, containedEntry, S.get()) == 0;
  pthread_attr_destroy(&Attr);
  if (!Started) {
    munmap(Stack, Bytes);
    Stack = nullptr;
  }
}

bool ContainedThread::join() {
  if (Joined)
    return S->Finished;
  Joined = true;
  if (!Started) {
    // No thread (no memory for its stack): run the work here, still contained.
    llvm::CrashRecoveryContext CRC;
    S->Finished = CRC.RunSafely([&] { S->Work(); });
    return S->Finished;
  }
  pthread_join(Thread, nullptr);
  if (S->Finished) {
    munmap(Stack, Bytes);
  } else {
    // The crash jumped over the destructors of the frames it left, and some of them had linked
    // themselves into process-wide lists: '#pragma clang __debug crash' leaves its llvm::Timer,
    // a stack object, in LLVM's default timer group. The next thread that registers a timer writes
    // into that object under LLVM's global timer lock; were this stack unmapped, that write would
    // fault with the lock held, and the lock would stay taken for good (the run then hangs when it
    // exits, in a TimerGroup destructor). So the stack stays mapped for the rest of the run, its
    // shallow end intact; the deep end is handed back to the kernel (it reads as zeros from now on).
    size_t Keep = std::min<size_t>(KeptStackBytes, AnalysisStackBytes);
    madvise(Stack + StackGuardBytes, AnalysisStackBytes - Keep, MADV_DONTNEED);
  }
  return S->Finished;
}

ContainedThread::~ContainedThread() { join(); }

bool runContained(std::function<void()> Work) { return ContainedThread(std::move(Work)).join(); }

FileResult analyzeContained(const InputFile &File, const std::function<FileResult()> &Analyze) {
  FileResult R;
  if (!runContained([&] { R = Analyze(); })) {
    // The half-built result may be inconsistent; keep nothing of it.
    return crashedResult(File);
  }
  return R;
}

static std::string realOr(const std::string &Path) {
  char Real[PATH_MAX];
  return realpath(Path.c_str(), Real) ? std::string(Real) : Path;
}

std::string repositoryRootOf(const std::string &AbsolutePath) {
  static std::mutex Lock;
  static std::map<std::string, std::string> Memo; // folder -> root
  std::string Dir = realOr(AbsolutePath);
  struct stat St;
  if (stat(Dir.c_str(), &St) != 0 || !S_ISDIR(St.st_mode))
    Dir = Dir.substr(0, std::max<size_t>(1, Dir.find_last_of('/')));
  std::lock_guard<std::mutex> Guard(Lock);
  if (auto It = Memo.find(Dir); It != Memo.end())
    return It->second;
  std::string Root;
  // A parent lookup, not a walk: one lstat per folder up to '/'.
  for (std::string D = Dir;;) {
    if (lstat((D == "/" ? std::string("/.git") : D + "/.git").c_str(), &St) == 0) {
      Root = D;
      break;
    }
    if (D == "/")
      break;
    size_t Slash = D.find_last_of('/');
    D = Slash == 0 ? "/" : D.substr(0, Slash);
  }
  if (Root.empty()) {
    char Cwd[PATH_MAX];
    std::string Work = getcwd(Cwd, sizeof Cwd) ? realOr(Cwd) : "";
    Root = !Work.empty() && rocmtidy::pathUnderRoot(Dir, Work) ? Work : Dir;
  }
  Memo[Dir] = Root;
  return Root;
}

/// Where the compiler's own headers and the toolkits' live. Reading them is what compiling does;
/// a hostile tree can name them but gains nothing it could not learn from the distribution.
static const std::vector<std::string> &systemIncludeRoots() {
  static const std::vector<std::string> Roots = [] {
    // /usr/share holds the distribution's HIP version file the driver probes (/usr/share/hip/version);
    // the /etc files are the ones its distribution detection reads, not the folder.
    std::vector<std::string> R = {"/usr/include",      "/usr/local/include",  "/usr/lib",
                                  "/usr/lib64",        "/usr/share",          "/usr/local/cuda",
                                  "/opt/cuda",         "/opt/rocm",           "/etc/os-release",
                                  "/etc/lsb-release",  "/etc/debian_version", "/etc/redhat-release",
                                  "/etc/SuSE-release", "/etc/gentoo-release", "/etc/alpine-release"};
    R.push_back(realOr(ROCM_TIDY_RESOURCE_DIR));
    // Set by the user running rocm-lint, not by the repository.
    for (const char *Var : {"ROCM_PATH", "HIP_PATH", "CUDA_PATH", "CUDA_HOME"})
      if (const char *V = std::getenv(Var); V && V[0] == '/')
        R.push_back(realOr(V));
    return R;
  }();
  return Roots;
}

static std::vector<std::string> &trustedRoots() {
  static std::vector<std::string> Roots;
  return Roots;
}

void trustReadRootsOf(const Options &Opts, const ProjectConfig &Config) {
  std::vector<std::string> &Roots = trustedRoots();
  auto Add = [&](const std::string &P, bool File) {
    if (P.empty() || P[0] != '/')
      return;
    std::string Dir = File ? P.substr(0, std::max<size_t>(1, P.find_last_of('/'))) : P;
    Roots.push_back(realOr(Dir));
  };
  const std::vector<std::string> &A = Opts.ExtraArgs;
  for (size_t I = 0; I < A.size(); ++I)
    for (const char *Flag : {"-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros"}) {
      std::string F = Flag;
      bool File = F == "-include" || F == "-imacros";
      if (A[I] == F && I + 1 < A.size())
        Add(A[I + 1], File);
      else if (A[I].size() > F.size() && A[I].compare(0, F.size(), F) == 0 && (F == "-I" || A[I][F.size()] == '/'))
        Add(A[I].substr(F.size()), File);
    }
  Add(Config.Dir, false);
  if (!Opts.BuildDir.empty()) {
    char Cwd[PATH_MAX];
    Add(Opts.BuildDir[0] == '/' ? Opts.BuildDir : std::string(getcwd(Cwd, sizeof Cwd) ? Cwd : "") + "/" + Opts.BuildDir,
        false);
  }
}

bool parseFileAllowed(const std::string &Path, const std::string &Root, std::string &Why) {
  struct stat St;
  if (stat(Path.c_str(), &St) == 0 && !S_ISREG(St.st_mode)) {
    Why = "not a regular file";
    return false;
  }
  if (rocmtidy::pathUnderRoot(Path, Root))
    return true;
  for (const std::string &T : trustedRoots())
    if (rocmtidy::pathUnderRoot(Path, T))
      return true;
  std::string Real = realOr(Path);
  for (const std::string &Sys : systemIncludeRoots()) {
    // /opt/rocm also covers the versioned /opt/rocm-6.2.0 and /usr/local/cuda /usr/local/cuda-12.4.
    if (Real.compare(0, Sys.size(), Sys) == 0 &&
        (Real.size() == Sys.size() || Real[Sys.size()] == '/' ||
         ((Sys == "/opt/rocm" || Sys == "/usr/local/cuda") && Real[Sys.size()] == '-')))
      return true;
  }
  Why = "outside the project root";
  return false;
}

} // namespace rocmlint
