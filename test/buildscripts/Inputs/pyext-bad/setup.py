from setuptools import setup
setup(name="broken", ext_modules=[CUDAExtension("x", ["x.cu"]
