# Syntax corners of the Python tokenizer. RUN lines: ../../setup-py-corners.test
import os
from torch.utils.cpp_extension import CUDAExtension, load

doc = """a triple-quoted string with 'quotes', "-gencode" and a ] bracket
libraries=['cudart'] is only text here"""
other = '''single-quoted triple: ( [ {'''
# Strings with prefixes and escapes; a '#' inside a string is not a comment.
flags = [b"-O3", u"-DX=\"#1\"", R'-I\include']
# A line continuation and a list split over lines with comments between elements.
args = ["-O2", \
# CHECK: setup.py:[[@LINE+1]]:9: warning: nvcc-only flag '--ptxas-options=-v' in extra_cuda_cflags
        '--ptxas-options=-v',  # ] not a bracket
        f"-DVERSION={1}"]
# torch.utils.cpp_extension.load(extra_cuda_cflags=...) is read like extra_compile_args['nvcc'].
mod = load(name="m", sources=["m.cu"], extra_cuda_cflags=args)
# extra_compile_args given as a name, with the 'nvcc' entry added by subscript.
eca = {"cxx": ["-O3"], "nvcc": []}
# CHECK: setup.py:[[@LINE+1]]:24: warning: nvcc-only flag '-maxrregcount=64' in extra_compile_args['nvcc']
eca["nvcc"] += ["-O3", "-maxrregcount=64"]
# A library given as a flag in extra_link_args, in a tuple.
# CHECK: setup.py:[[@LINE+2]]:57: warning: CUDA library 'curand' in extra_link_args cannot be linked in a ROCm build; link 'hiprand' when torch.version.hip is set [rocm-pyext-cuda-library]
ext = CUDAExtension("e", ["e.cu"], extra_compile_args=eca,
                    extra_link_args=("-Wl,--as-needed", "-lcurand"))
# A hard-coded home through os.environ.
# CHECK: setup.py:[[@LINE+1]]:27: warning: hard-coded toolkit path '/usr/local/cuda-11.8' in a toolkit home
os.environ["CUDA_HOME"] = "/usr/local/cuda-11.8"
# Tabs in indentation, and a block that ends at the end of the file without a newline.
if os.environ.get("X"):
	pass
	libraries=["cudart"]