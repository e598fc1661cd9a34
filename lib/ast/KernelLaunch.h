#ifndef ROCM_TIDY_AST_KERNELLAUNCH_H
#define ROCM_TIDY_AST_KERNELLAUNCH_H

// What the launch checks use, in one include: constant evaluation (ConstantValue), launch
// recognition (LaunchRecognizer, with cudaLaunchKernelEx configurations read by LaunchConfig) and
// the instantiation lookup (InstantiationTracker).

#include "ast/ConstantValue.h"
#include "ast/InstantiationTracker.h"
#include "ast/LaunchConfig.h"
#include "ast/LaunchRecognizer.h"

#endif
