# A PyTorch extension written for CUDA: what its ROCm build (pip install . with a ROCm PyTorch)
# trips over. PyTorch hipifies saxpy.cu, but the flags, libraries and paths below reach hipcc and
# the linker as written.
import os

from setuptools import setup
from torch.utils.cpp_extension import CUDA_HOME, BuildExtension, CUDAExtension

here = os.path.dirname(os.path.abspath(__file__))
nvcc_flags = ["-O3", "--use_fast_math", "-gencode", "arch=compute_80,code=sm_80", "--expt-relaxed-constexpr"]

setup(
    name="saxpy_ext",
    ext_modules=[
        CUDAExtension(
            "saxpy_ext",
            [os.path.join(here, "..", "..", "rocm-pyext-common", "saxpy.cu")],
            include_dirs=[os.path.join(CUDA_HOME, "include")],
            library_dirs=["/usr/local/cuda/lib64"],
            libraries=["cudart"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": nvcc_flags},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
