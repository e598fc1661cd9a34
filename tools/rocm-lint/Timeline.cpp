#include "Timeline.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace rocmlint {

namespace {
// When the process began, on the boot-time clock: /proc/self/stat's start time (in clock ticks
// after boot) covers what runs before main (dynamic loading, static constructors).
double processStartBootSeconds() {
  std::ifstream In("/proc/self/stat");
  std::string Text((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
  // The command name may hold spaces and parentheses: fields are counted after the last ')'.
  size_t Close = Text.rfind(')');
  timespec Now{};
  clock_gettime(CLOCK_BOOTTIME, &Now);
  double NowS = double(Now.tv_sec) + double(Now.tv_nsec) * 1e-9;
  if (Close == std::string::npos)
    return NowS;
  std::istringstream Fields(Text.substr(Close + 2));
  std::string Field;
  // After ')': state is field 3; starttime is field 22.
  for (int I = 3; I < 22 && Fields >> Field;)
    ++I;
  unsigned long long Ticks = 0;
  if (!(Fields >> Ticks))
    return NowS;
  return double(Ticks) / double(sysconf(_SC_CLK_TCK));
}

const double StartBoot = processStartBootSeconds();
} // namespace

double runSeconds() {
  timespec Now{};
  clock_gettime(CLOCK_BOOTTIME, &Now);
  return double(Now.tv_sec) + double(Now.tv_nsec) * 1e-9 - StartBoot;
}

double threadCpuSeconds() {
  timespec T{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return double(T.tv_sec) + double(T.tv_nsec) * 1e-9;
}

double threadRunQueueSeconds() {
  // "on-cpu-ns run-queue-ns timeslices"
  std::ifstream In("/proc/thread-self/schedstat");
  unsigned long long OnCpu = 0, Queued = 0;
  if (!(In >> OnCpu >> Queued))
    return 0;
  return double(Queued) * 1e-9;
}

void TimedSpan::start() {
  Start = runSeconds();
  Cpu = threadCpuSeconds();
  Queued = threadRunQueueSeconds();
}

void TimedSpan::stop() {
  End = runSeconds();
  Cpu = threadCpuSeconds() - Cpu;
  Queued = threadRunQueueSeconds() - Queued;
}

std::string describeSpan(const TimedSpan &S) {
  char Buf[160];
  std::snprintf(Buf, sizeof Buf, "%.3f-%.3f s, cpu %.3f s, waiting for a core %.3f s, blocked %.3f s", S.Start, S.End,
                S.Cpu, S.Queued, std::max(0.0, S.End - S.Start - S.Cpu - S.Queued));
  return Buf;
}

} // namespace rocmlint
