// rocm-tidy's declarations of HIP intrinsics that older HIP headers lack.
//
// rocm-lint force-includes this header into every HIP pass that uses an installed HIP (not the
// built-in header), so that code written for ROCm 6.2+ (or for CUDA) parses on a machine with an
// older HIP, such as Debian's HIP 5.2: without it every call of these functions is an undeclared
// identifier, an invalid expression the checks never see. Nothing here is compiled into a program.
//
// Each function is declared as a template. A HIP header that declares the same name as a plain
// function (before or after this header) wins overload resolution, and the two never conflict, so
// the declarations are harmless where the installed HIP has some of them. The warp-sync family is
// declared only for HIP before 7.0 without HIP_ENABLE_WARP_SYNC_BUILTINS (6.2 to 6.4 declare it
// then; 7.0 and later always; lib/data/warp_sync_builtins.json has the sources), with ROCm's
// signature: the mask is a template parameter, so the mask argument keeps its type for
// rocm-warp-size-assumption. __syncwarp and the __reduce_*_sync functions came with 7.0.
#ifndef ROCM_TIDY_HIP_SUPPLEMENT_H
#define ROCM_TIDY_HIP_SUPPLEMENT_H

#if __has_include(<hip/hip_version.h>)
#include <hip/hip_version.h>
#endif

#if !defined(HIP_VERSION) || HIP_VERSION < 70000000
#define ROCM_TIDY_DEVICE __attribute__((device))

template <class RocmTidyT = void> ROCM_TIDY_DEVICE unsigned long long __activemask();
template <class RocmTidyT = void> ROCM_TIDY_DEVICE void __syncwarp();
template <class MaskT> ROCM_TIDY_DEVICE void __syncwarp(MaskT mask);

#if !defined(HIP_ENABLE_WARP_SYNC_BUILTINS)
template <class MaskT, class T> ROCM_TIDY_DEVICE T __shfl_sync(MaskT mask, T var, int srcLane, int width = 64);
template <class MaskT, class T>
ROCM_TIDY_DEVICE T __shfl_up_sync(MaskT mask, T var, unsigned int delta, int width = 64);
template <class MaskT, class T>
ROCM_TIDY_DEVICE T __shfl_down_sync(MaskT mask, T var, unsigned int delta, int width = 64);
template <class MaskT, class T> ROCM_TIDY_DEVICE T __shfl_xor_sync(MaskT mask, T var, int laneMask, int width = 64);
template <class MaskT> ROCM_TIDY_DEVICE unsigned long long __ballot_sync(MaskT mask, int predicate);
template <class MaskT> ROCM_TIDY_DEVICE int __any_sync(MaskT mask, int predicate);
template <class MaskT> ROCM_TIDY_DEVICE int __all_sync(MaskT mask, int predicate);
template <class MaskT, class T> ROCM_TIDY_DEVICE unsigned long long __match_any_sync(MaskT mask, T value);
template <class MaskT, class T> ROCM_TIDY_DEVICE unsigned long long __match_all_sync(MaskT mask, T value, int *pred);
#endif

template <class MaskT> ROCM_TIDY_DEVICE unsigned int __reduce_add_sync(MaskT mask, unsigned int value);
template <class MaskT> ROCM_TIDY_DEVICE unsigned int __reduce_min_sync(MaskT mask, unsigned int value);
template <class MaskT> ROCM_TIDY_DEVICE unsigned int __reduce_max_sync(MaskT mask, unsigned int value);
template <class MaskT> ROCM_TIDY_DEVICE unsigned int __reduce_and_sync(MaskT mask, unsigned int value);
template <class MaskT> ROCM_TIDY_DEVICE unsigned int __reduce_or_sync(MaskT mask, unsigned int value);
template <class MaskT> ROCM_TIDY_DEVICE unsigned int __reduce_xor_sync(MaskT mask, unsigned int value);

#undef ROCM_TIDY_DEVICE
#endif

#endif // ROCM_TIDY_HIP_SUPPLEMENT_H
