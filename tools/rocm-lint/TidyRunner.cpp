// One clang-tidy run over one prepared compile command, with rocm-lint's recovery consumer.
#include "AnalyzerImpl.h"

#include "clang-tidy/ClangTidyModule.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"

using namespace clang;
using namespace clang::tooling;

namespace rocmlint {

// clang-tidy's runClangTidy, minus its messages on stderr ("Error while processing ..."): rocm-lint
// reports compiler errors itself, once, in its own format.
std::vector<tidy::ClangTidyError> runChecks(tidy::ClangTidyContext &Context, const CompilationDatabase &Db,
                                            const std::string &File,
                                            llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
                                            RecoveryLog &Log) {
  ClangTool Tool(Db, {File}, std::make_shared<PCHContainerOperations>(), FS);
  Tool.setPrintErrorMessage(false);
  tidy::ClangTidyDiagnosticConsumer Consumer(Context, nullptr, /*RemoveIncompatibleErrors=*/true);
  DiagnosticsEngine Engine(new DiagnosticIDs(), new DiagnosticOptions(), &Consumer, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&Engine);
  Tool.setDiagnosticConsumer(&Consumer);

  class Action : public ASTFrontendAction {
  public:
    Action(tidy::ClangTidyASTConsumerFactory &Factory, RecoveryLog &Log) : Factory(Factory), Log(Log) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef InFile) override {
      return withRecovery(CI, Factory.createASTConsumer(CI, InFile), Log);
    }

  private:
    tidy::ClangTidyASTConsumerFactory &Factory;
    RecoveryLog &Log;
  };
  class Factory : public FrontendActionFactory {
  public:
    Factory(tidy::ClangTidyContext &Context, llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
            RecoveryLog &Log)
        : ConsumerFactory(Context, std::move(FS)), Log(Log) {}
    std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(ConsumerFactory, Log); }

  private:
    tidy::ClangTidyASTConsumerFactory ConsumerFactory;
    RecoveryLog &Log;
  };
  Factory F(Context, FS, Log);
  Tool.run(&F);
  return Consumer.take();
}

} // namespace rocmlint
