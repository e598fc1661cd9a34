# The same extension for CUDA and ROCm: CUDAExtension supplies the toolkit's directories and
# runtime, nvcc's flags go to the CUDA build only, and the ROCm build gets hipcc's spelling (the
# architecture comes from PYTORCH_ROCM_ARCH, e.g. PYTORCH_ROCM_ARCH=gfx90a).
import os

import torch
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

here = os.path.dirname(os.path.abspath(__file__))
nvcc_flags = ["-O3"]
if torch.version.hip:
    nvcc_flags += ["-ffast-math"]
else:
    nvcc_flags += ["--use_fast_math", "-gencode", "arch=compute_80,code=sm_80", "--expt-relaxed-constexpr"]

setup(
    name="saxpy_ext",
    ext_modules=[
        CUDAExtension(
            "saxpy_ext",
            [os.path.join(here, "..", "..", "rocm-pyext-common", "saxpy.cu")],
            extra_compile_args={"cxx": ["-O3"], "nvcc": nvcc_flags},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
