#pragma once
// A port's hack to make a 32-lane layout compile: the compiler's own width macro set before the
// library headers read it.
#ifdef MYLIB_USE_HIP
#define __AMDGCN_WAVEFRONT_SIZE 32
#endif
