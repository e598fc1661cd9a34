#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_PROGRESSTICKER_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_PROGRESSTICKER_H

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

namespace rocmlint {

/// The files being analysed now and since when, so that a progress line can name one that runs
/// far longer than the rest (a user waiting on a run wants to know which file to exclude).
class FilesInFlight {
public:
  void start(size_t Id, std::string Name);
  void finish(size_t Id);
  /// The file running longest and for how long; an empty name when none runs.
  std::pair<std::string, std::chrono::milliseconds> longest() const;

private:
  mutable std::mutex Mu;
  std::map<size_t, std::pair<std::string, std::chrono::steady_clock::time_point>> Running;
};

/// Progress for logs that are not a terminal (CI): one line on standard error every
/// \p Interval, "rocm-lint: [120/274] 3 m 02 s", so a long run shows it is alive. The terminal
/// progress line (redrawn in place) is the caller's.
class ProgressTicker {
public:
  /// A line also names the longest-running file of \p InFlight once it has run \p Slow.
  ProgressTicker(const std::atomic<size_t> &Done, size_t Total,
                 std::chrono::milliseconds Interval = std::chrono::seconds(10), const FilesInFlight *InFlight = nullptr,
                 std::chrono::milliseconds Slow = std::chrono::minutes(1));
  ~ProgressTicker();
  ProgressTicker(const ProgressTicker &) = delete;
  ProgressTicker &operator=(const ProgressTicker &) = delete;

  /// "[120/274] 3 m 02 s"
  static std::string line(size_t Done, size_t Total, std::chrono::seconds Elapsed);
  /// "[120/274] 3 m 02 s; src/big.hip running for 2 m 40 s"
  static std::string line(size_t Done, size_t Total, std::chrono::seconds Elapsed, const std::string &Longest,
                          std::chrono::seconds LongestFor);

private:
  const std::atomic<size_t> &Done;
  size_t Total;
  std::chrono::milliseconds Interval;
  const FilesInFlight *InFlight;
  std::chrono::milliseconds Slow;
  std::chrono::steady_clock::time_point Start;
  std::mutex Mu;
  std::condition_variable Cv;
  bool Stop = false;
  std::thread Thread;
};

} // namespace rocmlint

#endif
