//===- SegmentGlob.h - Globs over one path segment --------------*- C++ -*-===//
//
// The exclude patterns of .rocm-lint come from the repository being linted, so a hostile pattern
// must not make matching slow. llvm::GlobPattern backtracks exponentially on LLVM 16, so one
// segment ('*', '?', '[...]', '\' escapes; '*' never crosses '/') is matched here with the
// greedy star algorithm: at most pattern length x text length steps on every LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_TIDY_CORE_SEGMENTGLOB_H
#define ROCM_TIDY_CORE_SEGMENTGLOB_H

#include <bitset>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy {

class SegmentGlob {
public:
  /// Compiles \p Pattern; on a malformed pattern returns false with a one-line reason in \p Error.
  static bool compile(std::string_view Pattern, SegmentGlob &Out, std::string &Error);
  bool match(std::string_view Text) const;

private:
  struct Item {
    enum Kind { Char, AnyChar, Star, Set } K = Char;
    char C = 0;
    std::bitset<256> Members; // for Set, after negation
  };
  bool matchesOne(const Item &I, char C) const;
  std::vector<Item> Items;
};

} // namespace rocmtidy

#endif
