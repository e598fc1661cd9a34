// The device side of a HIP file in the editor (issue #31 item 4). clangd runs the rocm-* checks
// on its one parse of a file, the host compile; findings in code only the device compile sees
// (regions under __HIP_DEVICE_COMPILE__ / __CUDA_ARCH__ that the host parse skipped) never show.
// This check, linked into rocm-clangd only, notes which regions of the main file the host parse
// skipped; when some exist, it parses the file's current buffer again with the same command and
// --cuda-device-only, runs the same checks with the same options, and publishes the findings that
// fall inside those skipped regions under their own check names. Everything else the device parse
// finds is also found by the host parse, so nothing is reported twice; the price of the second
// parse is paid only by files with such regions.
#include "DevicePass.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>
#include <memory>
#include <mutex>

using namespace clang;
using namespace clang::tidy;

namespace rocmclangd {

namespace {
std::mutex CommandsLock;
std::map<std::string, std::vector<std::string>> &commands() {
  static std::map<std::string, std::vector<std::string>> Commands;
  return Commands;
}
} // namespace

void rememberCommand(const std::string &File, const std::vector<std::string> &Argv) {
  std::lock_guard<std::mutex> Guard(CommandsLock);
  commands()[File] = Argv;
}

std::optional<std::vector<std::string>> rememberedCommand(const std::string &File) {
  std::lock_guard<std::mutex> Guard(CommandsLock);
  auto It = commands().find(File);
  if (It == commands().end())
    return std::nullopt;
  return It->second;
}

namespace {

constexpr llvm::StringLiteral DevicePassName = "rocm-clangd-device-pass";

struct SkippedRanges : PPCallbacks {
  explicit SkippedRanges(const SourceManager &SM, std::vector<std::pair<unsigned, unsigned>> &Out) : SM(SM), Out(Out) {}
  void SourceRangeSkipped(SourceRange Range, SourceLocation EndifLoc) override {
    if (!SM.isWrittenInMainFile(Range.getBegin()))
      return;
    Out.emplace_back(SM.getFileOffset(Range.getBegin()), SM.getFileOffset(EndifLoc));
  }
  const SourceManager &SM;
  std::vector<std::pair<unsigned, unsigned>> &Out;
};

class OneCommand : public tooling::CompilationDatabase {
public:
  explicit OneCommand(tooling::CompileCommand Cmd) : Cmd(std::move(Cmd)) {}
  std::vector<tooling::CompileCommand> getCompileCommands(llvm::StringRef) const override { return {Cmd}; }

private:
  tooling::CompileCommand Cmd;
};

class DevicePassCheck : public ClangTidyCheck {
public:
  DevicePassCheck(StringRef Name, ClangTidyContext *Context) : ClangTidyCheck(Name, Context), Ctx(Context) {}
  bool isLanguageVersionSupported(const LangOptions &LO) const override {
    // Only a host parse of HIP/CUDA code has a device side left to see.
    return (LO.HIP || LO.CUDA) && !LO.CUDAIsDevice;
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) override {
    Skipped.clear();
    PP->addPPCallbacks(std::make_unique<SkippedRanges>(SM, Skipped));
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override {
    Finder->addMatcher(ast_matchers::translationUnitDecl().bind("tu"), this);
  }
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;

private:
  std::vector<ClangTidyError> runDevicePass(const std::string &File, StringRef Buffer);
  bool inSkipped(unsigned Offset) const {
    for (const auto &[B, E] : Skipped)
      if (Offset >= B && Offset < E)
        return true;
    return false;
  }

  ClangTidyContext *Ctx;
  std::vector<std::pair<unsigned, unsigned>> Skipped;
};

std::vector<ClangTidyError> DevicePassCheck::runDevicePass(const std::string &File, StringRef Buffer) {
  std::optional<std::vector<std::string>> Argv = rememberedCommand(File);
  if (!Argv || Argv->empty())
    return {};
  std::vector<std::string> DeviceArgv;
  for (const std::string &A : *Argv)
    if (A != "--cuda-host-only" && A != "--offload-host-only")
      DeviceArgv.push_back(A);
  DeviceArgv.insert(DeviceArgv.begin() + 1, "--cuda-device-only");
  ClangTidyOptions Opts = Ctx->getOptions();
  // The same rocm-* checks, minus this one: the device parse has nothing further to look at.
  Opts.Checks = Opts.Checks.value_or("") + ",-" + DevicePassName.str();
  ClangTidyContext Device(std::make_unique<DefaultOptionsProvider>(Ctx->getGlobalOptions(), std::move(Opts)));
  // The editor's unsaved text of the file, not what is on disk.
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(File, 0, llvm::MemoryBuffer::getMemBufferCopy(Buffer, File));
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  FS->pushOverlay(Memory);
  std::string Dir = llvm::sys::path::parent_path(File).str();
  OneCommand Db(tooling::CompileCommand(Dir, File, DeviceArgv, ""));
  return runClangTidy(Device, Db, llvm::ArrayRef<std::string>(File), FS, /*ApplyAnyFix=*/false);
}

void DevicePassCheck::check(const ast_matchers::MatchFinder::MatchResult &Result) {
  if (Skipped.empty())
    return;
  const SourceManager &SM = *Result.SourceManager;
  FileID Main = SM.getMainFileID();
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(Main);
  if (!Entry)
    return;
  std::string File = Entry->getName().str();
  StringRef Buffer = SM.getBufferData(Main);
  for (const ClangTidyError &E : runDevicePass(File, Buffer)) {
    StringRef Name = E.DiagnosticName;
    if (!Name.starts_with("rocm-") || E.Message.FilePath != File || !inSkipped(E.Message.FileOffset) ||
        E.Message.FileOffset > Buffer.size())
      continue;
    SourceLocation Loc = SM.getComposedLoc(Main, E.Message.FileOffset);
    {
      DiagnosticBuilder D = Ctx->diag(Name, Loc, "%0") << E.Message.Message;
      auto Fix = E.Message.Fix.find(File);
      if (Fix != E.Message.Fix.end())
        for (const tooling::Replacement &R : Fix->second)
          if (R.getOffset() + R.getLength() <= Buffer.size())
            D << FixItHint::CreateReplacement(
                CharSourceRange::getCharRange(SM.getComposedLoc(Main, R.getOffset()),
                                              SM.getComposedLoc(Main, R.getOffset() + R.getLength())),
                R.getReplacementText());
    }
    for (const tooling::DiagnosticMessage &N : E.Notes)
      if (N.FilePath == File && N.FileOffset <= Buffer.size())
        Ctx->diag(Name, SM.getComposedLoc(Main, N.FileOffset), "%0", DiagnosticIDs::Note) << N.Message;
  }
}

class RocmClangdModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<DevicePassCheck>(DevicePassName);
  }
};

} // namespace

} // namespace rocmclangd

static ClangTidyModuleRegistry::Add<rocmclangd::RocmClangdModule>
    RocmClangdModuleRegistration("rocm-clangd-module", "rocm-clangd: the device side of HIP files in the editor");
