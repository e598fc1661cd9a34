// libFuzzer target: the compile-command sanitizer on arbitrary argument vectors (the input split
// at NUL bytes; the first byte picks a driver name). Properties: no crash; the result is a fixed
// point (sanitizing it again drops nothing and changes nothing), so no dangerous flag survives in a
// position where clang would read it as a flag.
#include "core/CommandSanitizer.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const char *Drivers[] = {"clang++", "nvcc", "clang-cl", "/usr/bin/g++-12", "cpp", "hipcc", "", "@x"};
  const std::string Main = "/p/a.hip";
  std::vector<std::string> Argv = {Drivers[Size ? Data[0] % 8 : 0]};
  std::string Cur;
  for (size_t I = 1; I < Size; ++I) {
    if (Data[I] == 0) {
      Argv.push_back(Cur);
      Cur.clear();
    } else {
      Cur += char(Data[I]);
    }
  }
  Argv.push_back(Cur);
  Argv.push_back(Main);
  std::vector<rocmtidy::DroppedFlag> Dropped;
  std::vector<std::string> Once = rocmtidy::sanitizeCompileCommand(Argv, Main, Dropped);
  std::vector<rocmtidy::DroppedFlag> Again;
  std::vector<std::string> Twice = rocmtidy::sanitizeCompileCommand(Once, Main, Again);
  if (Twice != Once || !Again.empty())
    std::abort();
  return 0;
}
