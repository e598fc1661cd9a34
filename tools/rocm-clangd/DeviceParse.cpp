// The device parse (DeviceParse.h).
#include "DeviceParse.h"
#include "DevicePass.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace clang::tidy;

namespace rocmclangd {

namespace {

// Looked up from the user's code, not from system headers (which probe for optional headers with
// __has_include all the time, and whose files nobody writes while editing).
struct MissedFiles : PPCallbacks {
  MissedFiles(const SourceManager &SM, bool &Missed) : SM(SM), Missed(Missed) {}
  void InclusionDirective(SourceLocation Hash, const Token &, StringRef, bool, CharSourceRange,
                          OptionalFileEntryRef File, StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    Missed |= !File && !SM.isInSystemHeader(Hash);
  }
  void HasInclude(SourceLocation Loc, StringRef, bool, OptionalFileEntryRef File, SrcMgr::CharacteristicKind) override {
    Missed |= !File && !SM.isInSystemHeader(Loc);
  }
  const SourceManager &SM;
  bool &Missed;
};

// The tidy consumer of the device parse, narrowed to what can matter: function bodies outside the
// keep set are skipped (clang's -skip-function-bodies; it never skips a constexpr function or one
// whose return type is deduced, which the rest of the file may need), and the matchers traverse
// the main file's declarations only, as clangd's do on the host side.
class DeviceConsumer : public MultiplexConsumer {
public:
  DeviceConsumer(std::unique_ptr<ASTConsumer> Tidy, const SourceManager &SM, const DeviceJob &Job, DeviceReads &Reads)
      : MultiplexConsumer(one(std::move(Tidy))), SM(SM), Job(Job), Reads(Reads) {}

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
    if (!Job.SkipBodies)
      return false;
    const FunctionDecl *FD = D->getAsFunction();
    if (!FD)
      return true;
    SourceLocation Loc = SM.getExpansionLoc(FD->getLocation());
    bool Main = SM.isWrittenInMainFile(Loc);
    unsigned Offset = Main ? SM.getFileOffset(Loc) : 0;
    if (Main && (inRanges(Job.Skipped, Offset) || Job.Keep.Offsets.count(Offset)))
      return false;
    if (Job.Keep.Names.count(FD->getNameAsString()))
      return false;
    if (Main)
      Reads.SkippedFunctions.insert(Offset);
    return true;
  }

private:
  static std::vector<std::unique_ptr<ASTConsumer>> one(std::unique_ptr<ASTConsumer> C) {
    std::vector<std::unique_ptr<ASTConsumer>> V;
    V.push_back(std::move(C));
    return V;
  }
  const SourceManager &SM;
  const DeviceJob &Job;
  DeviceReads &Reads;
  std::vector<Decl *> MainDecls;
};

class DeviceAction : public ASTFrontendAction {
public:
  DeviceAction(ClangTidyASTConsumerFactory &Factory, const DeviceJob &Job, DeviceReads &Reads)
      : Factory(Factory), Job(Job), Reads(Reads) {}
  bool BeginInvocation(CompilerInstance &CI) override {
    CI.getFrontendOpts().SkipFunctionBodies = Job.SkipBodies;
    // No "N warnings generated" line in clangd's log after each parse.
    CI.getDiagnosticOpts().ShowCarets = false;
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef File) override {
    CI.getPreprocessor().addPPCallbacks(std::make_unique<SkippedRanges>(CI.getSourceManager(), Reads.Unseen));
    CI.getPreprocessor().addPPCallbacks(std::make_unique<MissedFiles>(CI.getSourceManager(), Reads.MissedFile));
    return std::make_unique<DeviceConsumer>(Factory.createASTConsumer(CI, File), CI.getSourceManager(), Job, Reads);
  }
  void EndSourceFileAction() override {
    const SourceManager &SM = getCompilerInstance().getSourceManager();
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      if (!Main || It->first != *Main)
        Reads.Inputs.push_back(
            {It->first.getName().str(), uint64_t(It->first.getSize()), It->first.getModificationTime()});
  }

private:
  ClangTidyASTConsumerFactory &Factory;
  const DeviceJob &Job;
  DeviceReads &Reads;
};

// Runs the device action on the invocation the driver made of the device command, with the file's
// device preamble when one can be had: the invocation is what the preamble is keyed and checked by.
class DeviceActionFactory : public tooling::FrontendActionFactory {
public:
  DeviceActionFactory(ClangTidyContext &Ctx, const DeviceJob &Job, DeviceReads &Reads)
      : Consumers(Ctx), Job(Job), Reads(Reads) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<DeviceAction>(Consumers, Job, Reads); }

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCH, DiagnosticConsumer *Diags) override {
    if (Job.Preambles == 0)
      return FrontendActionFactory::runInvocation(std::move(Invocation), Files, std::move(PCH), Diags);
    IntrusiveRefCntPtr<llvm::vfs::FileSystem> VFS = Files->getVirtualFileSystemPtr();
    std::string Key;
    for (const std::string &A : Job.Argv)
      Key += A + '\0';
    // Held until the parse is done: the PCH file lives as long as the preamble does.
    std::shared_ptr<const DevicePreamble> Preamble =
        preambles().get(Job.File, Key, *Invocation, Job.Text, VFS, PCH, Job.Preambles, Job.SkipBodies, Reads.Preamble,
                        Reads.PreambleProblem);
    if (!Preamble)
      return FrontendActionFactory::runInvocation(std::move(Invocation), Files, std::move(PCH), Diags);
    std::unique_ptr<llvm::MemoryBuffer> Main = llvm::MemoryBuffer::getMemBuffer(Job.Text, Job.File);
    Invocation->getPreprocessorOpts().RetainRemappedFileBuffers = true; // Main stays ours
    Preamble->PCH.AddImplicitPreamble(*Invocation, VFS, Main.get());
    Reads.Inputs.insert(Reads.Inputs.end(), Preamble->Inputs.begin(), Preamble->Inputs.end());
    IntrusiveRefCntPtr<FileManager> WithPCH(Files);
    if (VFS != Files->getVirtualFileSystemPtr())
      WithPCH = new FileManager(Files->getFileSystemOpts(), VFS);
    return FrontendActionFactory::runInvocation(std::move(Invocation), WithPCH.get(), std::move(PCH), Diags);
  }

private:
  ClangTidyASTConsumerFactory Consumers;
  const DeviceJob &Job;
  DeviceReads &Reads;
};

class OneCommand : public tooling::CompilationDatabase {
public:
  explicit OneCommand(tooling::CompileCommand Cmd) : Cmd(std::move(Cmd)) {}
  std::vector<tooling::CompileCommand> getCompileCommands(llvm::StringRef) const override { return {Cmd}; }

private:
  tooling::CompileCommand Cmd;
};

} // namespace

std::vector<ClangTidyError> runDeviceParse(ClangTidyContext &Host, const DeviceJob &Job, DeviceReads &Reads) {
  ClangTidyOptions Opts = Host.getOptions();
  // The same rocm-* checks, minus this one: the device parse has nothing further to look at.
  Opts.Checks = Opts.Checks.value_or("") + ",-" + DevicePassName.str();
  ClangTidyContext Device(std::make_unique<DefaultOptionsProvider>(Host.getGlobalOptions(), std::move(Opts)));
  // The files as clangd sees them (its file system: with --use-dirty-headers the editor's unsaved
  // headers), and the editor's unsaved text of this file on top: never what is on disk instead.
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(Job.File, 0, llvm::MemoryBuffer::getMemBufferCopy(Job.Text, Job.File));
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Job.FS);
  FS->pushOverlay(Memory);
  std::string Dir = llvm::sys::path::parent_path(Job.File).str();
  OneCommand Db(tooling::CompileCommand(Dir, Job.File, Job.Argv, ""));
  tooling::ClangTool Tool(Db, Job.File, std::make_shared<PCHContainerOperations>(), FS);
  // A device branch that does not compile is the user's business, not a line in clangd's log.
  Tool.setPrintErrorMessage(false);
  ClangTidyDiagnosticConsumer Consumer(Device, nullptr, /*RemoveIncompatibleErrors=*/true,
                                       /*GetFixesFromNotes=*/false);
  DiagnosticsEngine Engine(new DiagnosticIDs(), new DiagnosticOptions(), &Consumer, /*ShouldOwnClient=*/false);
  Device.setDiagnosticsEngine(&Engine);
  Tool.setDiagnosticConsumer(&Consumer);
  DeviceActionFactory Factory(Device, Job, Reads);
  Tool.run(&Factory);
  return Consumer.take();
}

} // namespace rocmclangd
