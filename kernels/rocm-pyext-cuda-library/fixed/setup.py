# CUDAExtension links the GPU runtime of the toolkit at hand (the CUDA runtime, or the HIP runtime
# in a ROCm build of PyTorch), so the extension names no runtime library.
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
