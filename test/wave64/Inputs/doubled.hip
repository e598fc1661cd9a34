// WIDTH_DEPENDENT: a sum over a 32-lane group stored per 64-lane wavefront
__global__ void k() {}
int main() { return 0; }
