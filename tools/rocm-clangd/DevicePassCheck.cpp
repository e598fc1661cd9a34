// The device side of a HIP file in the editor (issue #31 item 4). clangd runs the rocm-* checks
// on its one parse of a file, the host compile; findings in code only the device compile sees
// (regions under __HIP_DEVICE_COMPILE__ / __CUDA_ARCH__ that the host parse skipped) never show.
// This check, linked into rocm-clangd only, notes which regions of the main file the host parse
// skipped; when some exist, it parses the file's current buffer again with the same command and
// --cuda-device-only, runs the same checks with the same options, and publishes the findings that
// fall inside those skipped regions under their own check names. Everything outside them the host
// parse has already reported, so nothing is reported twice.
//
// What that costs after each edit (tools/bench/clangd-device-latency.sh --edit) is kept small:
// - the device parse skips every function body the code in those regions cannot reach, and its
//   matchers walk the main file's declarations only, as clangd's do;
// - when the edit since the last device parse lies in text that parse never read (a body it
//   skipped, a region its preprocessor skipped) and cannot change the tokens around it
//   (DeviceReuse.h), or when that parse saw none of the regions at all, the last findings are
//   published again, moved by the edit, with no parse.
#include "DevicePass.h"
#include "DeviceReuse.h"

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
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
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
  Ranges Body;    // inside the braces; empty for a function-try-block or braces from a macro
  bool Skippable; // clang may skip it: not constexpr, no deduced return type
};

// What the device parse must keep: the bodies of the functions whose definition encloses a skipped
// region, and of every function whose name occurs in a skipped region or in a kept body (by name,
// transitively, so overloads and same-named methods are kept too). Everything else can only yield
// findings outside the skipped regions, which are dropped anyway, or was already seen by the host parse.
struct KeepSet {
  std::set<unsigned> Offsets;
  std::set<std::string> Names;
};

void identifiersIn(StringRef Buffer, unsigned Begin, unsigned End, const LangOptions &LO, std::set<std::string> &Out) {
  End = std::min<unsigned>(End, Buffer.size());
  if (Begin >= End)
    return;
  // Raw lexing: the text of a skipped region was never preprocessed, and names are all we need. The
  // lexer reads up to a NUL after the end, so it gets a copy that has one.
  std::string Text = Buffer.slice(Begin, End).str();
  Lexer Lex(SourceLocation(), LO, Text.data(), Text.data(), Text.data() + Text.size());
  Token Tok;
  // LexFromRawLexer says "at the end" with the last token, which may be a name.
  for (bool AtEnd = false; !AtEnd;) {
    AtEnd = Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::raw_identifier))
      Out.insert(Tok.getRawIdentifier().str());
  }
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

// The device parse reads a copy of the buffer in which the bodies it would skip are blank (spaces;
// every line break and every preprocessor directive kept, so offsets, lines and macros stay as
// they were): skipping a body still lexes and preprocesses all of it, blank text costs nearly
// nothing. Directives are found by raw lexing, so a '#' inside a comment or literal is no directive.
void blankBody(std::string &Out, StringRef Buffer, unsigned Begin, unsigned End, const LangOptions &LO) {
  std::string Text = Buffer.slice(Begin, End).str(); // NUL-terminated, as the lexer needs
  Lexer Lex(SourceLocation(), LO, Text.data(), Text.data(), Text.data() + Text.size());
  Ranges Directives; // relative to Begin
  bool InDirective = false;
  unsigned DirectiveBegin = 0, DirectiveEnd = 0;
  Token Tok;
  for (bool AtEnd = false; !AtEnd;) {
    AtEnd = Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof))
      break;
    unsigned TokEnd = Lex.getBufferLocation() - Text.data(), TokBegin = TokEnd - Tok.getLength();
    if (Tok.isAtStartOfLine()) {
      if (InDirective)
        Directives.emplace_back(DirectiveBegin, DirectiveEnd);
      InDirective = Tok.is(tok::hash);
      DirectiveBegin = TokBegin;
    }
    if (InDirective)
      DirectiveEnd = TokEnd;
  }
  if (InDirective)
    Directives.emplace_back(DirectiveBegin, DirectiveEnd);
  for (unsigned I = 0; I < Text.size(); ++I)
    if (Text[I] != '\n' && Text[I] != '\r' && !inRanges(Directives, I))
      Out[Begin + I] = ' ';
}

std::string deviceBuffer(StringRef Buffer, const std::vector<HostFunction> &Functions, const KeepSet &Keep,
                         const Ranges &Skipped, const LangOptions &LO) {
  std::string Out = Buffer.str();
  for (const HostFunction &F : Functions)
    if (F.Skippable && !F.Body.empty() && !Keep.Offsets.count(F.NameOffset) && !Keep.Names.count(F.Name) &&
        !inRanges(Skipped, F.NameOffset))
      blankBody(Out, Buffer, F.Body.front().first, F.Body.front().second, LO);
  return Out;
}

// A file the device parse read, as it was then.
struct InputFile {
  std::string Name;
  uint64_t Size;
  time_t MTime;
};

// What the device parse did not read: main-file function bodies it skipped (their names' offsets)
// and main-file regions its preprocessor skipped; and what it did read besides the buffer.
struct DeviceReads {
  std::set<unsigned> SkippedFunctions;
  Ranges Unseen;
  std::vector<InputFile> Inputs;
  // An #include or __has_include of a file that did not exist: it may appear without the buffer
  // changing, so this parse is not reused.
  bool MissedFile = false;
};

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
  DeviceConsumer(std::unique_ptr<ASTConsumer> Tidy, const SourceManager &SM, const Ranges &Skipped, const KeepSet &Keep,
                 bool SkipBodies, DeviceReads &Reads)
      : MultiplexConsumer(one(std::move(Tidy))), SM(SM), Skipped(Skipped), Keep(Keep), SkipBodies(SkipBodies),
        Reads(Reads) {}

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
    bool Main = SM.isWrittenInMainFile(Loc);
    unsigned Offset = Main ? SM.getFileOffset(Loc) : 0;
    if (Main && (inRanges(Skipped, Offset) || Keep.Offsets.count(Offset)))
      return false;
    if (Keep.Names.count(FD->getNameAsString()))
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
  const Ranges &Skipped;
  const KeepSet &Keep;
  bool SkipBodies;
  DeviceReads &Reads;
  std::vector<Decl *> MainDecls;
};

class DeviceAction : public ASTFrontendAction {
public:
  DeviceAction(ClangTidyASTConsumerFactory &Factory, const Ranges &Skipped, const KeepSet &Keep, bool SkipBodies,
               DeviceReads &Reads)
      : Factory(Factory), Skipped(Skipped), Keep(Keep), SkipBodies(SkipBodies), Reads(Reads) {}
  bool BeginInvocation(CompilerInstance &CI) override {
    CI.getFrontendOpts().SkipFunctionBodies = SkipBodies;
    // No "N warnings generated" line in clangd's log after each parse.
    CI.getDiagnosticOpts().ShowCarets = false;
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef File) override {
    CI.getPreprocessor().addPPCallbacks(std::make_unique<SkippedRanges>(CI.getSourceManager(), Reads.Unseen));
    CI.getPreprocessor().addPPCallbacks(std::make_unique<MissedFiles>(CI.getSourceManager(), Reads.MissedFile));
    return std::make_unique<DeviceConsumer>(Factory.createASTConsumer(CI, File), CI.getSourceManager(), Skipped, Keep,
                                            SkipBodies, Reads);
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
  const Ranges &Skipped;
  const KeepSet &Keep;
  bool SkipBodies;
  DeviceReads &Reads;
};

class DeviceActionFactory : public tooling::FrontendActionFactory {
public:
  DeviceActionFactory(ClangTidyContext &Ctx, const Ranges &Skipped, const KeepSet &Keep, bool SkipBodies,
                      DeviceReads &Reads)
      : Consumers(Ctx), Skipped(Skipped), Keep(Keep), SkipBodies(SkipBodies), Reads(Reads) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<DeviceAction>(Consumers, Skipped, Keep, SkipBodies, Reads);
  }

private:
  ClangTidyASTConsumerFactory Consumers;
  const Ranges &Skipped;
  const KeepSet &Keep;
  bool SkipBodies;
  DeviceReads &Reads;
};

// The last device parse of a file: its inputs, what it did not read, and the findings it
// published (inside the host-skipped regions). Blind: it saw none of those regions (all of them
// were skipped by the device preprocessor too, like '#ifdef DEBUG'), so it found nothing there.
struct LastRun {
  std::string Key;
  std::string Buffer;
  Ranges Unread;
  bool Blind = false;
  std::vector<InputFile> Inputs;
  std::vector<ClangTidyError> Findings;
};

std::mutex RunsLock;
std::map<std::string, LastRun> &lastRuns() {
  static std::map<std::string, LastRun> Runs;
  return Runs;
}

bool moveMessage(tooling::DiagnosticMessage &M, StringRef File, const Change &C) {
  if (M.FilePath == File && !moveOffset(C, M.FileOffset))
    return false;
  for (tooling::FileByteRange &R : M.Ranges) {
    unsigned End = R.FileOffset + R.Length;
    if (R.FilePath == File && (!moveOffset(C, R.FileOffset) || !moveOffset(C, End) || End - R.FileOffset != R.Length))
      return false;
  }
  auto Fix = M.Fix.find(File);
  if (Fix == M.Fix.end())
    return true;
  tooling::Replacements Moved;
  for (const tooling::Replacement &R : Fix->second) {
    unsigned Begin = R.getOffset(), End = R.getOffset() + R.getLength();
    if (!moveOffset(C, Begin) || !moveOffset(C, End) || End - Begin != R.getLength())
      return false;
    if (llvm::Error Err =
            Moved.add(tooling::Replacement(R.getFilePath(), Begin, R.getLength(), R.getReplacementText()))) {
      llvm::consumeError(std::move(Err));
      return false;
    }
  }
  Fix->second = std::move(Moved);
  return true;
}

// The last findings moved to the new text, or nothing when a parse is needed.
std::optional<std::vector<ClangTidyError>> reuse(LastRun &Last, StringRef Key, StringRef Buffer, StringRef File,
                                                 llvm::vfs::FileSystem &FS) {
  if (Last.Key != Key)
    return std::nullopt;
  Change C = changeBetween(Last.Buffer, Buffer);
  if (!isLocalChange(Last.Buffer, Buffer, C) || (!Last.Blind && !within(Last.Unread, C.Begin, C.OldEnd)))
    return std::nullopt;
  // A header saved (or changed in the editor) since then: its text is an input too.
  for (const InputFile &I : Last.Inputs) {
    llvm::ErrorOr<llvm::vfs::Status> St = FS.status(I.Name);
    if (!St || St->getSize() != I.Size || llvm::sys::toTimeT(St->getLastModificationTime()) != I.MTime)
      return std::nullopt;
  }
  std::vector<ClangTidyError> Findings = Last.Findings;
  for (ClangTidyError &E : Findings) {
    if (!moveMessage(E.Message, File, C))
      return std::nullopt;
    for (tooling::DiagnosticMessage &N : E.Notes)
      if (!moveMessage(N, File, C))
        return std::nullopt;
  }
  Ranges Unread;
  // A range may begin where the change begins and end where it ends: it still holds it.
  for (auto [B, E] : Last.Unread) {
    if (B > C.Begin && !moveOffset(C, B))
      continue;
    if (E >= C.OldEnd)
      E = E - C.OldEnd + C.NewEnd;
    else if (E > C.Begin)
      continue;
    Unread.emplace_back(B, E);
  }
  Last.Buffer = Buffer.str();
  Last.Unread = std::move(Unread);
  Last.Findings = Findings;
  return Findings;
}

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
                                            const std::vector<std::string> &DeviceArgv,
                                            IntrusiveRefCntPtr<llvm::vfs::FileSystem> HostFS, const KeepSet &Keep,
                                            DeviceReads &Reads);
  std::string runKey(const std::vector<std::string> &DeviceArgv) const;

  ClangTidyContext *Ctx;
  const bool SkipBodies;
  Ranges Skipped;
  std::vector<HostFunction> Functions;
  const SourceManager *SM = nullptr;
  const LangOptions *LO = nullptr;
};

std::vector<std::string> deviceCommand(const std::vector<std::string> &Argv) {
  std::vector<std::string> DeviceArgv;
  for (const std::string &A : Argv)
    if (A != "--cuda-host-only" && A != "--offload-host-only")
      DeviceArgv.push_back(A);
  DeviceArgv.insert(DeviceArgv.begin() + 1, "--cuda-device-only");
  return DeviceArgv;
}

std::vector<ClangTidyError> DevicePassCheck::runDevicePass(const std::string &File, StringRef Buffer,
                                                           const std::vector<std::string> &DeviceArgv,
                                                           IntrusiveRefCntPtr<llvm::vfs::FileSystem> HostFS,
                                                           const KeepSet &Keep, DeviceReads &Reads) {
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
  DeviceActionFactory Factory(Device, Skipped, Keep, SkipBodies, Reads);
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

std::string DevicePassCheck::runKey(const std::vector<std::string> &DeviceArgv) const {
  std::string Key;
  for (const std::string &A : DeviceArgv)
    Key += A + '\0';
  ClangTidyOptions Opts = Ctx->getOptions();
  Key += '\1' + Opts.Checks.value_or("") + '\1';
  std::vector<std::string> CheckOptions;
  for (const auto &O : Opts.CheckOptions)
    CheckOptions.push_back(O.getKey().str() + '=' + O.getValue().Value);
  std::sort(CheckOptions.begin(), CheckOptions.end());
  for (const std::string &O : CheckOptions)
    Key += O + '\0';
  return Key;
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
    std::lock_guard<std::mutex> Guard(RunsLock);
    lastRuns().erase(File);
    return;
  }
  std::optional<std::vector<std::string>> Argv = rememberedCommand(File);
  if (!Argv || Argv->empty())
    return;
  std::vector<std::string> DeviceArgv = deviceCommand(*Argv);
  std::string Key = runKey(DeviceArgv);
  StringRef Buffer = SM->getBufferData(Main);
  IntrusiveRefCntPtr<llvm::vfs::FileSystem> HostFS = SM->getFileManager().getVirtualFileSystemPtr();
  auto Start = std::chrono::steady_clock::now();
  std::optional<std::vector<ClangTidyError>> Findings;
  {
    std::lock_guard<std::mutex> Guard(RunsLock);
    auto It = lastRuns().find(File);
    if (It != lastRuns().end())
      Findings = reuse(It->second, Key, Buffer, File, *HostFS);
  }
  bool Reused = Findings.has_value();
  if (!Findings) {
    KeepSet Keep = keepSet(Buffer, Skipped, Functions, *LO);
    DeviceReads Reads;
    LastRun Run;
    std::string Text = SkipBodies ? deviceBuffer(Buffer, Functions, Keep, Skipped, *LO) : Buffer.str();
    for (ClangTidyError &E : runDevicePass(File, Text, DeviceArgv, HostFS, Keep, Reads))
      if (StringRef(E.DiagnosticName).starts_with("rocm-") && E.Message.FilePath == File &&
          inRanges(Skipped, E.Message.FileOffset) && E.Message.FileOffset <= Buffer.size())
        Run.Findings.push_back(std::move(E));
    Run.Key = std::move(Key);
    Run.Buffer = Buffer.str();
    Run.Unread = Reads.Unseen;
    for (const HostFunction &F : Functions)
      if (Reads.SkippedFunctions.count(F.NameOffset))
        Run.Unread.insert(Run.Unread.end(), F.Body.begin(), F.Body.end());
    Run.Blind = std::all_of(Skipped.begin(), Skipped.end(),
                            [&](const auto &R) { return within(Reads.Unseen, R.first, R.second); });
    Run.Inputs = std::move(Reads.Inputs);
    Findings = Run.Findings;
    std::lock_guard<std::mutex> Guard(RunsLock);
    if (Reads.MissedFile)
      lastRuns().erase(File);
    else
      lastRuns()[File] = std::move(Run);
  }
  // For the tests, which cannot tell a reused finding from a parsed one by what is published, and
  // for profiling.
  static const bool Log = std::getenv("ROCM_CLANGD_LOG_DEVICE_PASS") != nullptr;
  if (Log)
    llvm::errs() << "rocm-clangd: device pass of '" << llvm::sys::path::filename(File)
                 << "': " << (Reused ? "reused" : "parsed") << " ("
                 << llvm::format("%.3f",
                                 std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count())
                 << " s)\n";
  for (const ClangTidyError &E : *Findings) {
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
