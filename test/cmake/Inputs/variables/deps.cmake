# Included by variables.cmake: a variable set here is linked there.
set(DEP_LIBS -lamdhip64)
set(DEP_ROCM $ENV{ROCM_PATH})
