#ifndef ROCM_TIDY_CORE_COMMANDSANITIZER_H
#define ROCM_TIDY_CORE_COMMANDSANITIZER_H

#include <string>
#include <vector>

namespace rocmtidy {

/// One argument (or argument group, e.g. "-Xclang -load -Xclang x.so") the sanitizer removed.
struct DroppedFlag {
  std::string Flag;   // the removed arguments, joined by spaces
  std::string Reason; // why, e.g. "writes a file"
};

/// Makes a compile command from an untrusted source (compile database, compile_flags.txt,
/// .rocm-lint extra-arg, --extra-arg) safe to hand to clang's front end in-process: every argument
/// that would make the driver or the front end write a file, load code (plugins, -mllvm options
/// that are process-global), load a serialized AST (PCH, modules), read further arguments from a
/// file we never see (@file, --config), or switch the driver to another mode is removed.
/// Flags are kept only when they are on an allow-list of families (-I, -D, -std=, -f..., -W..., ...)
/// and not on the deny-list inside those families; anything else starting with '-' is dropped.
/// argv[0] is kept only when it names a GCC/Clang-style, hipcc or nvcc driver; otherwise it
/// becomes "clang++". Of the positional arguments only \p MainFile is kept (all of them when it
/// is empty).
std::vector<std::string> sanitizeCompileCommand(const std::vector<std::string> &Argv, const std::string &MainFile,
                                                std::vector<DroppedFlag> &Dropped);

} // namespace rocmtidy

#endif
