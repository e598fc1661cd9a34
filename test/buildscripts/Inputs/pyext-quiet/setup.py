# A PyTorch extension that builds for CUDA and ROCm: nothing to report; each line says why.
import os
import torch
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension, CUDA_HOME, ROCM_HOME

IS_ROCM = torch.version.hip is not None
# Flags chosen by a test for ROCm: either branch is the author's choice for that platform.
if IS_ROCM:
    arch = ["-ffast-math"]
    libs = ["hipblas"]
    home = ROCM_HOME
elif os.environ.get("FORCE_CUDA"):
    arch = ["-gencode", "arch=compute_80,code=sm_80", "--use_fast_math"]
    libs = ["cublas"]
    home = CUDA_HOME
else:
    arch = ["-arch=sm_80"]
    libs = ["cublas"]
    home = CUDA_HOME
# A name derived from torch.version.cuda is None on ROCm: its branch is the CUDA build's.
CUDA_VERSION = os.getenv("CUDA_VERSION", None) or torch.version.cuda
def compile_args():
    args = {}
    if os.name == "nt" and CUDA_VERSION:
        args = {"nvcc": ["-allow-unsupported-compiler"]}
    elif CUDA_VERSION:
        args = {"nvcc": ["-O3", "--expt-relaxed-constexpr", "--use_fast_math"]}
    return args
cuda_args = compile_args()
# PyTorch has no ROCm build on Windows.
windows = os.name == "nt"
win_libs = ["cublas"] if windows else []
# A conditional expression that tests for HIP.
lt = ["-lineinfo"] if not torch.version.hip else []
# A helper that answers the question is a test of the platform too.
def _is_cuda() -> bool:
    return torch.version.cuda is not None
if _is_cuda():
    lt += ["-gencode", "arch=compute_90,code=sm_90"]
# Flags hipcc shares with nvcc; a default the environment overrides.
common = ["-O3", "-std=c++17", "-DNDEBUG", "-U__CUDA_NO_HALF_OPERATORS__"]
cuda_home = os.environ.get("CUDA_HOME", "/usr/local/cuda")
# Strings that only mention a path, a message, a '#' inside a string.
print("looking for ROCm in /opt/rocm # or elsewhere")
msg = """the CUDA build needs /usr/local/cuda and -gencode"""

setup(
    name="dual",
    ext_modules=[
        CUDAExtension(
            "dual._C",
            ["csrc/bind.cpp", "csrc/kernel.cu"],
            include_dirs=[os.path.join(home, "include")],
            libraries=libs + ["m"] + win_libs,
            extra_compile_args={"cxx": ["-O3", "-gencode"], "nvcc": common + arch + lt},
        ),
        CUDAExtension("cuda_only._C", ["csrc/k.cu"], extra_compile_args=cuda_args),
    ],
    cmdclass={"build_ext": BuildExtension},
)
# Suppressed in Python's comment syntax:
bad = CUDAExtension("x", ["x.cu"], libraries=["cudart"])  # rocm-lint: disable=rocm-pyext-cuda-library
