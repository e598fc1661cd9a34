#include "project/OrphanHeaders.h"

#include "buildscripts/BuildScripts.h"
#include "project/ProjectModel.h"

#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <set>

namespace rocmtidy::project {

std::vector<std::string> orphanHeaders(const ProjectModel &Model, const std::vector<std::string> &Headers,
                                       const std::function<std::optional<std::string>(const std::string &)> &Read) {
  const std::vector<WalkedFile> &Walked = Model.files();
  bool AnyScript = std::any_of(Walked.begin(), Walked.end(), [](const WalkedFile &W) {
    return buildscripts::scriptKind(W.Path) != buildscripts::ScriptKind::None;
  });
  if (!AnyScript || Headers.empty())
    return {};
  // Who mentions each candidate: any other walked file whose text holds its file name, whatever
  // folder it is spelled with (a false mention keeps an error; a false orphan would hide one).
  std::map<std::string, std::vector<std::string>> ByName;
  for (const std::string &H : Headers)
    ByName[std::string(llvm::sys::path::filename(H))].push_back(H);
  std::map<std::string, std::set<std::string>> MentionedBy;
  for (const WalkedFile &W : Walked) {
    std::optional<std::string> Text = Read(W.Path);
    if (!Text)
      return {};
    for (const auto &[Name, Same] : ByName)
      if (Text->find(Name) != std::string::npos)
        for (const std::string &H : Same)
          if (H != W.Path)
            MentionedBy[H].insert(W.Path);
  }
  // A mention by an orphan does not count (a leftover helper and the header only it includes go
  // together): the largest set whose members only they mention.
  std::set<std::string> Orphans(Headers.begin(), Headers.end());
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto It = Orphans.begin(); It != Orphans.end();) {
      const std::set<std::string> &By = MentionedBy[*It];
      bool Kept = std::all_of(By.begin(), By.end(), [&](const std::string &M) { return Orphans.count(M) != 0; });
      if (Kept) {
        ++It;
        continue;
      }
      It = Orphans.erase(It);
      Changed = true;
    }
  }
  std::vector<std::string> Out(Orphans.begin(), Orphans.end());
  std::sort(Out.begin(), Out.end());
  return Out;
}

} // namespace rocmtidy::project
