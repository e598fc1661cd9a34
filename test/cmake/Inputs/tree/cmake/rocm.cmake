set(CMAKE_PREFIX_PATH /opt/rocm)
