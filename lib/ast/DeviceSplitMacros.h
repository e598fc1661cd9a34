#ifndef ROCM_TIDY_AST_DEVICESPLITMACROS_H
#define ROCM_TIDY_AST_DEVICESPLITMACROS_H

// Integer macros whose value the host pass and the device pass choose differently. A chain such as
// '#if defined(__GFX9__) / #define WARP_SIZE 64 / #else / #define WARP_SIZE 32' is decided by a
// macro that only the device pass defines (a per-target macro, __HIP_DEVICE_COMPILE__): the host pass takes the '#else'
// and sizes launches with 32 while the kernel, compiled for gfx942, divides its work by 64. Recorded while the host
// pass preprocesses: each arm's '#define NAME <integer>' is read from its raw tokens (the arms the host skips too), and
// the chain is evaluated again with the macros each selected target's device pass defines.

#include "core/GpuTargets.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/PPCallbacks.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
class SourceManager;
} // namespace clang

namespace rocmtidy {

/// One macro whose host value differs from the value a device pass defines.
struct DeviceSplitMacro {
  std::string Name;
  int64_t HostValue = 0, DeviceValue = 0;
  /// The value token of the host's '#define' (what an integer literal expanded from it is spelled at).
  clang::SourceLocation HostValueLoc;
  /// The name token of the device arm's '#define'.
  clang::SourceLocation DeviceDefineLoc;
  /// The device target whose pass takes the other arm, and the device-only macro the chain tests.
  const GpuTarget *Target = nullptr;
  std::string DeviceMacro;
};

class DeviceSplitMacros {
public:
  /// Targets: the device passes to compare with (a check's Targets option).
  explicit DeviceSplitMacros(std::vector<const GpuTarget *> Targets) : Targets(std::move(Targets)) {}

  /// Callbacks that record the splits of one translation unit (clears earlier ones). Register
  /// them in the host pass only: the device pass takes the device arm itself.
  std::unique_ptr<clang::PPCallbacks> callbacks(const clang::SourceManager &SM, clang::Preprocessor &PP);

  const std::vector<DeviceSplitMacro> &splits() const { return Splits; }
  /// The split whose host '#define' spells the token at SpellingLoc; null if none.
  const DeviceSplitMacro *atHostValue(clang::SourceLocation SpellingLoc) const;

  /// True for a macro a device pass defines (__gfx942__, __GFX9__, __AMDGCN__,
  /// __AMDGCN_WAVEFRONT_SIZE, __HIP_DEVICE_COMPILE__). Clang 19's host pass of a HIP compile defines
  /// __AMDGCN__ and the wavefront macros too: a chain is a split only where the host lacks them.
  static bool isDeviceOnlyMacro(llvm::StringRef Name);

private:
  friend class DeviceSplitCallbacks;
  std::vector<const GpuTarget *> Targets;
  std::vector<DeviceSplitMacro> Splits;
};

/// A preprocessor condition token as the host pass saw it: an identifier carries whether the host
/// defines it and its integer value there (when its body is one integer).
struct CondToken {
  enum Kind { Int, Ident, Defined, Punct } K = Punct;
  std::string Text; ///< identifier name or punctuator spelling
  int64_t Value = 0;
  bool HostDefined = false;
  std::optional<int64_t> HostValue;
};

/// Evaluates a condition as the device pass for Target would: device-only macros are defined
/// (the wavefront macro is the target's width), the rest keep the host's state. std::nullopt when
/// the condition uses something this evaluator does not read (a function-like macro, a
/// non-integer body).
std::optional<int64_t> evaluateForDevice(const std::vector<CondToken> &Cond, const GpuTarget &Target);

} // namespace rocmtidy

#endif
