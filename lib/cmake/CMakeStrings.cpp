#include "cmake/CMakeStrings.h"
#include "core/BuildSwitches.h"

#include <charconv>

namespace rocmtidy::cmake {

bool isUpperKeyword(std::string_view S) {
  if (S.empty())
    return false;
  for (char C : S)
    if (!((C >= 'A' && C <= 'Z') || C == '_'))
      return false;
  return true;
}

bool isGpuDir(std::string_view Dir) {
  std::string L = asciiLower(Dir);
  if (L.find("rocm") == std::string::npos && L.find("cuda") == std::string::npos && !containsWord(L, "hip"))
    return false;
  // ${ROCM_PATH}/opencl/lib: another programming model's runtime shipped inside the toolkit, which
  // no hip:: or CUDA:: target replaces.
  return !buildSwitchTable().namesOtherModel(L);
}

bool mentionsCuda(std::string_view Dir) { return asciiLower(Dir).find("cuda") != std::string::npos; }

/// Splits an argument's value on unescaped semicolons: the commands linted here store their
/// arguments in list-valued properties or variables, where a quoted "a;b" is two elements too.
std::vector<Piece> listElements(const Argument &A) { return listElements(std::string_view(A.Value)); }

std::vector<Piece> listElements(std::string_view V) {
  std::vector<Piece> Out;
  size_t Start = 0;
  unsigned Angle = 0; // semicolons inside $<...> generator expressions do not split
  for (size_t I = 0; I <= V.size(); ++I) {
    if (I < V.size()) {
      if (V[I] == '\\' && I + 1 < V.size()) {
        ++I;
        continue;
      }
      if (V[I] == '$' && I + 1 < V.size() && V[I + 1] == '<')
        ++Angle;
      else if (V[I] == '>' && Angle)
        --Angle;
      if (V[I] != ';' || Angle)
        continue;
    }
    if (I > Start)
      Out.push_back({V.substr(Start, I - Start), Start});
    Start = I + 1;
  }
  return Out;
}

/// Whitespace- and semicolon-separated tokens of a flags value.
std::vector<Piece> flagTokens(std::string_view V, size_t Base) {
  std::vector<Piece> Out;
  size_t I = 0;
  while (I < V.size()) {
    while (I < V.size() && (V[I] == ' ' || V[I] == '\t' || V[I] == '\n' || V[I] == '\r' || V[I] == ';'))
      ++I;
    size_t Start = I;
    while (I < V.size() && !(V[I] == ' ' || V[I] == '\t' || V[I] == '\n' || V[I] == '\r' || V[I] == ';'))
      ++I;
    if (I > Start)
      Out.push_back({V.substr(Start, I - Start), Base + Start});
  }
  return Out;
}

/// The linker name in "lib<name>.so", "lib<name>.so.6.2", "lib<name>.a", or empty.
std::string_view libraryFileName(std::string_view File) {
  if (!startsWith(File, "lib"))
    return {};
  File.remove_prefix(3);
  if (endsWith(File, ".a"))
    return File.substr(0, File.size() - 2);
  size_t So = File.find(".so");
  if (So == std::string_view::npos || So == 0)
    return {};
  std::string_view Rest = File.substr(So + 3);
  for (char C : Rest)
    if (!(C == '.' || (C >= '0' && C <= '9')))
      return {};
  return File.substr(0, So);
}

namespace {

/// The index one past the '}' closing the reference whose "${" starts at \p I, or npos.
size_t referenceEnd(std::string_view S, size_t I) {
  unsigned Open = 0;
  for (size_t J = I + 1; J < S.size(); ++J) {
    if (S[J] == '{')
      ++Open;
    else if (S[J] == '}' && --Open == 0)
      return J + 1;
  }
  return std::string_view::npos;
}

class Expander {
public:
  Expander(const VariableLookup &Lookup, const ExpandRules &Rules, std::string *Why)
      : Lookup(Lookup), Rules(Rules), Why(Why) {}

  std::optional<std::string> run(std::string_view S, unsigned Depth) {
    if (Depth > Rules.MaxDepth || S.size() > Rules.MaxBytes)
      return std::nullopt;
    std::string Out;
    for (size_t I = 0; I < S.size();) {
      size_t Next = I + 1;
      if (size_t End = buildInterfaceEnd(S, I)) {
        // $<BUILD_INTERFACE:x> is x while building, which is what the model describes.
        std::optional<std::string> V = run(S.substr(I + 18, End - I - 18), Depth + 1);
        if (!V)
          return std::nullopt;
        Out += *V;
        Next = End + 1;
      } else if (S.compare(I, 2, "$<") == 0 && !Rules.GeneratorExpressionsAsText) {
        size_t End = generatorEnd(S, I);
        std::optional<std::string> V =
            End == std::string_view::npos ? std::nullopt : generator(S.substr(I + 2, End - I - 2), Depth + 1);
        if (V) {
          Out += *V;
          Next = End + 1;
        } else {
          if (!unresolved(S.substr(I), S.substr(I), Out))
            return std::nullopt;
          Next = S.size();
        }
      } else if (S.compare(I, 5, "$ENV{") == 0) {
        size_t End = S.find('}', I);
        Next = End == std::string_view::npos ? S.size() : End + 1;
        if (!unresolved(S.substr(I, Next - I), S.substr(I, Next - I), Out))
          return std::nullopt;
      } else if (S.compare(I, 2, "${") == 0) {
        Next = referenceEnd(S, I);
        if (Next == std::string_view::npos) {
          if (!unresolved(S.substr(I), S.substr(I), Out))
            return std::nullopt;
          Next = S.size();
        } else if (!reference(S.substr(I, Next - I), Depth, Out)) {
          return std::nullopt;
        }
      } else {
        Out += S[I];
      }
      if (Out.size() > Rules.MaxBytes)
        return std::nullopt;
      I = Next;
    }
    return Out;
  }

private:
  const VariableLookup &Lookup;
  const ExpandRules &Rules;
  std::string *Why;

  /// Something not known: kept as \p Text when the rules allow, else the expansion fails.
  bool unresolved(std::string_view Text, std::string_view Said, std::string &Out) {
    if (Rules.KeepUnresolved) {
      Out += Text;
      return true;
    }
    if (Why)
      *Why = std::string(Said);
    return false;
  }

  /// The '>' closing the generator expression whose "$<" is at \p I, or npos.
  static size_t generatorEnd(std::string_view S, size_t I) {
    unsigned Open = 0;
    for (size_t J = I; J < S.size(); ++J) {
      if (S.compare(J, 2, "$<") == 0) {
        ++Open;
        ++J;
      } else if (S[J] == '>' && --Open == 0) {
        return J;
      }
    }
    return std::string_view::npos;
  }

  /// \p S split at the separator \p Sep outside nested generator expressions.
  static std::vector<std::string_view> splitTopLevel(std::string_view S, char Sep, size_t Max = SIZE_MAX) {
    std::vector<std::string_view> Parts;
    unsigned Open = 0;
    size_t Start = 0;
    for (size_t J = 0; J < S.size(); ++J) {
      if (S.compare(J, 2, "$<") == 0) {
        ++Open;
        ++J;
      } else if (S[J] == '>' && Open) {
        --Open;
      } else if (S[J] == Sep && !Open && Parts.size() + 1 < Max) {
        Parts.push_back(S.substr(Start, J - Start));
        Start = J + 1;
      }
    }
    Parts.push_back(S.substr(Start));
    return Parts;
  }

  static std::optional<long long> decimal(std::string_view V) {
    long long N = 0;
    const char *Begin = V.data() + (!V.empty() && V[0] == '+'), *End = V.data() + V.size();
    auto [P, Err] = std::from_chars(Begin, End, N);
    if (Err != std::errc() || P != End || Begin == End)
      return std::nullopt;
    return N;
  }

  /// The value of $<BOOL:x>: false for the empty string, 0, FALSE, OFF, N, NO, IGNORE, NOTFOUND (any
  /// case) and a name ending in -NOTFOUND; true for any other text.
  static bool generatorTrue(std::string_view V) {
    std::string L = asciiLower(V);
    return !(L.empty() || L == "0" || L == "false" || L == "off" || L == "n" || L == "no" || L == "ignore" ||
             L == "notfound" || endsWith(V, "-NOTFOUND"));
  }

  /// The value a generator expression has while the project builds, for the forms that depend on
  /// nothing but their operands ($<BOOL:x>, $<IF:c,a,b>, $<c:x>, $<NOT:c>, $<AND:...>, $<OR:...>,
  /// $<STREQUAL:a,b>, $<EQUAL:a,b>, the build and install interfaces, the escapes). Anything that
  /// asks the build (a configuration, a language, a target's property) is unknown, and so is a form
  /// whose operand is: no guess.
  std::optional<std::string> generator(std::string_view Inner, unsigned Depth) {
    if (Depth > Rules.MaxDepth)
      return std::nullopt;
    // Operands are read strictly: text kept for an unknown reference would read as true.
    ExpandRules Strict = Rules;
    Strict.KeepUnresolved = false;
    Expander Sub(Lookup, Strict, nullptr);
    std::vector<std::string_view> NameAndRest = splitTopLevel(Inner, ':', 2);
    std::optional<std::string> Name = Sub.run(NameAndRest[0], Depth + 1);
    if (!Name)
      return std::nullopt;
    if (NameAndRest.size() == 1) {
      if (*Name == "ANGLE-R")
        return std::string(">");
      if (*Name == "COMMA")
        return std::string(",");
      if (*Name == "SEMICOLON")
        return std::string(";");
      return std::nullopt;
    }
    std::string_view Rest = NameAndRest[1];
    if (*Name == "0" || *Name == "INSTALL_INTERFACE")
      return std::string();
    if (*Name == "1" || *Name == "BUILD_INTERFACE" || *Name == "BUILD_LOCAL_INTERFACE")
      return Sub.run(Rest, Depth + 1);
    std::vector<std::optional<std::string>> Args;
    for (std::string_view A : splitTopLevel(Rest, ','))
      Args.push_back(Sub.run(A, Depth + 1));
    auto Bit = [](const std::optional<std::string> &A) -> std::optional<bool> {
      if (A && (*A == "0" || *A == "1"))
        return *A == "1";
      return std::nullopt;
    };
    auto Text = [](bool B) { return std::string(B ? "1" : "0"); };
    if (*Name == "BOOL" && Args.size() == 1) {
      const std::optional<std::string> &Operand = Args[0];
      return Operand ? std::optional<std::string>(Text(generatorTrue(*Operand))) : std::nullopt;
    }
    std::optional<bool> First = Args.empty() ? std::nullopt : Bit(Args[0]);
    if (*Name == "NOT" && Args.size() == 1 && First)
      return Text(!*First);
    if (*Name == "IF" && Args.size() == 3 && First)
      return *First ? Args[1] : Args[2];
    if ((*Name == "STREQUAL" || *Name == "EQUAL") && Args.size() == 2) {
      const std::optional<std::string> &L = Args[0], &R = Args[1];
      if (!L || !R)
        return std::nullopt;
      if (*Name == "STREQUAL")
        return Text(*L == *R);
      std::optional<long long> A = decimal(*L), B = decimal(*R);
      if (!A || !B)
        return std::nullopt;
      return Text(*A == *B);
    }
    if (*Name == "AND" || *Name == "OR") {
      // One operand decides where it is known: a 0 for AND, a 1 for OR.
      bool Want = *Name == "OR", Unknown = false;
      for (const auto &A : Args) {
        std::optional<bool> V = Bit(A);
        if (V && *V == Want)
          return Text(Want);
        Unknown |= !V;
      }
      return Unknown ? std::nullopt : std::optional<std::string>(Text(!Want));
    }
    return std::nullopt;
  }

  /// The '>' closing a $<BUILD_INTERFACE:x> at \p I that holds no other generator expression, or 0.
  static size_t buildInterfaceEnd(std::string_view S, size_t I) {
    if (S.compare(I, 18, "$<BUILD_INTERFACE:") != 0)
      return 0;
    size_t End = S.find('>', I);
    if (End == std::string_view::npos || S.substr(I + 18, End - I - 18).find("$<") != std::string_view::npos)
      return 0;
    return End;
  }

  /// One "${...}" reference, \p Ref including its braces.
  bool reference(std::string_view Ref, unsigned Depth, std::string &Out) {
    std::string_view Inner = Ref.substr(2, Ref.size() - 3);
    std::optional<std::string> Name = std::string(Inner);
    if (Inner.find("${") != std::string_view::npos) {
      std::string *Saved = Why;
      Name = run(Inner, Depth + 1);
      Why = Saved;
      if (!Name)
        return unresolved(Ref, Ref, Out);
    }
    const std::string Shown = "${" + *Name + "}";
    if (Name->find_first_of("{}$") != std::string::npos)
      return unresolved(Shown, Shown, Out);
    VariableValue V = Lookup(*Name);
    if (V.Is == VariableValue::Known) {
      Out += V.Text;
      return true;
    }
    if (V.Is == VariableValue::Unset && Rules.UnsetIsEmpty)
      return true;
    return unresolved(Shown, V.Text.empty() ? Shown : Shown + " " + V.Text, Out);
  }
};

} // namespace

VariableLookup lookupIn(const std::map<std::string, std::string> &Known) {
  return [&Known](const std::string &Name) {
    auto It = Known.find(Name);
    return It == Known.end() ? VariableValue::unknown() : VariableValue::known(It->second);
  };
}

std::optional<std::string> expandReferences(std::string_view Text, const VariableLookup &Lookup,
                                            const ExpandRules &Rules, std::string *Why) {
  return Expander(Lookup, Rules, Why).run(Text, 0);
}

} // namespace rocmtidy::cmake
