#include "project/OrphanHeaders.h"

#include "buildscripts/BuildScripts.h"
#include "project/ProjectModel.h"

#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

namespace rocmtidy::project {

std::vector<std::string> orphanHeaders(const ProjectModel &Model, const std::vector<std::string> &Headers,
                                       const std::function<std::optional<std::string>(const std::string &)> &Read) {
  const std::vector<WalkedFile> &Walked = Model.files();
  bool AnyScript = std::any_of(Walked.begin(), Walked.end(), [](const WalkedFile &W) {
    return buildscripts::scriptKind(W.Path) != buildscripts::ScriptKind::None;
  });
  if (!AnyScript || Headers.empty())
    return {};
  // File name -> the candidates of that name. A mention of the bare name counts, whatever folder
  // it is spelled with: a false "mentioned" keeps an error, a false "orphan" would hide one.
  std::map<std::string, std::vector<std::string>> ByName;
  for (const std::string &H : Headers)
    ByName[std::string(llvm::sys::path::filename(H))].push_back(H);
  for (const WalkedFile &W : Walked) {
    if (ByName.empty())
      break;
    std::optional<std::string> Text = Read(W.Path);
    if (!Text)
      return {};
    for (auto It = ByName.begin(); It != ByName.end();) {
      std::vector<std::string> &Same = It->second;
      // A mention names every header of that name but the file that holds it (an include guard's
      // comment, or a twin including its namesake).
      if (Text->find(It->first) != std::string::npos)
        Same.erase(std::remove_if(Same.begin(), Same.end(), [&](const std::string &H) { return H != W.Path; }),
                   Same.end());
      It = Same.empty() ? ByName.erase(It) : std::next(It);
    }
  }
  std::vector<std::string> Out;
  for (const auto &[Name, Same] : ByName)
    Out.insert(Out.end(), Same.begin(), Same.end());
  std::sort(Out.begin(), Out.end());
  return Out;
}

} // namespace rocmtidy::project
