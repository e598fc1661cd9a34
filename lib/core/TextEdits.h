#ifndef ROCM_TIDY_CORE_TEXTEDITS_H
#define ROCM_TIDY_CORE_TEXTEDITS_H

#include "core/Finding.h"

#include <string>
#include <vector>

namespace rocmtidy {

/// Applies \p Edits (all for one file) to \p Content through clang::tooling::Replacements.
/// Duplicate edits (the same fix found by the host and the device pass) are applied once; an edit
/// that conflicts with one already taken (Replacements::add refuses it: overlapping and
/// order-dependent) or that reaches past the end is skipped and counted in \p Skipped. Users link
/// clangToolingCore. Returns the new content.
std::string applyEdits(const std::string &Content, std::vector<TextEdit> Edits, unsigned &Applied,
                       unsigned &Skipped);

/// Replaces \p Path by \p Content through a temporary file in the same directory and a rename,
/// so that a reader never sees a half-written file. Returns an error message, or "" on success.
std::string writeFileAtomically(const std::string &Path, const std::string &Content);

} // namespace rocmtidy

#endif
