# A PyTorch extension: torch.utils.cpp_extension builds the sources, hipified on ROCm.
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="rows",
    ext_modules=[CUDAExtension("rows", ["rows.cu", "bind.cpp", "hipified.hip", "quiet.cu", "extras.cpp", "loop.cu", "tuples.cu"])],
    cmdclass={"build_ext": BuildExtension},
)
