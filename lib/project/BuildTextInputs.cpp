#include "project/BuildTextInputs.h"

#include "cmake/CMakeParser.h"
#include "core/SegmentGlob.h"
#include "project/ProjectModel.h"
#include "project/ProjectPaths.h"

#include <filesystem>
#include <map>
#include <set>
#include <string_view>

namespace fs = std::filesystem;

namespace rocmtidy::project {

namespace {
/// NAME of a whole `${NAME}` argument, or "".
std::string referenceOf(const std::string &Value) {
  if (Value.size() < 4 || Value.compare(0, 2, "${") != 0 || Value.back() != '}')
    return "";
  std::string Name = Value.substr(2, Value.size() - 3);
  return Name.find_first_of("${}") == std::string::npos ? Name : "";
}

class TextGlobReader : public cmake::ParseCallbacks {
public:
  explicit TextGlobReader(std::string Script) : Script(std::move(Script)) {}
  std::vector<TextGlob> Out;

  void command(const cmake::Command &C) override {
    const std::vector<cmake::Argument> &A = C.Args;
    if (C.LowerName == "file" && A.size() >= 3 && (A[0].Value == "GLOB" || A[0].Value == "GLOB_RECURSE")) {
      std::vector<std::string> &Patterns = Globs[A[1].Value];
      Patterns.clear();
      for (size_t I = 2; I < A.size(); ++I)
        if (A[I].Value.find('*') != std::string::npos || A[I].Value.find('/') != std::string::npos)
          Patterns.push_back(A[I].Value);
    } else if (C.LowerName == "foreach" && A.size() >= 2) {
      // foreach(F ${V}) or foreach(F IN LISTS V): F walks the files V globbed.
      std::string List =
          A.size() >= 4 && A[1].Value == "IN" && A[2].Value == "LISTS" ? A[3].Value : referenceOf(A[1].Value);
      Loops.push_back({A[0].Value, Globs.count(List) ? List : ""});
    } else if (C.LowerName == "endforeach" && !Loops.empty()) {
      Loops.pop_back();
    } else if (C.LowerName == "try_run" || C.LowerName == "try_compile") {
      for (const cmake::Argument &Arg : A) {
        std::string Ext = fs::path(Arg.Value).extension().string();
        if (Ext == ".c" || Ext == ".cc" || Ext == ".cpp" || Ext == ".cxx" || Ext == ".cu" || Ext == ".hip")
          Out.push_back({Script, C.Line, Arg.Value, /*Probe=*/true});
      }
    } else if (C.LowerName == "file" && A.size() >= 3 && (A[0].Value == "READ" || A[0].Value == "STRINGS")) {
      std::string Var = referenceOf(A[1].Value);
      for (const auto &[LoopVar, List] : Loops)
        if (!List.empty() && LoopVar == Var && Read.insert(List).second)
          for (const std::string &P : Globs[List])
            Out.push_back({Script, C.Line, P});
    }
  }

private:
  std::string Script;
  std::map<std::string, std::vector<std::string>> Globs;
  std::vector<std::pair<std::string, std::string>> Loops; // loop variable, the glob variable it walks
  std::set<std::string> Read;                             // glob variables already read as text
};
} // namespace

std::vector<TextGlob> textGlobsOf(const std::string &Script, const std::string &Text) {
  TextGlobReader R(Script);
  cmake::ParseError E;
  if (!cmake::parseCMake(Text, R, E))
    return {};
  return std::move(R.Out);
}

/// Whether \p Absolute ends in \p Tail ("/config/probe.cc") at a folder boundary.
static bool endsWithPath(const std::string &Absolute, const std::string &Tail) {
  return Tail.size() > 1 && Tail[0] == '/' && Absolute.size() > Tail.size() &&
         Absolute.compare(Absolute.size() - Tail.size(), Tail.size(), Tail) == 0;
}

bool matchesTextGlob(const TextGlob &Glob, const std::string &Absolute) {
  std::string Dir = fs::path(Glob.Script).parent_path().lexically_normal().string();
  if (Glob.Probe) {
    const std::string &P = Glob.Pattern;
    std::string File = fs::path(Absolute).lexically_normal().string();
    if (P.rfind("${", 0) == 0) {
      std::string Tail = P.substr(P.find('}') + 1);
      return Tail.find('$') == std::string::npos && endsWithPath(File, fs::path(Tail).lexically_normal().string());
    }
    return P.find('$') == std::string::npos && !P.empty() &&
           (P[0] == '/' ? fs::path(P) : fs::path(Dir) / P).lexically_normal().string() == File;
  }
  std::string P = Glob.Pattern;
  bool AnyFolder = false;
  for (const char *Own : {"${CMAKE_CURRENT_SOURCE_DIR}", "${CMAKE_CURRENT_LIST_DIR}"})
    if (P.rfind(Own, 0) == 0) {
      P.replace(0, std::string_view(Own).size(), Dir);
      break;
    }
  if (P.rfind("${", 0) == 0) {
    size_t Close = P.find('}');
    AnyFolder = true;
    P = P.substr(Close + 1); // "/kernels/*.cc"
  } else if (!P.empty() && P[0] != '/') {
    P.insert(0, 1, '/');
    P.insert(0, Dir);
  }
  if (P.find('$') != std::string::npos || P.empty())
    return false;
  std::string File = fs::path(Absolute).lexically_normal().string();
  if (File.rfind(Dir + "/", 0) != 0)
    return false;
  size_t Slash = P.find_last_of('/');
  std::string Folder = Slash == std::string::npos ? "" : P.substr(0, Slash);
  std::string NamePattern = P.substr(Slash == std::string::npos ? 0 : Slash + 1);
  std::string FileFolder = fs::path(File).parent_path().string();
  bool EndsWithFolder = FileFolder.size() >= Folder.size() &&
                        FileFolder.compare(FileFolder.size() - Folder.size(), Folder.size(), Folder) == 0;
  bool FolderOk = AnyFolder ? EndsWithFolder : FileFolder == Folder;
  SegmentGlob G;
  std::string Error;
  return FolderOk && SegmentGlob::compile(NamePattern, G, Error) && G.match(fs::path(File).filename().string());
}

std::vector<TextGlob> projectTextGlobs(const ProjectModel &Model,
                                       const std::function<std::optional<std::string>(const std::string &)> &Read) {
  std::vector<TextGlob> Out;
  for (const WalkedFile &F : Model.files()) {
    std::string Name = fs::path(F.Path).filename().string();
    if (Name != "CMakeLists.txt" && fs::path(Name).extension() != ".cmake")
      continue;
    std::optional<std::string> Text = Read(F.Path);
    if (!Text || (Text->find("GLOB") == std::string::npos && Text->find("try_run") == std::string::npos &&
                  Text->find("try_compile") == std::string::npos))
      continue;
    for (TextGlob &G : textGlobsOf(F.Path, *Text))
      Out.push_back(std::move(G));
  }
  return Out;
}

std::string readAsTextBy(const std::vector<TextGlob> &Globs, const std::string &Absolute, const std::string &Cwd) {
  for (const TextGlob &G : Globs)
    if (matchesTextGlob(G, Absolute))
      return relativeToCwd(G.Script, Cwd) + ":" + std::to_string(G.Line) +
             (G.Probe ? ": a probe that try_run/try_compile builds at configure time, not the build's code"
                      : ": read as text by the build (file(READ/STRINGS) over '" + G.Pattern +
                            "'), compiled at run time if at all");
  return "";
}

} // namespace rocmtidy::project
