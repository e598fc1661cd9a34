#include "project/GeneratorTemplates.h"

#include "project/ProjectModel.h"
#include "project/PythonSource.h"
#include "llvm/ADT/StringRef.h"

#include <cctype>
#include <filesystem>
#include <regex>
#include <set>
#include <vector>

namespace fs = std::filesystem;

namespace rocmtidy::project {

namespace {

// Calls that read a file's text: open(), Path.open(), read_text(), io.open().
bool readsText(llvm::StringRef Code) {
  return Code.contains("open(") || Code.contains("read_text(") || Code.contains(".read(");
}

bool isWordChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; }

bool namesFolder(const PyLine &L, const std::string &Folder) {
  for (const auto &[S, Line] : L.Strings) {
    llvm::StringRef T(S);
    T.consume_front("./");
    T.consume_back("/");
    if (T == Folder || T.starts_with(Folder + "/"))
      return true;
  }
  return false;
}

// Whether the Python \p Text opens files below its own folder's \p Folder.
unsigned opensBelow(const std::string &Text, const std::string &Folder) {
  std::vector<PyLine> Lines = pythonLines(Text);
  static const std::regex Binding(R"(^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=[^=])");
  std::set<std::string> Bound; // names bound to '<script folder>/<Folder>'
  for (const PyLine &L : Lines) {
    if (!namesFolder(L, Folder))
      continue;
    if (readsText(L.Code))
      return L.Line;
    std::smatch M;
    if (L.Code.find("__file__") != std::string::npos && std::regex_search(L.Code, M, Binding))
      Bound.insert(M[1].str());
  }
  if (Bound.empty())
    return 0;
  // A line that reads through one of those names (a binding line reads nothing).
  for (const PyLine &L : Lines) {
    if (!readsText(L.Code))
      continue;
    for (const std::string &Name : Bound) {
      for (size_t At = L.Code.find(Name); At != std::string::npos; At = L.Code.find(Name, At + 1)) {
        size_t End = At + Name.size();
        if ((At == 0 || !isWordChar(L.Code[At - 1])) && (End >= L.Code.size() || !isWordChar(L.Code[End])))
          return L.Line;
      }
    }
  }
  return 0;
}

} // namespace

std::string pythonGeneratorTemplateWhy(const ProjectModel &Model, const std::string &Absolute,
                                       const std::function<std::optional<std::string>(const std::string &)> &Read) {
  fs::path P = fs::path(Absolute).lexically_normal().parent_path();
  for (int Level = 0; Level < 3; ++Level) {
    fs::path D = P.parent_path();
    if (D == P || !Model.contains(D.string()) || !Model.contains(P.string()))
      break;
    std::string Folder = P.filename().string();
    std::error_code EC;
    unsigned Seen = 0;
    for (fs::directory_iterator It(D, EC), End; !EC && It != End && Seen < 256; It.increment(EC), ++Seen) {
      const fs::path &Py = It->path();
      if (Py.extension() != ".py" || !It->is_regular_file(EC))
        continue;
      std::optional<std::string> Text = Read(Py.string());
      if (!Text)
        continue;
      if (unsigned Line = opensBelow(*Text, Folder)) {
        std::string Shown = Py.string();
        if (Shown.rfind(Model.cwd() + "/", 0) == 0)
          Shown = Shown.substr(Model.cwd().size() + 1);
        Shown += ":" + std::to_string(Line);
        Shown += ": opens files of '";
        Shown += Folder;
        Shown += "/' as text";
        return Shown;
      }
    }
    P = D;
  }
  return "";
}

} // namespace rocmtidy::project
