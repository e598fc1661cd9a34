#pragma once
// A width table written before MI300: gfx942 falls into the 32-lane branch.
#if defined(__gfx906__) || defined(__gfx908__) || defined(__gfx90a__)
#define WAVEFRONT_SIZE 64
#else
#define WAVEFRONT_SIZE 32
#endif
