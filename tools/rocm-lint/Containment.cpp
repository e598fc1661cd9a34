// Crash containment: one file that makes clang crash or overflow its stack (a template nested
// 3,000 deep, a macro nested 10,000 deep, `#pragma clang __debug crash`) costs that file's results,
// reported as an error, never the other files' findings or the report.
#include "Safety.h"

#include "llvm/Support/CrashRecoveryContext.h"

#include <csignal>
#include <cstdlib>

namespace rocmlint {

// Deep but legal code needs more than the 8 MiB of a default thread; reserved, not committed.
static constexpr unsigned AnalysisStackBytes = 512u << 20;
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

FileResult analyzeContained(const InputFile &File, const std::function<FileResult()> &Analyze) {
  FileResult R;
  llvm::CrashRecoveryContext CRC;
  bool Ok = CRC.RunSafelyOnThread(
      [&] {
        // A thread may already have one (AddressSanitizer installs its own); keep it then.
        stack_t Alt{}, Old{};
        bool HaveAlt = false;
        if (sigaltstack(nullptr, &Old) == 0 && (Old.ss_flags & SS_DISABLE)) {
          Alt.ss_sp = std::malloc(SignalStackBytes);
          Alt.ss_size = SignalStackBytes;
          HaveAlt = Alt.ss_sp && sigaltstack(&Alt, nullptr) == 0;
        }
        R = Analyze();
        if (HaveAlt) {
          stack_t Off{};
          Off.ss_flags = SS_DISABLE;
          sigaltstack(&Off, nullptr);
          std::free(Alt.ss_sp);
        }
      },
      AnalysisStackBytes);
  if (!Ok) {
    // The half-built result may be inconsistent; keep nothing of it.
    FileResult Crashed;
    Crashed.Errors.push_back(File.Display +
                             ": the analysis crashed (the file may nest templates or macros too deeply, or hit a "
                             "clang bug); no results for this file");
    return Crashed;
  }
  return R;
}

} // namespace rocmlint
