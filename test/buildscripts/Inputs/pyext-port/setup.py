# A PyTorch extension written for CUDA only: what breaks its ROCm build. RUN lines: ../../setup-py.test
import os
import torch
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension, CUDA_HOME

# CHECK: setup.py:[[@LINE+1]]:15: warning: nvcc-only flag '--use_fast_math' in extra_compile_args['nvcc'] reaches hipcc unchanged in a ROCm build; use '-ffast-math' when torch.version.hip is set [rocm-pyext-nvcc-flag]
nvcc_flags = ['--use_fast_math', "-O3",
# CHECK: setup.py:[[@LINE+2]]:15: warning: nvcc-only flag '-gencode' in extra_compile_args['nvcc'] reaches hipcc unchanged in a ROCm build; give it only when torch.version.cuda is set (PyTorch adds --offload-arch from PYTORCH_ROCM_ARCH) [rocm-pyext-nvcc-flag]
# CHECK-NEXT: note: -gencode is an nvcc option (the clang driver rejects it: unknown argument)
              "-gencode", "arch=compute_80,code=sm_80",
              '-U__CUDA_NO_HALF_OPERATORS__']
# CHECK: setup.py:[[@LINE+1]]:19: warning: nvcc-only flag '--expt-relaxed-constexpr' in extra_compile_args['nvcc']
nvcc_flags.append("--expt-relaxed-constexpr")
# A string that holds two flags, and a raw string prefix.
# CHECK: setup.py:[[@LINE+1]]:16: warning: nvcc-only flag '-Xptxas' in extra_compile_args['nvcc']
nvcc_flags += [r"-Xptxas -v"]
extra = dict(cxx=["-O3"], nvcc=nvcc_flags)

setup(
    name="port",
    ext_modules=[
        CUDAExtension(
            "port._C",
            ["csrc/bind.cpp", "csrc/kernel.cu"],
# CHECK: setup.py:[[@LINE+2]]:40: warning: 'CUDA_HOME' in include_dirs is None in a ROCm build of PyTorch; CUDAExtension adds the toolkit's directories itself, or use ROCM_HOME when torch.version.hip is set [rocm-pyext-toolkit-path]
# CHECK-NEXT: note: os.path.join(CUDA_HOME, ...) then fails with 'TypeError: expected str, bytes or os.PathLike object, not NoneType' before anything compiles
            include_dirs=[os.path.join(CUDA_HOME, "include"),
# CHECK: setup.py:[[@LINE+1]]:27: warning: hard-coded toolkit path '/opt/rocm/include' in include_dirs; CUDAExtension adds ROCM_HOME's include and lib directories itself, remove it (or build it from torch.utils.cpp_extension.ROCM_HOME) [rocm-pyext-toolkit-path]
                          "/opt/rocm/include"],
# CHECK: setup.py:[[@LINE+1]]:27: warning: hard-coded toolkit path '/usr/local/cuda-12.4/lib64' in library_dirs
            library_dirs=['/usr/local/cuda-12.4/lib64'],
# CHECK: setup.py:[[@LINE+3]]:24: warning: CUDA library 'cudart' in libraries cannot be linked in a ROCm build; CUDAExtension links the HIP runtime itself, remove it [rocm-pyext-cuda-library]
# CHECK-NEXT: note: the link fails with 'cannot find -lcudart'; PyTorch hipifies sources, not the libraries a script names
# CHECK: setup.py:[[@LINE+1]]:34: warning: CUDA library 'cublas' in libraries cannot be linked in a ROCm build; link 'hipblas' when torch.version.hip is set [rocm-pyext-cuda-library]
            libraries=['cudart', "cublas", 'm'],
            extra_compile_args=extra,
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
