#include "FindingStream.h"

#include <algorithm>
#include <tuple>

namespace rocmlint {

// The key of mergeFindingsByLocation: one finding per key in the report, one in the stream.
static std::string locationKey(const rocmtidy::Finding &F) {
  return F.Check + "\n" + F.File + "\n" + std::to_string(F.Offset) + "\n" + withoutTemplateArguments(F.Message);
}

// The report's order within what is printed at once.
static void sortLikeReport(std::vector<rocmtidy::Finding> &Findings) {
  std::stable_sort(Findings.begin(), Findings.end(), [](const auto &A, const auto &B) {
    return std::tie(A.File, A.Line, A.Column, A.Check) < std::tie(B.File, B.Line, B.Column, B.Check);
  });
}

FindingStream::FindingStream(std::vector<size_t> Seq, size_t HeldFrom,
                             std::function<std::vector<SourcedFinding>(size_t)> Convert,
                             std::function<bool(const std::string &)> Write)
    : Sequence(std::move(Seq)), HeldFrom(HeldFrom), Convert(std::move(Convert)), Write(std::move(Write)) {
  size_t Max = 0;
  for (size_t I : Sequence)
    Max = std::max(Max, I + 1);
  Done.assign(Max, 0);
  Position.assign(Max, 0);
  for (size_t P = 0; P < Sequence.size(); ++P)
    Position[Sequence[P]] = P;
}

void FindingStream::print(std::vector<rocmtidy::Finding> Findings) {
  sortLikeReport(Findings);
  std::vector<rocmtidy::Finding> Fresh;
  for (rocmtidy::Finding &F : Findings)
    if (Printed.insert(locationKey(F)).second)
      Fresh.push_back(std::move(F));
  if (Fresh.empty() || Failed)
    return;
  Failed = !Write(formatText(Fresh));
}

void FindingStream::done(size_t Index) {
  std::lock_guard<std::mutex> L(Mu);
  if (Index >= Done.size())
    return;
  Done[Index] = 1;
  while (Next < Sequence.size() && Done[Sequence[Next]]) {
    bool Header = Next >= HeldFrom;
    size_t I = Sequence[Next++];
    std::vector<SourcedFinding> Own;
    for (SourcedFinding &S : Convert(I)) {
      // A finding with no file (a configuration problem) or in the analysed file is final now.
      if (!Header && (S.Finding.File.empty() || S.Finding.File == S.Source))
        Own.push_back(std::move(S));
      else
        Held.emplace_back(I, std::move(S));
    }
    print(mergeFindingsByLocation(std::move(Own)));
  }
}

void FindingStream::finish() {
  std::lock_guard<std::mutex> L(Mu);
  // The report merges in input order: notes of other includers come in the same order here.
  std::stable_sort(Held.begin(), Held.end(), [](const auto &A, const auto &B) { return A.first < B.first; });
  std::vector<SourcedFinding> All;
  for (auto &H : Held)
    All.push_back(std::move(H.second));
  Held.clear();
  print(mergeFindingsByLocation(std::move(All)));
}

} // namespace rocmlint
