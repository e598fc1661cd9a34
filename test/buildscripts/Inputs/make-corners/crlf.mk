override ROCM_DIR = /opt/rocm
