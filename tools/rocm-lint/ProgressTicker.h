#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_PROGRESSTICKER_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_PROGRESSTICKER_H

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <thread>

namespace rocmlint {

/// Progress for logs that are not a terminal (CI): one line on standard error every
/// \p Interval, "rocm-lint: [120/274] 3 m 02 s", so a long run shows it is alive. The terminal
/// progress line (redrawn in place) is the caller's.
class ProgressTicker {
public:
  ProgressTicker(const std::atomic<size_t> &Done, size_t Total,
                 std::chrono::milliseconds Interval = std::chrono::seconds(10));
  ~ProgressTicker();
  ProgressTicker(const ProgressTicker &) = delete;
  ProgressTicker &operator=(const ProgressTicker &) = delete;

  /// "[120/274] 3 m 02 s"
  static std::string line(size_t Done, size_t Total, std::chrono::seconds Elapsed);

private:
  const std::atomic<size_t> &Done;
  size_t Total;
  std::chrono::milliseconds Interval;
  std::chrono::steady_clock::time_point Start;
  std::mutex Mu;
  std::condition_variable Cv;
  bool Stop = false;
  std::thread Thread;
};

} // namespace rocmlint

#endif
