// GUARD_CHECK: a kernel in every shape kernel-guard.py must see, and text it must leave alone.
#include "kern.h"
#include "sub/a.cuh"
#include "../guard-outside.h"
#define KERNEL __global__
// __global__ void inComment() {}
/* __global__ void inBlockComment() {} */
const char *Text = "__global__ void inString() {";
__global__ void declared(int);
template <int N> __global__ void __launch_bounds__(256, 2) tmpl(int A, int (*F)(int)) { }
extern "C" __global__
void
multiLine(
#ifdef WIDE
    long A
#else
    int A
#endif
) {
}
int Big = 1'000; __global__ void afterSeparator() {}
KERNEL void throughMacro() {}
int main() { return 0; }
