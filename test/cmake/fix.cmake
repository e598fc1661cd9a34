# --fix replaces raw library names by imported targets in place, byte for byte elsewhere, and the
# result is clean for those findings. Findings without a mechanical fix stay.
# RUN: cp %s %t.cmake
# RUN: not rocm-lint --fix %t.cmake > %t.log 2> %t.err
# RUN: FileCheck --check-prefix=FIXED --input-file=%t.cmake %s
# RUN: FileCheck --check-prefix=ERR --input-file=%t.err %s
# RUN: not rocm-lint %t.cmake 2>&1 | FileCheck --check-prefix=AFTER %s --implicit-check-not=warning: --implicit-check-not=error:
# A second --fix changes nothing.
# RUN: cp %t.cmake %t.once
# RUN: not rocm-lint --fix %t.cmake
# RUN: diff %t.once %t.cmake

find_package(hip REQUIRED)
target_link_libraries(app PRIVATE -lamdhip64  "-lhipblas" # keep this comment
    amdhip64 -lm	-lcudart)
# The imported targets need their packages: find_package() for each one the file lacks goes in
# once, before the first command fixed (the file finds hip already).
# FIXED: {{^}}find_package(hip REQUIRED){{$}}
# FIXED-NEXT: {{^}}find_package(CUDAToolkit REQUIRED){{$}}
# FIXED-NEXT: {{^}}find_package(hipblas REQUIRED){{$}}
# FIXED-NEXT: {{^}}find_package(hiprand REQUIRED){{$}}
# FIXED-NEXT: {{^}}find_package(rocblas REQUIRED){{$}}
# FIXED-NEXT: {{^}}target_link_libraries(app PRIVATE hip::host  roc::hipblas # keep this comment{{$}}
# FIXED-NEXT: {{^}}    hip::host -lm	CUDA::cudart){{$}}
target_link_libraries(app PRIVATE ${ROCM_PATH}/lib/librocblas.so -l:libhiprand.so)
# FIXED: {{^}}target_link_libraries(app PRIVATE roc::rocblas hip::hiprand){{$}}
target_link_libraries(app PRIVATE "amdhip64;m" -l\amdhip64 cudnn)
# FIXED: {{^}}target_link_libraries(app PRIVATE "amdhip64;m" -l\amdhip64 cudnn){{$}}
set(CMAKE_EXE_LINKER_FLAGS "-lamdhip64")
# FIXED: {{^}}set(CMAKE_EXE_LINKER_FLAGS "-lamdhip64"){{$}}

# ERR: rocm-lint: applied 7 fixes to 1 file
# What is left (lines 20 and 22 before the fix): a list element, an escaped flag, cuDNN (no package of its own)
# and a flag inside a string.
# AFTER: .cmake:31:36: warning: GPU library 'amdhip64' linked by name
# AFTER: .cmake:31:48: warning: raw link flag '-lamdhip64'
# AFTER: .cmake:31:60: warning: GPU library 'cudnn' linked by name
# AFTER: .cmake:33:29: warning: raw link flag '-lamdhip64'
