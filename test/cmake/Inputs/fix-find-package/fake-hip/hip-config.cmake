# Stands in for ROCm's hip-config.cmake (which needs hipcc installed): it defines the imported
# target that rocm-cmake-raw-link-flag's fix-it links.
if(NOT TARGET hip::host)
  add_library(hip::host INTERFACE IMPORTED)
endif()
