#include "core/StringUtil.h"

namespace rocmtidy {

bool startsWith(std::string_view S, std::string_view Prefix) { return S.substr(0, Prefix.size()) == Prefix; }

bool endsWith(std::string_view S, std::string_view Suffix) {
  return S.size() >= Suffix.size() && S.substr(S.size() - Suffix.size()) == Suffix;
}

std::string asciiLower(std::string_view S) {
  std::string R(S);
  for (char &C : R)
    if (C >= 'A' && C <= 'Z')
      C = static_cast<char>(C - 'A' + 'a');
  return R;
}

static bool isAsciiLetter(char C) { return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z'); }

bool containsWord(std::string_view Text, std::string_view Word) {
  if (Word.empty())
    return false;
  for (size_t At = Text.find(Word); At != std::string_view::npos; At = Text.find(Word, At + 1)) {
    bool Before = At == 0 || !isAsciiLetter(Text[At - 1]);
    bool After = At + Word.size() == Text.size() || !isAsciiLetter(Text[At + Word.size()]);
    if (Before && After)
      return true;
  }
  return false;
}

std::vector<std::string_view> splitNonEmpty(std::string_view S, std::string_view Separators) {
  std::vector<std::string_view> Out;
  for (size_t I = 0; I < S.size();) {
    size_t End = S.find_first_of(Separators, I);
    if (End == std::string_view::npos)
      End = S.size();
    if (End > I)
      Out.push_back(S.substr(I, End - I));
    I = End + 1;
  }
  return Out;
}

} // namespace rocmtidy
