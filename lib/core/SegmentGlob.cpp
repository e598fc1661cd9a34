#include "core/SegmentGlob.h"

namespace rocmtidy {

bool SegmentGlob::compile(std::string_view P, SegmentGlob &Out, std::string &Error) {
  Out.Items.clear();
  for (size_t I = 0; I < P.size(); ++I) {
    Item It;
    char C = P[I];
    if (C == '\\') {
      if (I + 1 == P.size()) {
        Error = "stray '\\' at the end of the pattern";
        return false;
      }
      It.C = P[++I];
    } else if (C == '?') {
      It.K = Item::AnyChar;
    } else if (C == '*') {
      // Runs of '*' mean one '*'; keeping one keeps the matcher's work bounded.
      if (!Out.Items.empty() && Out.Items.back().K == Item::Star)
        continue;
      It.K = Item::Star;
    } else if (C == '[') {
      size_t J = I + 1;
      bool Negate = J < P.size() && (P[J] == '!' || P[J] == '^');
      if (Negate)
        ++J;
      std::bitset<256> Set;
      bool First = true, Closed = false;
      for (; J < P.size(); ++J) {
        unsigned char Lo = static_cast<unsigned char>(P[J]);
        if (P[J] == ']' && !First) {
          Closed = true;
          break;
        }
        First = false;
        if (P[J] == '\\' && J + 1 < P.size())
          Lo = static_cast<unsigned char>(P[++J]);
        unsigned char Hi = Lo;
        if (J + 2 < P.size() && P[J + 1] == '-' && P[J + 2] != ']') {
          J += 2;
          if (P[J] == '\\' && J + 1 < P.size())
            ++J;
          Hi = static_cast<unsigned char>(P[J]);
          if (Hi < Lo) {
            Error = "invalid range in '[...]'";
            return false;
          }
        }
        for (unsigned V = Lo; V <= Hi; ++V)
          Set.set(V);
      }
      if (!Closed) {
        Error = "unmatched '['";
        return false;
      }
      It.K = Item::Set;
      It.Members = Negate ? ~Set : Set;
      I = J;
    } else {
      It.C = C;
    }
    Out.Items.push_back(It);
  }
  return true;
}

bool SegmentGlob::matchesOne(const Item &I, char C) const {
  switch (I.K) {
  case Item::Char:
    return I.C == C;
  case Item::AnyChar:
    return true;
  case Item::Set:
    return I.Members.test(static_cast<unsigned char>(C));
  case Item::Star:
    return false;
  }
  return false;
}

bool SegmentGlob::match(std::string_view T) const {
  // Greedy: on a mismatch, let the most recent '*' take one more character. Each '*' only ever
  // resumes from the last one, so the work is bounded by items x characters.
  size_t P = 0, S = 0;
  size_t StarP = std::string_view::npos, StarS = 0;
  while (S < T.size()) {
    if (P < Items.size() && Items[P].K == Item::Star) {
      StarP = P++;
      StarS = S;
    } else if (P < Items.size() && matchesOne(Items[P], T[S])) {
      ++P;
      ++S;
    } else if (StarP != std::string_view::npos) {
      P = StarP + 1;
      S = ++StarS;
    } else {
      return false;
    }
  }
  while (P < Items.size() && Items[P].K == Item::Star)
    ++P;
  return P == Items.size();
}

} // namespace rocmtidy
