#include "project/CompilerFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace rocmtidy::project {

const std::vector<PathOptionSpelling> &pathOptionSpellings() {
  using M = PathMeaning;
  // -iwithprefix and -iwithprefixbefore are relative to -iprefix, not to a directory: kept as is.
  static const std::vector<PathOptionSpelling> Table = {
      {"--include-directory-after=", true, false, M::Directory},
      {"--include-directory-after", false, true, M::Directory},
      {"--include-directory=", true, false, M::Directory},
      {"--include-directory", false, true, M::Directory},
      {"--include=", true, false, M::IncludedFile},
      {"--include", false, true, M::IncludedFile},
      {"--imacros=", true, false, M::IncludedFile},
      {"--imacros", false, true, M::IncludedFile},
      {"--sysroot=", true, false, M::Directory},
      {"--sysroot", false, true, M::Directory},
      {"--cuda-path=", true, false, M::Directory},
      {"--rocm-path=", true, false, M::Directory},
      {"--hip-path=", true, false, M::Directory},
      {"-idirafter", true, true, M::Directory},
      {"-isystem", true, true, M::Directory},
      {"-isysroot", true, true, M::Directory},
      {"-iquote", true, true, M::Directory},
      {"-include", true, true, M::IncludedFile},
      {"-imacros", true, true, M::IncludedFile},
      {"-I", true, true, M::Directory},
      {"-F", true, true, M::Directory},
  };
  return Table;
}

namespace {

bool startsWith(const std::string &S, const char *P) { return S.rfind(P, 0) == 0; }

std::string joined(const std::string &Base, const std::string &Value) {
  llvm::SmallString<256> P(Base);
  llvm::sys::path::append(P, Value);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P.str());
}

std::string anchored(const std::string &Value, PathMeaning Meaning, const std::string &Base,
                     const std::function<bool(const std::string &)> &Exists) {
  // "=dir" is relative to the sysroot, not to a directory of ours.
  if (Value.empty() || Value[0] == '=' || llvm::sys::path::is_absolute(Value))
    return Value;
  std::string Abs = joined(Base, Value);
  if (Meaning == PathMeaning::Directory)
    return Abs;
  bool Here = Exists ? Exists(Abs) : llvm::sys::fs::exists(Abs);
  return Here ? Abs : Value;
}

} // namespace

void anchorPathArguments(std::vector<std::string> &Args, const std::string &BaseDir,
                         const std::function<bool(const std::string &)> &Exists) {
  const auto &Table = pathOptionSpellings();
  for (size_t I = 0; I < Args.size(); ++I) {
    std::string &A = Args[I];
    if (A == "--")
      break; // the inputs follow
    for (const PathOptionSpelling &O : Table) {
      if (O.Separate && A == O.Name) {
        if (I + 1 < Args.size()) {
          Args[I + 1] = anchored(Args[I + 1], O.Meaning, BaseDir, Exists);
          ++I;
        }
        break;
      }
      // The table lists longer names first, so "-include" is never read as "-I" + "nclude".
      if (O.Joined && A.size() > std::char_traits<char>::length(O.Name) && startsWith(A, O.Name)) {
        size_t N = std::char_traits<char>::length(O.Name);
        A = std::string(O.Name) + anchored(A.substr(N), O.Meaning, BaseDir, Exists);
        break;
      }
    }
  }
}

std::string newerLanguageStandard(const std::string &Spelling) {
  std::string S = Spelling;
  for (const char *Prefix : {"--std=", "-std=", "cxx_std_", "hip_std_", "cuda_std_", "c++", "gnu++"})
    if (startsWith(S, Prefix))
      S = S.substr(std::string(Prefix).size());
  // The draft spellings of a standard's year.
  static const std::pair<const char *, const char *> Years[] = {{"20", "20"}, {"2a", "20"}, {"23", "23"},
                                                                {"2b", "23"}, {"26", "26"}, {"2c", "26"}};
  for (const auto &[Written, Year] : Years)
    if (S == Written)
      return std::string("-std=c++") + Year;
  return "";
}

} // namespace rocmtidy::project
