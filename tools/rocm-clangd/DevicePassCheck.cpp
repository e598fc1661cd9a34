// The device side of a HIP file in the editor (issue #31 item 4). clangd runs the rocm-* checks
// on its one parse of a file, the host compile; findings in code only the device compile sees
// (regions under __HIP_DEVICE_COMPILE__ / __CUDA_ARCH__ that the host parse skipped) never show.
// This check, linked into rocm-clangd only, notes which regions of the main file the host parse
// skipped; when some exist, it parses the file's current buffer again with the same command and
// --cuda-device-only (DeviceParse.cpp), runs the same checks with the same options, and publishes
// the findings that fall inside those skipped regions under their own check names. Everything
// outside them the host parse has already reported, so nothing is reported twice.
//
// What that costs after each edit (tools/bench/clangd-device-latency.sh --edit) is kept small:
// - the device parse skips every function body the code in those regions cannot reach, and its
//   matchers walk the main file's declarations only, as clangd's do (HostScan.cpp);
// - it reads the file's #include block from a precompiled preamble of its own, built once and
//   reused while the block and the headers are unchanged (DevicePreamble.cpp);
// - when the edit since the last device parse lies in text that parse never read (a body it
//   skipped, a region its preprocessor skipped) and cannot change the tokens around it
//   (DeviceReuse.h), or when that parse saw none of the regions at all, the last findings are
//   published again, moved by the edit, with no parse (DeviceFindings.cpp).
#include "DeviceFindings.h"
#include "DeviceParse.h"
#include "DevicePass.h"
#include "HostScan.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

using namespace clang;
using namespace clang::tidy;

namespace rocmclangd {

namespace {

class DevicePassCheck : public ClangTidyCheck {
public:
  DevicePassCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Ctx(Context), SkipBodies(Options.get("SkipFunctionBodies", true)),
        Preambles(Options.get("Preambles", 4U)) {}
  bool isLanguageVersionSupported(const LangOptions &LO) const override {
    // Only a host parse of HIP/CUDA code has a device side left to see.
    return (LO.HIP || LO.CUDA) && !LO.CUDAIsDevice;
  }
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override {
    Options.store(Opts, "SkipFunctionBodies", SkipBodies);
    Options.store(Opts, "Preambles", Preambles);
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
  std::vector<ClangTidyError> parse(const std::string &File, StringRef Buffer, std::vector<std::string> DeviceArgv,
                                    std::string Key, IntrusiveRefCntPtr<llvm::vfs::FileSystem> HostFS,
                                    DeviceReads &Reads);
  void publish(const std::vector<ClangTidyError> &Findings, const std::string &File, FileID Main, StringRef Buffer);

  ClangTidyContext *Ctx;
  const bool SkipBodies;
  // How many files keep a device preamble (the least recently parsed goes first); 0: none, every
  // device parse reads the whole file.
  const unsigned Preambles;
  Ranges Skipped;
  std::vector<HostFunction> Functions;
  const SourceManager *SM = nullptr;
  const LangOptions *LO = nullptr;
};

void DevicePassCheck::check(const ast_matchers::MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (Skipped.empty() || !SM || !FD || FD->isTemplateInstantiation())
    return;
  SourceLocation Begin = SM->getExpansionLoc(FD->getSourceRange().getBegin());
  SourceLocation End = SM->getExpansionLoc(FD->getSourceRange().getEnd());
  SourceLocation Name = SM->getExpansionLoc(FD->getLocation());
  if (!SM->isWrittenInMainFile(Begin) || !SM->isWrittenInMainFile(End) || !SM->isWrittenInMainFile(Name))
    return;
  HostFunction F{SM->getFileOffset(Begin),
                 SM->getFileOffset(End) + 1,
                 SM->getFileOffset(Name),
                 FD->getNameAsString(),
                 {},
                 !FD->isConstexpr() && !FD->getReturnType()->getContainedDeducedType()};
  if (const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody())) {
    SourceLocation L = Body->getLBracLoc(), R = Body->getRBracLoc();
    if (L.isFileID() && R.isFileID() && SM->isWrittenInMainFile(L) && SM->isWrittenInMainFile(R) &&
        SM->getFileOffset(L) < SM->getFileOffset(R))
      F.Body.emplace_back(SM->getFileOffset(L) + 1, SM->getFileOffset(R));
  }
  Functions.push_back(std::move(F));
}

// A device parse of this version, its findings inside the host-skipped regions kept as the file's
// last run (unless it looked for a file that does not exist yet).
std::vector<ClangTidyError> DevicePassCheck::parse(const std::string &File, StringRef Buffer,
                                                   std::vector<std::string> DeviceArgv, std::string Key,
                                                   IntrusiveRefCntPtr<llvm::vfs::FileSystem> HostFS,
                                                   DeviceReads &Reads) {
  KeepSet Keep = keepSet(Buffer, Skipped, Functions, *LO);
  std::string Text = SkipBodies ? deviceBuffer(Buffer, Functions, Keep, Skipped, *LO) : Buffer.str();
  DeviceJob Job{File, std::move(Text), std::move(DeviceArgv), std::move(HostFS), Skipped, Keep, SkipBodies, Preambles};
  LastRun Run;
  for (ClangTidyError &E : runDeviceParse(*Ctx, Job, Reads))
    if (StringRef(E.DiagnosticName).starts_with("rocm-") && E.Message.FilePath == File &&
        inRanges(Skipped, E.Message.FileOffset) && E.Message.FileOffset <= Buffer.size())
      Run.Findings.push_back(std::move(E));
  if (Reads.Preamble == PreambleOutcome::Failed)
    llvm::errs() << "rocm-clangd: no device preamble for '" << llvm::sys::path::filename(File) << "' ("
                 << Reads.PreambleProblem << "); the device parse read the whole file\n";
  Run.Key = std::move(Key);
  Run.Buffer = Buffer.str();
  Run.Unread = Reads.Unseen;
  for (const HostFunction &F : Functions)
    if (Reads.SkippedFunctions.count(F.NameOffset))
      Run.Unread.insert(Run.Unread.end(), F.Body.begin(), F.Body.end());
  Run.Blind = std::all_of(Skipped.begin(), Skipped.end(),
                          [&](const auto &R) { return within(Reads.Unseen, R.first, R.second); });
  Run.Inputs = std::move(Reads.Inputs);
  std::vector<ClangTidyError> Findings = Run.Findings;
  if (Reads.MissedFile)
    forgetLastRun(File);
  else
    keepLastRun(File, std::move(Run));
  return Findings;
}

void DevicePassCheck::publish(const std::vector<ClangTidyError> &Findings, const std::string &File, FileID Main,
                              StringRef Buffer) {
  for (const ClangTidyError &E : Findings) {
    StringRef Name = E.DiagnosticName;
    // Moved findings are checked against this parse's regions and text again.
    if (!inRanges(Skipped, E.Message.FileOffset) || E.Message.FileOffset > Buffer.size())
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

void DevicePassCheck::onEndOfTranslationUnit() {
  if (!SM || !LO)
    return;
  FileID Main = SM->getMainFileID();
  OptionalFileEntryRef Entry = SM->getFileEntryRefForID(Main);
  if (!Entry)
    return;
  std::string File = Entry->getName().str();
  if (Skipped.empty()) {
    forgetLastRun(File);
    preambles().forget(File);
    return;
  }
  std::optional<std::vector<std::string>> Argv = rememberedCommand(File);
  if (!Argv || Argv->empty())
    return;
  std::vector<std::string> DeviceArgv = deviceCommand(*Argv);
  std::string Key = runKey(DeviceArgv, Ctx->getOptions());
  StringRef Buffer = SM->getBufferData(Main);
  IntrusiveRefCntPtr<llvm::vfs::FileSystem> HostFS = SM->getFileManager().getVirtualFileSystemPtr();
  auto Start = std::chrono::steady_clock::now();
  DeviceReads Reads;
  std::optional<std::vector<ClangTidyError>> Findings = reuseLastRun(File, Key, Buffer, *HostFS);
  bool Reused = Findings.has_value();
  if (!Findings)
    Findings = parse(File, Buffer, std::move(DeviceArgv), std::move(Key), HostFS, Reads);
  // For the tests, which cannot tell a reused finding from a parsed one by what is published, and
  // for profiling.
  static const bool Log = std::getenv("ROCM_CLANGD_LOG_DEVICE_PASS") != nullptr;
  if (Log)
    llvm::errs() << "rocm-clangd: device pass of '" << llvm::sys::path::filename(File)
                 << "': " << (Reused ? "reused" : "parsed") << " ("
                 << llvm::format("%.3f",
                                 std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count())
                 << " s" << (Reused ? "" : std::string(", ") + describe(Reads.Preamble)) << ")\n";
  publish(*Findings, File, Main, Buffer);
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
