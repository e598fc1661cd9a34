// A project header choosing the warp width by target: the host pass defines no target macro, so
// it takes the '#else'.
#pragma once
#if defined(__gfx90a__) || defined(__gfx942__)
#define LIB_WAVE 64
#else
#define LIB_WAVE 32
#endif
