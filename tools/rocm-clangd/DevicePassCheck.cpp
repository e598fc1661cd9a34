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
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <set>

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

using Ranges = std::vector<std::pair<unsigned, unsigned>>;

bool inRanges(const Ranges &R, unsigned Offset) {
  for (const auto &[B, E] : R)
    if (Offset >= B && Offset < E)
      return true;
  return false;
}

struct SkippedRanges : PPCallbacks {
  explicit SkippedRanges(const SourceManager &SM, Ranges &Out) : SM(SM), Out(Out) {}
  void SourceRangeSkipped(SourceRange Range, SourceLocation EndifLoc) override {
    if (!SM.isWrittenInMainFile(Range.getBegin()))
      return;
    Out.emplace_back(SM.getFileOffset(Range.getBegin()), SM.getFileOffset(EndifLoc));
  }
  const SourceManager &SM;
  Ranges &Out;
};

// A function the host parse saw defined in the main file: where it is, so that the device parse can
// tell which bodies the code in the skipped regions may reach.
struct HostFunction {
  unsigned Begin, End, NameOffset;
  std::string Name;
};

// What the device parse must keep: the bodies of the functions whose definition encloses a skipped
// region, and of every function whose name occurs in a skipped region or in a kept body (by name,
// transitively, so overloads and same-named methods are kept too). Everything else can only yield
// findings outside the skipped regions, which are dropped anyway, or was already seen by the host parse.
struct KeepSet {
  std::set<unsigned> Offsets;
  std::set<std::string> Names;
};

void identifiersIn(StringRef Buffer, unsigned Begin, unsigned End, const LangOptions &LO,
                   std::set<std::string> &Out) {
  End = std::min<unsigned>(End, Buffer.size());
  if (Begin >= End)
    return;
  StringRef Text = Buffer.slice(Begin, End);
  // Raw lexing: the text of a skipped region was never preprocessed, and names are all we need.
  Lexer Lex(SourceLocation(), LO, Text.begin(), Text.begin(), Text.end());
  Token Tok;
  while (!Lex.LexFromRawLexer(Tok))
    if (Tok.is(tok::raw_identifier))
      Out.insert(Tok.getRawIdentifier().str());
}

KeepSet keepSet(StringRef Buffer, const Ranges &Skipped, const std::vector<HostFunction> &Functions,
                const LangOptions &LO) {
  KeepSet K;
  for (const auto &[B, E] : Skipped)
    identifiersIn(Buffer, B, E, LO, K.Names);
  std::vector<bool> Kept(Functions.size(), false);
  for (size_t I = 0; I < Functions.size(); ++I)
    for (const auto &[B, E] : Skipped)
      if (B >= Functions[I].Begin && B < Functions[I].End)
        Kept[I] = true;
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (size_t I = 0; I < Functions.size(); ++I) {
      if (!Kept[I] && !K.Names.count(Functions[I].Name))
        continue;
      if (!K.Offsets.insert(Functions[I].NameOffset).second)
        continue;
      Kept[I] = true;
      identifiersIn(Buffer, Functions[I].Begin, Functions[I].End, LO, K.Names);
      Grew = true;
    }
  }
  return K;
}

// The tidy consumer of the device parse, narrowed to what can matter: function bodies outside the
// keep set are skipped (clang's -skip-function-bodies; it never skips a constexpr function or one
// whose return type is deduced, which the rest of the file may need), and the matchers traverse
// the main file's declarations only, as clangd's do on the host side.
class DeviceConsumer : public MultiplexConsumer {
public:
  DeviceConsumer(std::unique_ptr<ASTConsumer> Tidy, const SourceManager &SM, const Ranges &Skipped,
                 const KeepSet &Keep, bool SkipBodies)
      : MultiplexConsumer(one(std::move(Tidy))), SM(SM), Skipped(Skipped), Keep(Keep), SkipBodies(SkipBodies) {}

  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    for (Decl *D : Group)
      if (SM.isWrittenInMainFile(SM.getExpansionLoc(D->getLocation())))
        MainDecls.push_back(D);
    return MultiplexConsumer::HandleTopLevelDecl(Group);
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    Ctx.setTraversalScope(MainDecls);
    MultiplexConsumer::HandleTranslationUnit(Ctx);
  }
  bool shouldSkipFunctionBody(Decl *D) override {
    if (!SkipBodies)
      return false;
    const FunctionDecl *FD = D->getAsFunction();
    if (!FD)
      return true;
    SourceLocation Loc = SM.getExpansionLoc(FD->getLocation());
    if (SM.isWrittenInMainFile(Loc)) {
      unsigned Offset = SM.getFileOffset(Loc);
      if (inRanges(Skipped, Offset) || Keep.Offsets.count(Offset))
        return false;
    }
    return !Keep.Names.count(FD->getNameAsString());
  }

private:
  static std::vector<std::unique_ptr<ASTConsumer>> one(std::unique_ptr<ASTConsumer> C) {
    std::vector<std::unique_ptr<ASTConsumer>> V;
    V.push_back(std::move(C));
    return V;
  }
  const SourceManager &SM;
  const Ranges &Skipped;
  const KeepSet &Keep;
  bool SkipBodies;
  std::vector<Decl *> MainDecls;
};

class DeviceAction : public ASTFrontendAction {
public:
  DeviceAction(ClangTidyASTConsumerFactory &Factory, const Ranges &Skipped, const KeepSet &Keep, bool SkipBodies)
      : Factory(Factory), Skipped(Skipped), Keep(Keep), SkipBodies(SkipBodies) {}
  bool BeginInvocation(CompilerInstance &CI) override {
    CI.getFrontendOpts().SkipFunctionBodies = SkipBodies;
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef File) override {
    return std::make_unique<DeviceConsumer>(Factory.createASTConsumer(CI, File), CI.getSourceManager(), Skipped,
                                            Keep, SkipBodies);
  }

private:
  ClangTidyASTConsumerFactory &Factory;
  const Ranges &Skipped;
  const KeepSet &Keep;
  bool SkipBodies;
};

class DeviceActionFactory : public tooling::FrontendActionFactory {
public:
  DeviceActionFactory(ClangTidyContext &Ctx, const Ranges &Skipped, const KeepSet &Keep, bool SkipBodies)
      : Consumers(Ctx), Skipped(Skipped), Keep(Keep), SkipBodies(SkipBodies) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<DeviceAction>(Consumers, Skipped, Keep, SkipBodies);
  }

private:
  ClangTidyASTConsumerFactory Consumers;
  const Ranges &Skipped;
  const KeepSet &Keep;
  bool SkipBodies;
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
  DevicePassCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Ctx(Context), SkipBodies(Options.get("SkipFunctionBodies", true)) {}
  bool isLanguageVersionSupported(const LangOptions &LO) const override {
    // Only a host parse of HIP/CUDA code has a device side left to see.
    return (LO.HIP || LO.CUDA) && !LO.CUDAIsDevice;
  }
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override {
    Options.store(Opts, "SkipFunctionBodies", SkipBodies);
  }
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) override {
    Skipped.clear();
    Functions.clear();
    this->SM = &SM;
    LO = &PP->getLangOpts();
    PP->addPPCallbacks(std::make_unique<SkippedRanges>(SM, Skipped));
  }
  void registerMatchers(ast_matchers::MatchFinder *Finder) override {
    Finder->addMatcher(ast_matchers::functionDecl(ast_matchers::isDefinition()).bind("fn"), this);
  }
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  std::vector<ClangTidyError> runDevicePass(const std::string &File, StringRef Buffer,
                                            IntrusiveRefCntPtr<llvm::vfs::FileSystem> HostFS, const KeepSet &Keep);

  ClangTidyContext *Ctx;
  const bool SkipBodies;
  Ranges Skipped;
  std::vector<HostFunction> Functions;
  const SourceManager *SM = nullptr;
  const LangOptions *LO = nullptr;
};

std::vector<ClangTidyError> DevicePassCheck::runDevicePass(const std::string &File, StringRef Buffer,
                                                           IntrusiveRefCntPtr<llvm::vfs::FileSystem> HostFS,
                                                           const KeepSet &Keep) {
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
  // The files as clangd sees them (its file system: with --use-dirty-headers the editor's unsaved
  // headers), and the editor's unsaved text of this file on top: never what is on disk instead.
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(File, 0, llvm::MemoryBuffer::getMemBufferCopy(Buffer, File));
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(std::move(HostFS));
  FS->pushOverlay(Memory);
  std::string Dir = llvm::sys::path::parent_path(File).str();
  OneCommand Db(tooling::CompileCommand(Dir, File, DeviceArgv, ""));
  tooling::ClangTool Tool(Db, File, std::make_shared<PCHContainerOperations>(), FS);
  // A device branch that does not compile is the user's business, not a line in clangd's log.
  Tool.setPrintErrorMessage(false);
  ClangTidyDiagnosticConsumer Consumer(Device, nullptr, /*RemoveIncompatibleErrors=*/true,
                                       /*GetFixesFromNotes=*/false);
  DiagnosticsEngine Engine(new DiagnosticIDs(), new DiagnosticOptions(), &Consumer, /*ShouldOwnClient=*/false);
  Device.setDiagnosticsEngine(&Engine);
  Tool.setDiagnosticConsumer(&Consumer);
  DeviceActionFactory Factory(Device, Skipped, Keep, SkipBodies);
  Tool.run(&Factory);
  return Consumer.take();
}

void DevicePassCheck::check(const ast_matchers::MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (Skipped.empty() || !SM || !FD || FD->isTemplateInstantiation())
    return;
  SourceLocation Begin = SM->getExpansionLoc(FD->getSourceRange().getBegin());
  SourceLocation End = SM->getExpansionLoc(FD->getSourceRange().getEnd());
  SourceLocation Name = SM->getExpansionLoc(FD->getLocation());
  if (!SM->isWrittenInMainFile(Begin) || !SM->isWrittenInMainFile(End) || !SM->isWrittenInMainFile(Name))
    return;
  Functions.push_back({SM->getFileOffset(Begin), SM->getFileOffset(End) + 1, SM->getFileOffset(Name),
                       FD->getNameAsString()});
}

void DevicePassCheck::onEndOfTranslationUnit() {
  if (Skipped.empty() || !SM || !LO)
    return;
  FileID Main = SM->getMainFileID();
  OptionalFileEntryRef Entry = SM->getFileEntryRefForID(Main);
  if (!Entry)
    return;
  std::string File = Entry->getName().str();
  StringRef Buffer = SM->getBufferData(Main);
  KeepSet Keep = keepSet(Buffer, Skipped, Functions, *LO);
  for (const ClangTidyError &E :
       runDevicePass(File, Buffer, SM->getFileManager().getVirtualFileSystemPtr(), Keep)) {
    StringRef Name = E.DiagnosticName;
    if (!Name.starts_with("rocm-") || E.Message.FilePath != File || !inRanges(Skipped, E.Message.FileOffset) ||
        E.Message.FileOffset > Buffer.size())
      continue;
    SourceLocation Loc = SM->getComposedLoc(Main, E.Message.FileOffset);
    {
      DiagnosticBuilder D = Ctx->diag(Name, Loc, "%0") << E.Message.Message;
      auto Fix = E.Message.Fix.find(File);
      if (Fix != E.Message.Fix.end())
        for (const tooling::Replacement &R : Fix->second)
          if (R.getOffset() + R.getLength() <= Buffer.size())
            D << FixItHint::CreateReplacement(
                CharSourceRange::getCharRange(SM->getComposedLoc(Main, R.getOffset()),
                                              SM->getComposedLoc(Main, R.getOffset() + R.getLength())),
                R.getReplacementText());
    }
    for (const tooling::DiagnosticMessage &N : E.Notes)
      if (N.FilePath == File && N.FileOffset <= Buffer.size())
        Ctx->diag(Name, SM->getComposedLoc(Main, N.FileOffset), "%0", DiagnosticIDs::Note) << N.Message;
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
