#include "project/PythonSource.h"

#include <cctype>
#include <map>

namespace rocmtidy::project {

std::vector<PyLine> pythonLines(const std::string &T) {
  std::vector<PyLine> Out;
  PyLine Cur;
  bool AtStart = true;
  unsigned Line = 1, Depth = 0;
  size_t I = 0;
  auto flush = [&] {
    bool Blank = Cur.Code.find_first_not_of(" \t\\") == std::string::npos && Cur.Strings.empty();
    if (!Blank)
      Out.push_back(std::move(Cur));
    Cur = PyLine();
    AtStart = true;
  };
  while (I < T.size()) {
    char C = T[I];
    if (AtStart) {
      size_t Indent = 0;
      while (I < T.size() && (T[I] == ' ' || T[I] == '\t')) {
        Indent += T[I] == '\t' ? 8 : 1;
        ++I;
      }
      Cur.Indent = Indent;
      Cur.Line = Line;
      AtStart = false;
      continue;
    }
    if (C == '#') {
      while (I < T.size() && T[I] != '\n')
        ++I;
      continue;
    }
    if (C == '\n') {
      ++Line;
      ++I;
      if (Depth == 0 && !(!Cur.Code.empty() && Cur.Code.back() == '\\'))
        flush();
      else
        Cur.Code += ' '; // a line break inside brackets separates tokens like a blank
      continue;
    }
    if (C == '"' || C == '\'') {
      bool Triple = T.compare(I, 3, std::string(3, C)) == 0;
      size_t Q = Triple ? 3 : 1;
      unsigned StartLine = Line;
      std::string Value;
      I += Q;
      while (I < T.size()) {
        if (T[I] == '\\' && I + 1 < T.size()) {
          Value += T[I + 1];
          I += 2;
          continue;
        }
        if (T.compare(I, Q, std::string(Q, C)) == 0) {
          I += Q;
          break;
        }
        if (T[I] == '\n') {
          ++Line;
          if (!Triple)
            break;
        }
        Value += T[I++];
      }
      Cur.Code += "\"\"";
      Cur.Strings.push_back({Value, StartLine});
      continue;
    }
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if ((C == ')' || C == ']' || C == '}') && Depth)
      --Depth;
    Cur.Code += C;
    ++I;
  }
  flush();
  return Out;
}

namespace {

bool identChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; }

/// The identifiers of \p Code with the offset just past each.
std::vector<std::pair<std::string, size_t>> identifiers(const std::string &Code) {
  std::vector<std::pair<std::string, size_t>> Out;
  for (size_t I = 0; I < Code.size();) {
    if (!identChar(Code[I])) {
      ++I;
      continue;
    }
    size_t Start = I;
    while (I < Code.size() && identChar(Code[I]))
      ++I;
    if (!std::isdigit(static_cast<unsigned char>(Code[Start])))
      Out.emplace_back(Code.substr(Start, I - Start), I);
  }
  return Out;
}

std::string trimmed(const std::string &S) {
  size_t B = S.find_first_not_of(" \t");
  if (B == std::string::npos)
    return "";
  size_t E = S.find_last_not_of(" \t");
  return S.substr(B, E - B + 1);
}

bool isSeed(const std::string &Name) {
  if (Name.size() != 13)
    return false;
  std::string L;
  for (char C : Name)
    L += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return L == "cudaextension";
}

} // namespace

std::optional<TorchExtensionCall> findTorchCudaExtension(const std::vector<PyLine> &Lines) {
  // Names that stand for CUDAExtension, with the line that bound each.
  std::map<std::string, unsigned> Aliases;
  auto names = [&](const std::string &N) { return isSeed(N) || Aliases.count(N) != 0; };
  // Bindings may come in any order (a helper defined above the import): repeat until nothing new,
  // a few rounds at most since each round adds at least one name.
  for (unsigned Round = 0; Round < 8; ++Round) {
    size_t Before = Aliases.size();
    for (const PyLine &L : Lines) {
      std::string Head = trimmed(L.Code);
      // from torch.utils.cpp_extension import (A, CUDAExtension as CE)
      if (Head.compare(0, 5, "from ") == 0 && Head.find("cpp_extension") != std::string::npos) {
        size_t Import = Head.find(" import ");
        if (Import == std::string::npos)
          continue;
        std::vector<std::pair<std::string, size_t>> Ids = identifiers(Head.substr(Import + 8));
        for (size_t I = 0; I + 2 < Ids.size(); ++I)
          if (isSeed(Ids[I].first) && Ids[I + 1].first == "as")
            Aliases.emplace(Ids[I + 2].first, L.Line);
        continue;
      }
      // NAME = <expression naming an alias>; '==' is a comparison, not a binding.
      size_t NameEnd = 0;
      while (NameEnd < Head.size() && identChar(Head[NameEnd]))
        ++NameEnd;
      if (NameEnd == 0 || std::isdigit(static_cast<unsigned char>(Head[0])))
        continue;
      size_t Eq = Head.find_first_not_of(" \t", NameEnd);
      if (Eq == std::string::npos || Head[Eq] != '=' || (Eq + 1 < Head.size() && Head[Eq + 1] == '='))
        continue;
      std::string Name = Head.substr(0, NameEnd);
      if (names(Name))
        continue;
      for (const auto &[Id, End] : identifiers(Head.substr(Eq + 1)))
        if (names(Id)) {
          Aliases.emplace(Name, L.Line);
          break;
        }
    }
    if (Aliases.size() == Before)
      break;
  }
  for (const PyLine &L : Lines) {
    std::vector<std::pair<std::string, size_t>> Ids = identifiers(L.Code);
    for (size_t I = 0; I < Ids.size(); ++I) {
      const auto &[Id, End] = Ids[I];
      if (!names(Id) || (I > 0 && (Ids[I - 1].first == "def" || Ids[I - 1].first == "class")))
        continue;
      size_t Next = L.Code.find_first_not_of(" \t", End);
      if (Next == std::string::npos || L.Code[Next] != '(')
        continue;
      TorchExtensionCall Call;
      Call.Line = L.Line;
      if (!isSeed(Id)) {
        Call.Through = Id;
        Call.BoundAt = Aliases[Id];
      }
      return Call;
    }
  }
  return std::nullopt;
}

} // namespace rocmtidy::project
