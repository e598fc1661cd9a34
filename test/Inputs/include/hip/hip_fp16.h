// Stand-in for HIP half-precision types.
struct __half { unsigned short x; };
