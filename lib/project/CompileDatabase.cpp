#include "project/CompileDatabase.h"
#include "project/ProjectModel.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <nlohmann/json.hpp>

namespace rocmtidy::project {

std::optional<std::vector<DatabaseEntry>> readCompileDatabase(const std::string &Path) {
  std::optional<std::string> Text = readRegularFile(Path);
  if (!Text)
    return std::nullopt;
  nlohmann::json J = nlohmann::json::parse(*Text, nullptr, /*allow_exceptions=*/false);
  if (!J.is_array())
    return std::nullopt;
  std::vector<DatabaseEntry> Out;
  std::string Dir = std::string(llvm::sys::path::parent_path(Path));
  for (const auto &E : J) {
    if (!E.is_object() || !E.contains("file") || !E["file"].is_string())
      continue;
    DatabaseEntry D;
    D.Directory = Dir;
    if (E.contains("directory") && E["directory"].is_string())
      D.Directory = E["directory"].get<std::string>();
    if (E.contains("arguments") && E["arguments"].is_array()) {
      for (const auto &A : E["arguments"])
        if (A.is_string())
          D.Arguments.push_back(A.get<std::string>());
    } else if (E.contains("command") && E["command"].is_string()) {
      llvm::BumpPtrAllocator Alloc;
      llvm::StringSaver Saver(Alloc);
      llvm::SmallVector<const char *, 64> Argv;
      llvm::cl::TokenizeGNUCommandLine(E["command"].get<std::string>(), Saver, Argv);
      for (const char *A : Argv)
        if (A)
          D.Arguments.push_back(A);
    }
    llvm::SmallString<256> F(E["file"].get<std::string>());
    if (!llvm::sys::path::is_absolute(F)) {
      llvm::SmallString<256> Abs(D.Directory);
      llvm::sys::path::append(Abs, F);
      F = Abs;
    }
    llvm::sys::path::remove_dots(F, /*remove_dot_dot=*/true);
    D.File = std::string(F.str());
    Out.push_back(std::move(D));
  }
  return Out;
}

bool compilesAsHip(const std::vector<std::string> &Arguments, const std::string &File) {
  if (llvm::sys::path::extension(File) == ".hip")
    return true;
  for (size_t I = 0; I < Arguments.size(); ++I) {
    llvm::StringRef A = Arguments[I];
    if (I == 0 && llvm::sys::path::filename(A).contains("hipcc"))
      return true;
    if (A == "-xhip" || (A == "-x" && I + 1 < Arguments.size() && Arguments[I + 1] == "hip") ||
        A.starts_with("--offload-arch=") || A.starts_with("--amdgpu-target="))
      return true;
  }
  return false;
}

bool databaseCompilesHip(const std::string &Path) {
  std::optional<std::vector<DatabaseEntry>> Db = readCompileDatabase(Path);
  if (!Db)
    return false;
  for (const DatabaseEntry &E : *Db)
    if (compilesAsHip(E.Arguments, E.File))
      return true;
  return false;
}

} // namespace rocmtidy::project
