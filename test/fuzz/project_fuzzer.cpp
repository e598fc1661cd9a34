// libFuzzer target: the project model's build-script evaluators (lib/project), which read every
// repository rocm-lint is pointed at: the setup.py reader (logical lines, the torch extension call,
// its flags), the Makefile source and flag reader, and the CMake evaluator (backend folders and
// configure_file), each on arbitrary bytes. CMake include()/add_subdirectory chains are served
// from the same bytes. Properties beyond "no crash, no sanitizer report": line numbers stay inside
// the input and generated files stay below the build folder given.
#include "project/CMakeEval.h"
#include "project/MakeSources.h"
#include "project/PythonSource.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  unsigned Lines = unsigned(std::count(Text.begin(), Text.end(), '\n')) + 1;

  auto Py = rocmtidy::project::pythonLines(Text);
  for (const auto &L : Py)
    if (L.Line > Lines)
      std::abort();
  if (auto Call = rocmtidy::project::findTorchCudaExtension(Py); Call && Call->Line > Lines)
    std::abort();
  for (const auto &F : rocmtidy::project::torchExtensionFlags(Py, "/fuzz"))
    if (F.Line > Lines)
      std::abort();

  auto Make = rocmtidy::project::MakeSources::read("/fuzz/Makefile", Text);
  std::string Why;
  (void)Make.cudaOnly("/fuzz/src/a.cu", Why);

  unsigned Served = 0;
  auto Read = [&](const std::string &) -> std::optional<std::string> {
    if (++Served > 4)
      return std::nullopt;
    return Text;
  };
  (void)rocmtidy::project::backendSubdirectory({"/fuzz/CMakeLists.txt"}, "/fuzz/cuda", Read);
  Served = 0;
  for (const auto &C : rocmtidy::project::configureForHip({"/fuzz/CMakeLists.txt"}, "/fuzz-build", Read))
    if (C.Output.rfind("/fuzz-build/", 0) != 0)
      std::abort();
  return 0;
}
