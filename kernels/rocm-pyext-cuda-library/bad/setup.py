# A PyTorch extension that links the CUDA runtime by name: the ROCm build (hipify + hipcc) fails
# to link with "cannot find -lcudart".
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
            libraries=["cudart"],
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
