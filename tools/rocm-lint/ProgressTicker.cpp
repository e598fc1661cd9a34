#include "ProgressTicker.h"

#include <cstdio>

namespace rocmlint {

using namespace std::chrono;

void FilesInFlight::start(size_t Id, std::string Name) {
  std::lock_guard<std::mutex> L(Mu);
  Running[Id] = {std::move(Name), steady_clock::now()};
}

void FilesInFlight::finish(size_t Id) {
  std::lock_guard<std::mutex> L(Mu);
  Running.erase(Id);
}

std::pair<std::string, milliseconds> FilesInFlight::longest() const {
  std::lock_guard<std::mutex> L(Mu);
  const std::pair<std::string, steady_clock::time_point> *Oldest = nullptr;
  for (const auto &[Id, Entry] : Running)
    if (!Oldest || Entry.second < Oldest->second)
      Oldest = &Entry;
  if (!Oldest)
    return {"", milliseconds(0)};
  return {Oldest->first, duration_cast<milliseconds>(steady_clock::now() - Oldest->second)};
}

ProgressTicker::ProgressTicker(const std::atomic<size_t> &Done, size_t Total, milliseconds Interval,
                               const FilesInFlight *InFlight, milliseconds Slow)
    : Done(Done), Total(Total), Interval(Interval), InFlight(InFlight), Slow(Slow), Start(steady_clock::now()) {
  Thread = std::thread([this] {
    std::unique_lock<std::mutex> L(Mu);
    while (!Cv.wait_for(L, this->Interval, [this] { return Stop; })) {
      auto Elapsed = duration_cast<seconds>(steady_clock::now() - Start);
      std::pair<std::string, milliseconds> Longest =
          this->InFlight ? this->InFlight->longest() : std::pair<std::string, milliseconds>();
      bool Named = !Longest.first.empty() && Longest.second >= this->Slow;
      std::string S =
          "rocm-lint: " +
          (Named ? line(this->Done.load(), this->Total, Elapsed, Longest.first, duration_cast<seconds>(Longest.second))
                 : line(this->Done.load(), this->Total, Elapsed)) +
          "\n";
      std::fputs(S.c_str(), stderr);
      std::fflush(stderr);
    }
  });
}

ProgressTicker::~ProgressTicker() {
  {
    std::lock_guard<std::mutex> L(Mu);
    Stop = true;
  }
  Cv.notify_all();
  Thread.join();
}

// "3 m 02 s", or "42 s" under a minute.
static std::string minutesAndSeconds(seconds D) {
  long long S = D.count();
  char Buf[48];
  if (S >= 60)
    std::snprintf(Buf, sizeof Buf, "%lld m %02lld s", S / 60, S % 60);
  else
    std::snprintf(Buf, sizeof Buf, "%lld s", S);
  return Buf;
}

std::string ProgressTicker::line(size_t Done, size_t Total, seconds Elapsed) {
  return "[" + std::to_string(Done) + "/" + std::to_string(Total) + "] " + minutesAndSeconds(Elapsed);
}

std::string ProgressTicker::line(size_t Done, size_t Total, seconds Elapsed, const std::string &Longest,
                                 seconds LongestFor) {
  return line(Done, Total, Elapsed) + "; " + Longest + " running for " + minutesAndSeconds(LongestFor);
}

} // namespace rocmlint
