// A project header whose name mentions CUDA.
