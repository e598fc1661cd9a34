# CUDAExtension adds the include and library directories of the toolkit at hand (CUDA_HOME or
# ROCM_HOME), so the extension names none.
import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

here = os.path.dirname(os.path.abspath(__file__))

setup(
    name="saxpy_ext",
    ext_modules=[
        CUDAExtension(
            "saxpy_ext",
            [os.path.join(here, "..", "..", "rocm-pyext-common", "saxpy.cu")],
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
