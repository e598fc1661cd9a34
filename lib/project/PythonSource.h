//===- PythonSource.h - Reading setup.py as text, never running it --------*- C++ -*-===//
//
// rocm-lint decides things from a project's setup.py (the build style, the sources a branch
// builds) without executing it: the file comes from a repository that may be hostile. These
// helpers split Python into logical lines with string contents set apart, and follow the simple
// name bindings that real setup.py files use to pick an extension class.
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_TIDY_PROJECT_PYTHONSOURCE_H
#define ROCM_TIDY_PROJECT_PYTHONSOURCE_H

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rocmtidy::project {

/// One logical line of Python: its indentation, its code with each string literal replaced by
/// `""` and comments removed, and the literals' contents with the line each starts on.
struct PyLine {
  size_t Indent = 0;
  unsigned Line = 0;
  std::string Code;
  std::vector<std::pair<std::string, unsigned>> Strings;
};

/// Splits \p Text into logical lines (brackets and backslashes continue a line). Linear in the
/// size of the text.
std::vector<PyLine> pythonLines(const std::string &Text);

/// Where a setup.py builds a torch.utils.cpp_extension CUDAExtension, which PyTorch hipifies in a
/// ROCm build. The class may be called directly, through an import alias (`import CUDAExtension
/// as CE`) or through a name bound to an expression that names it (`Extension = CUDAExtension`,
/// `Ext = CppExtension if cpu else CUDAExtension`). Nothing is executed: a binding in any branch
/// counts, since the ROCm build is the one that takes the CUDA branch.
struct TorchExtensionCall {
  unsigned Line = 0;    // the call
  std::string Through;  // the alias called ("" for a direct call)
  unsigned BoundAt = 0; // the line binding the alias
};
std::optional<TorchExtensionCall> findTorchCudaExtension(const std::vector<PyLine> &Lines);

/// A -D or -I flag of the torch CUDAExtension's define_macros, include_dirs or extra_compile_args
/// (its 'nvcc' and 'cxx' lists), given literally in the call or through a name assigned in the
/// file, after the defines PyTorch itself adds in a ROCm build (-DUSE_ROCM=1, -DHIPBLAS_V2, at
/// the call's line). Why is empty for a flag of the ROCm build, else it says why the flag was left out (set
/// under a condition other than the ROCm build's, a value that is not a literal).
struct PyFlag {
  std::string Arg;
  unsigned Line = 0;
  std::string Why;
};
/// \p Dir: the folder of the setup.py (relative include folders are below it).
std::vector<PyFlag> torchExtensionFlags(const std::vector<PyLine> &Lines, const std::string &Dir);

} // namespace rocmtidy::project

#endif
