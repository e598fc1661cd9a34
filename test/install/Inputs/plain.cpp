// Needs the compiler's builtin headers (stddef.h), which the installed rocm-clangd must find.
#include <stddef.h>
size_t Count = 0;
