#ifndef ROCM_TIDY_CORE_FINDING_H
#define ROCM_TIDY_CORE_FINDING_H

#include <string>
#include <vector>

namespace rocmtidy {

/// One replacement in one file, by byte offset (as clang's tooling::Replacement).
struct TextEdit {
  std::string File;
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Replacement;
};

struct FindingNote {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Message;
};

/// A diagnostic in the shape every rocm-lint output format consumes; clang-tidy
/// diagnostics and the CMake linter's findings are both converted to it.
struct Finding {
  std::string Check;              // e.g. "rocm-cuda-header"
  std::string Severity = "warning"; // "warning" or "error"
  std::string File;
  unsigned Line = 0;              // 1-based
  unsigned Column = 0;            // 1-based, in bytes
  unsigned Offset = 0;            // byte offset of the location in File
  std::string Message;
  std::vector<FindingNote> Notes;
  std::vector<TextEdit> Fixes;
};

/// Orders the findings of one file by offset, keeping the order in which they were found among
/// findings at one offset.
void sortByOffset(std::vector<Finding> &Findings);

} // namespace rocmtidy

#endif
