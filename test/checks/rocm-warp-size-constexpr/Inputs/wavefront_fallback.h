// A port header that defines the wavefront macro itself when the compiler no longer does.
#pragma once
#ifndef __AMDGCN_WAVEFRONT_SIZE
#ifdef __GFX9__
#define __AMDGCN_WAVEFRONT_SIZE 64
#else
#define __AMDGCN_WAVEFRONT_SIZE 32
#endif
#endif
