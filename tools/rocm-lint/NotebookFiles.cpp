#include "NotebookFiles.h"
#include "FileBytes.h"
#include "project/ProjectModel.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace rocmlint {

namespace fs = std::filesystem;

std::string findUpToRoot(const std::string &Name) {
  std::error_code EC;
  std::string Cwd = fs::current_path(EC).string();
  if (EC)
    return "";
  auto Bounds = rocmtidy::project::ProjectModel::withRoot(rocmtidy::project::repositoryRoot(Cwd), Cwd);
  return Bounds.findUpward(Cwd, {Name});
}

std::string findTeamNotebook() { return findUpToRoot(rocmtidy::TeamNotebookFileName); }

bool readTextFile(const std::string &Path, const char *What, std::string &Out, std::string &Error) {
  std::error_code EC;
  if (fs::is_directory(Path, EC)) {
    Error = std::string("'") + Path + "' is a directory, not a " + What + " file";
    return false;
  }
  std::optional<std::string> Bytes = readFileBytes(Path);
  if (!Bytes) {
    Error = std::string("cannot read ") + What + " '" + Path + "'";
    return false;
  }
  Out = std::move(*Bytes);
  return true;
}

bool LoadedNotebooks::load(const std::string &Explicit, bool Discover, std::string &Error) {
  std::vector<std::string> Want;
  if (!Explicit.empty())
    Want.push_back(Explicit);
  if (Discover) {
    std::string Found = findTeamNotebook();
    std::error_code EC;
    if (!Found.empty() && (Explicit.empty() || !fs::equivalent(Found, Explicit, EC)))
      Want.push_back(Found);
  }
  for (const std::string &P : Want) {
    std::string Text;
    if (!readTextFile(P, "notebook", Text, Error))
      return false;
    std::string Why;
    auto Parsed = rocmtidy::parseNotebook(Text, Why);
    if (!Parsed) {
      Error = "malformed notebook '" + P + "': " + Why;
      return false;
    }
    Paths.push_back(P);
    Team.push_back(std::move(*Parsed));
  }
  return true;
}

std::vector<const rocmtidy::NotebookEntry *> LoadedNotebooks::entries() const {
  std::vector<const rocmtidy::NotebookEntry *> V;
  for (const auto &T : Team)
    for (const auto &E : T)
      V.push_back(&E);
  for (const auto &E : rocmtidy::builtinNotebook())
    V.push_back(&E);
  return V;
}

const std::string *LoadedNotebooks::sourceOf(const rocmtidy::NotebookEntry *E) const {
  size_t I = 0;
  for (const auto &T : Team) {
    if (!T.empty() && E >= &T.front() && E <= &T.back())
      return &Paths[I];
    ++I;
  }
  return nullptr;
}

} // namespace rocmlint
