#include "core/Finding.h"

#include <algorithm>

namespace rocmtidy {

void sortByOffset(std::vector<Finding> &Findings) {
  // An index sort rather than std::stable_sort, which trips a libstdc++ deprecation warning.
  std::vector<size_t> Order(Findings.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return Findings[A].Offset != Findings[B].Offset ? Findings[A].Offset < Findings[B].Offset : A < B;
  });
  std::vector<Finding> Sorted;
  Sorted.reserve(Findings.size());
  for (size_t I : Order)
    Sorted.push_back(std::move(Findings[I]));
  Findings = std::move(Sorted);
}

} // namespace rocmtidy
