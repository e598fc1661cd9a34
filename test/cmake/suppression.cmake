# Suppression comments: '# rocm-lint: disable=<rule>[,<rule>]' on the finding's line, the line
# before it, or the first line of its command (or the line before that); 'disable-file=' anywhere.
# RUN: not rocm-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:

# rocm-lint: disable-file=rocm-cmake-legacy-cuda
project(port LANGUAGES CXX HIP)
find_package(CUDA)

target_link_libraries(a -lamdhip64) # rocm-lint: disable=rocm-cmake-raw-link-flag
# rocm-lint: disable=rocm-cmake-hardcoded-toolkit-path, rocm-cmake-raw-link-flag -- vendored code
target_link_libraries(b -lamdhip64)
# Two lines below a suppression: reported.
# CHECK: :[[@LINE+1]]:25: warning: raw link flag '-lamdhip64'
target_link_libraries(c -lamdhip64)
# rocm-lint: disable=rocm-cmake-raw-link-flag
target_link_libraries(d
  PRIVATE
  -lamdhip64)
# Another rule's suppression does not apply.
# CHECK: :[[@LINE+1]]:25: warning: raw link flag '-lamdhip64'
target_link_libraries(e -lamdhip64) # rocm-lint: disable=rocm-cmake-hardcoded-toolkit-path
# Only a comment that starts with the directive counts.
# CHECK: :[[@LINE+1]]:25: warning: raw link flag '-lamdhip64'
target_link_libraries(f -lamdhip64) # see rocm-lint: disable=rocm-cmake-raw-link-flag
target_link_libraries(g -lamdhip64) # rocm-lint: disable=rocm-cmake-*
# CHECK: :[[@LINE+1]]:23: warning: hard-coded toolkit path '/opt/rocm'
set(CMAKE_PREFIX_PATH /opt/rocm) # rocm-lint: disable=rocm-cmake-raw-link-flag
