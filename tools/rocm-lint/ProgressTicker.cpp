#include "ProgressTicker.h"

#include <cstdio>

namespace rocmlint {

ProgressTicker::ProgressTicker(const std::atomic<size_t> &Done, size_t Total, std::chrono::milliseconds Interval)
    : Done(Done), Total(Total), Interval(Interval), Start(std::chrono::steady_clock::now()) {
  Thread = std::thread([this] {
    std::unique_lock<std::mutex> L(Mu);
    while (!Cv.wait_for(L, this->Interval, [this] { return Stop; })) {
      auto Elapsed = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - Start);
      std::string S = "rocm-lint: " + line(this->Done.load(), this->Total, Elapsed) + "\n";
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

std::string ProgressTicker::line(size_t Done, size_t Total, std::chrono::seconds Elapsed) {
  long long S = Elapsed.count();
  char Buf[96];
  if (S >= 60)
    std::snprintf(Buf, sizeof Buf, "[%zu/%zu] %lld m %02lld s", Done, Total, S / 60, S % 60);
  else
    std::snprintf(Buf, sizeof Buf, "[%zu/%zu] %lld s", Done, Total, S);
  return Buf;
}

} // namespace rocmlint
