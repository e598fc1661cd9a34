// BUILD_ERROR_AT_64: a 32-bit mask to __shfl_xor_sync
__global__ void k() {}
int main() { return 0; }
