#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_TIMELINE_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_TIMELINE_H

// --trace-passes (hidden): when each pass of a file started and ended, and the CPU time of the
// thread that ran it. A wall ratio taken on a loaded machine says little about whether two passes
// overlapped; these figures say it whatever else runs.
#include <string>

namespace rocmlint {

/// Seconds since this process was started (exec, dynamic loading included).
double runSeconds();
/// CPU seconds the calling thread has used.
double threadCpuSeconds();
/// Seconds the calling thread has been runnable but waited for a core (the kernel's schedstat;
/// 0 where there is none): on a loaded machine this is where the wall time goes, not into locks.
double threadRunQueueSeconds();

/// One interval of the run on one thread: [Start, End] in runSeconds(), the CPU the thread used,
/// and how long it waited for a core. What is left (End - Start - Cpu - Queued) the thread was
/// blocked: on a lock, a page fault, I/O.
class TimedSpan {
public:
  /// Starts the span on the calling thread.
  void start();
  /// Ends it; call on the thread that started it.
  void stop();
  double Start = 0, End = 0, Cpu = 0, Queued = 0;
};
/// "0.012-1.503 s, cpu 1.479 s, waiting for a core 0.010 s, blocked 0.014 s".
std::string describeSpan(const TimedSpan &S);

} // namespace rocmlint

#endif
