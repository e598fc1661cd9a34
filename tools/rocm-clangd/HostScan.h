#ifndef ROCM_TIDY_TOOLS_ROCM_CLANGD_HOSTSCAN_H
#define ROCM_TIDY_TOOLS_ROCM_CLANGD_HOSTSCAN_H

// What the host parse tells the device parse (DevicePassCheck.cpp): the main-file regions its
// preprocessor skipped, the functions it saw defined, which of their bodies the code in those
// regions may reach, and the text the device parse reads with every other body blank.
#include "DeviceReuse.h"

#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>
#include <vector>

namespace clang {
class LangOptions;
class SourceManager;
} // namespace clang

namespace rocmclangd {

bool inRanges(const Ranges &R, unsigned Offset);

// The main-file regions a preprocessor skipped, '#if' to '#endif'.
struct SkippedRanges : clang::PPCallbacks {
  SkippedRanges(const clang::SourceManager &SM, Ranges &Out) : SM(SM), Out(Out) {}
  void SourceRangeSkipped(clang::SourceRange Range, clang::SourceLocation EndifLoc) override;
  const clang::SourceManager &SM;
  Ranges &Out;
};

// A function the host parse saw defined in the main file: where it is, so that the device parse can
// tell which bodies the code in the skipped regions may reach.
struct HostFunction {
  unsigned Begin, End, NameOffset;
  std::string Name;
  Ranges Body;    // inside the braces; empty for a function-try-block or braces from a macro
  bool Skippable; // clang may skip it: not constexpr, no deduced return type
};

// What the device parse must keep: the bodies of the functions whose definition encloses a skipped
// region, and of every function whose name occurs in a skipped region or in a kept body (by name,
// transitively, so overloads and same-named methods are kept too). Everything else can only yield
// findings outside the skipped regions, which are dropped anyway, or was already seen by the host parse.
struct KeepSet {
  std::set<unsigned> Offsets;
  std::set<std::string> Names;
};

KeepSet keepSet(llvm::StringRef Buffer, const Ranges &Skipped, const std::vector<HostFunction> &Functions,
                const clang::LangOptions &LO);

// The device parse reads a copy of the buffer in which the bodies it would skip are blank (spaces;
// every line break and every preprocessor directive kept, so offsets, lines and macros stay as
// they were): skipping a body still lexes and preprocesses all of it, blank text costs nearly
// nothing. A preamble never reaches a body (it ends before the first declaration), so the blank
// text is all in what the device parse reads after it.
std::string deviceBuffer(llvm::StringRef Buffer, const std::vector<HostFunction> &Functions, const KeepSet &Keep,
                         const Ranges &Skipped, const clang::LangOptions &LO);

} // namespace rocmclangd

#endif
