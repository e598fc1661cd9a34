// A project's HIP compatibility header: its *_sync replacements drop the mask.
#pragma once
#define __any_sync(mask, var) __any(var)
#define __shfl_down_sync(mask, var, delta) __shfl_down(var, delta)
