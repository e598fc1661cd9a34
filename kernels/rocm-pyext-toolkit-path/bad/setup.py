# A PyTorch extension that hard-codes the CUDA toolkit's directories: a ROCm machine has nothing
# there, and CUDA_HOME is None in a ROCm build of PyTorch.
import os

from setuptools import setup
from torch.utils.cpp_extension import CUDA_HOME, BuildExtension, CUDAExtension

here = os.path.dirname(os.path.abspath(__file__))

setup(
    name="saxpy_ext",
    ext_modules=[
        CUDAExtension(
            "saxpy_ext",
            [os.path.join(here, "..", "..", "rocm-pyext-common", "saxpy.cu")],
            include_dirs=["/usr/local/cuda/include", os.path.join(CUDA_HOME, "include")],
            library_dirs=["/usr/local/cuda/lib64"],
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
