// A port's compatibility header that stubs the active mask for its HIP build.
#pragma once
#if defined(__HIP_PLATFORM_AMD__)
#define __activemask() (0x3Fu)
#endif
