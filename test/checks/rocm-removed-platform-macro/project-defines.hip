// A project that defines the removed macro itself (in a header, or -D on the build's command line)
// keeps its tests meaningful on every ROCm release: quiet.
// RUN: %clang_tidy -checks='-*,rocm-removed-platform-macro' %s -- %hip_flags -D__HIP_PLATFORM_HCC__ 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-removed-platform-macro' %s -- %hip_flags -DPROJECT_COMPAT 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not='warning:'
// RUN: %clang_tidy -checks='-*,rocm-removed-platform-macro' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STALE --implicit-check-not='warning:'
// QUIET-NOT: warning:

#include <hip/hip_runtime.h>

#if defined(PROJECT_COMPAT) && defined(__HIP_PLATFORM_AMD__) && !defined(__HIP_PLATFORM_HCC__)
#define __HIP_PLATFORM_HCC__
#endif

#ifdef __HIP_PLATFORM_HCC__
// STALE: project-defines.hip:[[@LINE-1]]:8: warning: '__HIP_PLATFORM_HCC__' is not defined since ROCm 6.0
constexpr int Lanes = 64;
#else
constexpr int Lanes = 32;
#endif
