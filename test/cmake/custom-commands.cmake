# Toolkit paths in the commands a build runs: add_custom_command, add_custom_target, add_test,
# execute_process and install(CODE). Reported at the path, inside strings and flags too.
# RUN: not rocm-lint --checks=-*,rocm-cmake-hardcoded-toolkit-path %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:

cmake_minimum_required(VERSION 3.21)
project(cmds LANGUAGES CXX HIP)
add_executable(app main.hip)

# CHECK: custom-commands.cmake:[[@LINE+1]]:45: warning: hard-coded toolkit path '/opt/rocm/bin/hipcc'; use $ENV{ROCM_PATH} with '/opt/rocm' only as a fallback, or find_package(hip) [rocm-cmake-hardcoded-toolkit-path]
add_custom_command(OUTPUT kernel.co COMMAND /opt/rocm/bin/hipcc --genco kernel.hip -o kernel.co
# CHECK: custom-commands.cmake:[[@LINE+1]]:24: warning: hard-coded toolkit path '/opt/rocm-6.2.0/include'
  DEPENDS kernel.hip -I/opt/rocm-6.2.0/include)
# CHECK: custom-commands.cmake:[[@LINE+1]]:56: warning: hard-coded toolkit path '/usr/local/cuda/bin/ptxas'
add_custom_target(dump ALL COMMAND ${CMAKE_COMMAND} -E /usr/local/cuda/bin/ptxas)
# CHECK: custom-commands.cmake:[[@LINE+1]]:37: warning: hard-coded toolkit path '/opt/rocm/bin/rocminfo'
add_test(NAME agents COMMAND sh -c "/opt/rocm/bin/rocminfo | grep gfx")
# CHECK: custom-commands.cmake:[[@LINE+1]]:25: warning: hard-coded toolkit path '/opt/rocm/bin/hipconfig'
execute_process(COMMAND /opt/rocm/bin/hipconfig --version OUTPUT_VARIABLE V)
# CHECK: custom-commands.cmake:[[@LINE+1]]:39: warning: hard-coded toolkit path '/opt/rocm/lib/x'
install(CODE "execute_process(COMMAND /opt/rocm/lib/x)")
# Through a variable: reported at the use, with the note.
set(TOOL /opt/rocm/llvm/bin/clang-offload-bundler)
# CHECK: custom-commands.cmake:[[@LINE+2]]:45: warning: hard-coded toolkit path '/opt/rocm/llvm/bin/clang-offload-bundler'
# CHECK: note: through '${TOOL}', set at line [[@LINE-2]]
add_custom_command(OUTPUT unbundled COMMAND ${TOOL} --list)

# ---- quiet ----------------------------------------------------------------------------------------
# Paths from the environment or a variable the user sets.
add_custom_command(OUTPUT a COMMAND $ENV{ROCM_PATH}/bin/hipcc -c a.hip)
add_test(NAME b COMMAND ${ROCM_PATH}/bin/rocminfo)
# Look-alikes: a longer directory name, a path that only contains the root.
add_custom_command(OUTPUT c COMMAND /opt/rocmfoo/bin/x /home/me/opt/rocm/x)
# install(SCRIPT) and install(FILES): no command runs a toolkit binary.
install(FILES /opt/rocm/share/doc.txt DESTINATION share)
# A fallback branch.
if(NOT DEFINED ENV{ROCM_PATH})
  add_custom_command(OUTPUT d COMMAND /opt/rocm/bin/hipcc -c d.hip)
endif()
# A message is not a command.
message(STATUS "ROCm usually lives in /opt/rocm")
