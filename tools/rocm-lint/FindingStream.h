#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_FINDINGSTREAM_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_FINDINGSTREAM_H

// Text findings on standard output as files finish (rocm-lint without a terminal, e.g. in CI), in
// an order that does not depend on -j: the files' order of analysis (sources by path, then headers
// analysed on their own), each file printed once it and every file before it are done.
//
// A finding in the analysed file itself is printed with that file, merged across its passes and
// template instantiations as in the report. A finding in another file (a header) may still be
// reached by a later includer, whose name the report adds as a note: such findings are held and
// printed at the end, merged and sorted, with all their notes. A location is printed once: when a
// later file reports a location already printed (a source #included by another source), it is not
// printed again, and that includer's "also reached through" note is only in the final report.
// The streamed text therefore holds the report's findings and notes, sources' findings first.
#include "Lint.h"

#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace rocmlint {

class FindingStream {
public:
  /// \p Sequence: file indices in the order they are printed. \p Convert(I): file I's findings as
  /// the report sees them (filtered, paths relative), each with the file that reported it.
  /// \p Write: prints text; returns false when the output failed (later text is dropped).
  /// Files from position \p HeldFrom of \p Sequence on are headers analysed on their own: all their
  /// findings are held with the other header findings, so that headers come out sorted as in the report.
  FindingStream(std::vector<size_t> Sequence, size_t HeldFrom,
                std::function<std::vector<SourcedFinding>(size_t)> Convert,
                std::function<bool(const std::string &)> Write);

  /// File \p Index is analysed (or needs no analysis): prints every file now ready. Thread-safe.
  void done(size_t Index);
  /// Prints the held findings; every file must be done.
  void finish();
  bool failed() const { return Failed; }

private:
  std::vector<size_t> Sequence;
  std::vector<char> Done;     // by file index
  std::vector<size_t> Position; // file index -> position in Sequence
  size_t Next = 0;             // first position not printed
  size_t HeldFrom;
  std::function<std::vector<SourcedFinding>(size_t)> Convert;
  std::function<bool(const std::string &)> Write;
  std::vector<std::pair<size_t, SourcedFinding>> Held; // (file index, finding) in headers
  std::set<std::string> Printed;                       // check, location, message stem
  bool Failed = false;
  std::mutex Mu;

  void print(std::vector<rocmtidy::Finding> Findings);
};

} // namespace rocmlint

#endif
