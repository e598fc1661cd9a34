// Whether the device pass of a HIP file can see anything of the user's that its host pass does not.
//
// Each HIP file is parsed twice, for the host and for the device, and the device pass costs about
// as much as the host pass. In a project that compiles every source as HIP (CMake's LANGUAGE HIP
// on its .cpp files, hipcc as the C++ compiler) most files hold host code only: their device pass
// parses the runtime and standard headers again for nothing. The host pass answers the question
// from what it parsed: user code (ast/UserCode.h) that defines a kernel, a device function or a
// device variable is device code; and a preprocessor conditional or macro in user code that names a
// switch only the device compile sets (__HIP_DEVICE_COMPILE__, a per-target macro, CUDA's
// __CUDA_ARCH__, a library's device-compile macro) may hide device code the host pass never sees.
// Either way the device pass runs. The answer errs on the side of running it.
#ifndef ROCM_TIDY_LIB_AST_DEVICECODEPROBE_H
#define ROCM_TIDY_LIB_AST_DEVICECODEPROBE_H

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace rocmtidy {

/// What the host pass saw: the first reason the device pass is needed, or empty.
struct DeviceCodeSeen {
  std::string Why; // "kernel 'scale' (src/a.cpp:12)", "'__CUDA_ARCH__' in a conditional (src/a.h:3)"
  bool found() const { return !Why.empty(); }
};

/// True for a macro name by which code may choose its device-only side: the macros a device pass
/// alone defines (DeviceSplitMacros::isDeviceOnlyMacro), CUDA's and SYCL's device-compile
/// macros, and names that say so (..._DEVICE_COMPILE..., ...CUDA_ARCH..., ..._IS_DEVICE...).
bool namesDeviceCompileSwitch(llvm::StringRef Name);

/// A consumer for the host pass that fills \p Out when the parse ends (it registers its own
/// preprocessor callbacks on \p CI).
std::unique_ptr<clang::ASTConsumer> makeDeviceCodeProbe(clang::CompilerInstance &CI, DeviceCodeSeen &Out);

} // namespace rocmtidy

#endif
