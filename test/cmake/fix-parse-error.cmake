# A file that does not parse is reported with a located error and left untouched by --fix.
# RUN: cp %s %t.cmake
# RUN: not rocm-lint --fix %t.cmake 2>&1 | FileCheck %s --implicit-check-not=warning:
# RUN: diff %s %t.cmake

target_link_libraries(app -lamdhip64)
# CHECK: .cmake:[[@LINE+1]]:5: unterminated quoted argument; the file could not be analysed
set("x
