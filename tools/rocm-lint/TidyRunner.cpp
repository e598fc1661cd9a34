// One clang-tidy run over one prepared compile command, with rocm-lint's recovery consumer.
#include "AnalyzerImpl.h"

#include "ast/DeviceCodeProbe.h"
#include "ast/KernelFacts.h"
#include "ast/UserCode.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Tooling/Tooling.h"

using namespace clang;
using namespace clang::tooling;

namespace rocmlint {

namespace {
// The checks' matchers walk only the translation unit's top-level declarations in user code
// (ast/UserCode.h, the definition the kernel-facts walk and the recovery count use too). They
// report nothing in a system header (SystemHeaders is off), and walking the runtime and standard
// headers was most of what the checks cost (a quarter of a pass on a HIP file that includes
// hip_runtime.h and <vector>). Declarations in system headers stay reachable from the user's code
// (a callee, a type); only the walk that visits each node in turn leaves them out. The scope is
// set for the checks alone and restored after them: the other consumers walk on their own.
class UserCodeScope : public MultiplexConsumer {
public:
  explicit UserCodeScope(std::vector<std::unique_ptr<ASTConsumer>> Checks) : MultiplexConsumer(std::move(Checks)) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    std::vector<Decl *> Whole = Ctx.getTraversalScope();
    Ctx.setTraversalScope(rocmtidy::userTopLevelDecls(Ctx));
    MultiplexConsumer::HandleTranslationUnit(Ctx);
    Ctx.setTraversalScope(Whole);
  }
};

// The parser asks the consumer whether it may skip each function body it reaches (with
// FrontendOptions::SkipFunctionBodies on); a MultiplexConsumer says yes only when all its consumers
// do, and an ASTConsumer says yes unless it overrides the question. The whole stack answers here,
// once, from the one rule of ast/UserCode.h: bodies in system headers are skipped, since the checks,
// the kernel facts and the recovery count read user code only. Most of a HIP pass is parsing the
// runtime and standard headers, and much of that is their function bodies.
class SystemBodySkipper : public MultiplexConsumer {
public:
  explicit SystemBodySkipper(std::vector<std::unique_ptr<ASTConsumer>> All) : MultiplexConsumer(std::move(All)) {}
  bool shouldSkipFunctionBody(Decl *D) override {
    return rocmtidy::maySkipFunctionBody(D) && MultiplexConsumer::shouldSkipFunctionBody(D);
  }
};
} // namespace

// clang-tidy's runClangTidy, minus its messages on stderr ("Error while processing ..."): rocm-lint
// reports compiler errors itself, once, in its own format.
std::vector<tidy::ClangTidyError> runChecks(tidy::ClangTidyContext &Context, const CompilationDatabase &Db,
                                            const std::string &File,
                                            const llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> &FS,
                                            RecoveryLog &Log, rocmtidy::TranslationUnitFacts *Facts,
                                            bool SkipSystemBodies, rocmtidy::DeviceCodeSeen *DeviceCode) {
  ClangTool Tool(Db, {File}, std::make_shared<PCHContainerOperations>(), FS);
  Tool.setPrintErrorMessage(false);
  tidy::ClangTidyDiagnosticConsumer Consumer(Context, nullptr, /*RemoveIncompatibleErrors=*/true);
  DiagnosticsEngine Engine(new DiagnosticIDs(), new DiagnosticOptions(), &Consumer, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&Engine);
  Tool.setDiagnosticConsumer(&Consumer);

  class Action : public ASTFrontendAction {
  public:
    Action(tidy::ClangTidyASTConsumerFactory &Factory, RecoveryLog &Log, rocmtidy::TranslationUnitFacts *Facts,
           bool SkipSystemBodies, rocmtidy::DeviceCodeSeen *DeviceCode)
        : Factory(Factory), Log(Log), Facts(Facts), SkipSystemBodies(SkipSystemBodies), DeviceCode(DeviceCode) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef InFile) override {
      std::unique_ptr<ASTConsumer> All = consumers(CI, InFile);
      if (!SkipSystemBodies)
        return All;
      // Read by ExecuteAction, after this consumer is made, when it starts the parser.
      CI.getFrontendOpts().SkipFunctionBodies = true;
      std::vector<std::unique_ptr<ASTConsumer>> Wrapped;
      Wrapped.push_back(std::move(All));
      return std::make_unique<SystemBodySkipper>(std::move(Wrapped));
    }

  private:
    std::unique_ptr<ASTConsumer> consumers(CompilerInstance &CI, StringRef InFile) {
      std::vector<std::unique_ptr<ASTConsumer>> Tidy;
      Tidy.push_back(Factory.createASTConsumer(CI, InFile));
      std::unique_ptr<ASTConsumer> Checks = std::make_unique<UserCodeScope>(std::move(Tidy));
      if (!Facts && !DeviceCode)
        return withRecovery(CI, std::move(Checks), Log);
      // The project's kernel facts and the device-code answer come from this same parse.
      std::vector<std::unique_ptr<ASTConsumer>> All;
      All.push_back(std::move(Checks));
      if (Facts)
        All.push_back(rocmtidy::makeFactsCollector(CI, *Facts));
      if (DeviceCode)
        All.push_back(rocmtidy::makeDeviceCodeProbe(CI, *DeviceCode));
      return withRecovery(CI, std::make_unique<MultiplexConsumer>(std::move(All)), Log);
    }

    tidy::ClangTidyASTConsumerFactory &Factory;
    RecoveryLog &Log;
    rocmtidy::TranslationUnitFacts *Facts;
    bool SkipSystemBodies;
    rocmtidy::DeviceCodeSeen *DeviceCode;
  };
  class Factory : public FrontendActionFactory {
  public:
    Factory(tidy::ClangTidyContext &Context, llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS,
            RecoveryLog &Log, rocmtidy::TranslationUnitFacts *Facts, bool SkipSystemBodies,
            rocmtidy::DeviceCodeSeen *DeviceCode)
        : ConsumerFactory(Context, std::move(FS)), Log(Log), Facts(Facts), SkipSystemBodies(SkipSystemBodies),
          DeviceCode(DeviceCode) {}
    std::unique_ptr<FrontendAction> create() override {
      return std::make_unique<Action>(ConsumerFactory, Log, Facts, SkipSystemBodies, DeviceCode);
    }

  private:
    tidy::ClangTidyASTConsumerFactory ConsumerFactory;
    RecoveryLog &Log;
    rocmtidy::TranslationUnitFacts *Facts;
    bool SkipSystemBodies;
    rocmtidy::DeviceCodeSeen *DeviceCode;
  };
  Factory F(Context, FS, Log, Facts, SkipSystemBodies, DeviceCode);
  Tool.run(&F);
  return Consumer.take();
}

} // namespace rocmlint
