// The device parse's precompiled preamble (DevicePreamble.h says what it may hold and why).
#include "DevicePreamble.h"
#include "ast/Compat.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MemoryBuffer.h"

#include <climits>

using namespace clang;

namespace rocmclangd {

namespace {

unsigned lineStart(llvm::StringRef Text, unsigned Offset) {
  size_t NewLine = Text.rfind('\n', Offset);
  return NewLine == llvm::StringRef::npos ? 0 : unsigned(NewLine + 1);
}

// The main file's includes as the preamble build resolves them: the first one that names a user
// header or nothing ends what the preamble may hold.
class IncludeWatch : public rocmtidy::compat::IncludeCallbacks {
public:
  IncludeWatch(const SourceManager &SM, unsigned &FirstUserInclude) : SM(SM), FirstUserInclude(FirstUserInclude) {}
  void includeDirective(SourceLocation HashLoc, const Token &, llvm::StringRef, bool, CharSourceRange,
                        OptionalFileEntryRef File, llvm::StringRef, llvm::StringRef,
                        SrcMgr::CharacteristicKind FileType) override {
    if (!HashLoc.isFileID() || !SM.isWrittenInMainFile(HashLoc))
      return;
    if (!File || !SrcMgr::isSystem(FileType))
      FirstUserInclude = std::min(FirstUserInclude, SM.getFileOffset(HashLoc));
  }

private:
  const SourceManager &SM;
  unsigned &FirstUserInclude;
};

class BuildWatch : public PreambleCallbacks {
public:
  void BeforeExecute(CompilerInstance &CI) override { SM = &CI.getSourceManager(); }
  std::unique_ptr<PPCallbacks> createPPCallbacks() override {
    return std::make_unique<IncludeWatch>(*SM, FirstUserInclude);
  }
  // Only system headers are left in a device preamble (DevicePreamble.h); their bodies are skipped
  // as the device parse skips them, except where clang needs them (constexpr, deduced types).
  bool shouldSkipFunctionBody(Decl *D) override { return SM->isInSystemHeader(SM->getExpansionLoc(D->getLocation())); }
  void AfterExecute(CompilerInstance &CI) override {
    const SourceManager &S = CI.getSourceManager();
    OptionalFileEntryRef Main = S.getFileEntryRefForID(S.getMainFileID());
    for (auto It = S.fileinfo_begin(); It != S.fileinfo_end(); ++It)
      if (!Main || It->first != *Main)
        Inputs.push_back({It->first.getName().str(), uint64_t(It->first.getSize()), It->first.getModificationTime()});
  }

  const SourceManager *SM = nullptr;
  unsigned FirstUserInclude = UINT_MAX;
  std::vector<InputFile> Inputs;
};

// Builds the preamble of Scanned; a second time, shorter, when the first build finds an #include
// of a user header inside it. A preamble that cannot hold anything is kept unusable, so that the
// next edit knows without building it again.
std::shared_ptr<DevicePreamble> build(const CompilerInvocation &Invocation, const llvm::MemoryBuffer &Main,
                                      PreambleBounds Scanned, const IntrusiveRefCntPtr<llvm::vfs::FileSystem> &VFS,
                                      const std::shared_ptr<PCHContainerOperations> &PCH, bool SkipBodies,
                                      std::string &Problem) {
  CompilerInvocation Copy(Invocation);
  Copy.getFrontendOpts().SkipFunctionBodies = SkipBodies;
  PreambleBounds Bounds = Scanned;
  for (int Attempt = 0; Attempt < 2; ++Attempt) {
    IgnoringDiagConsumer Quiet;
    // Reference-counted: the preamble's compiler instance holds (and lets go of) it.
    IntrusiveRefCntPtr<DiagnosticsEngine> Diags(
        new DiagnosticsEngine(new DiagnosticIDs(), new DiagnosticOptions(), &Quiet, /*ShouldOwnClient=*/false));
    BuildWatch Watch;
    llvm::ErrorOr<PrecompiledPreamble> Built = PrecompiledPreamble::Build(
        Copy, &Main, Bounds, *Diags, VFS, PCH, /*StoreInMemory=*/false, /*StoragePath=*/"", Watch);
    if (!Built) {
      Problem = Built.getError().message();
      return nullptr;
    }
    auto P = std::make_shared<DevicePreamble>(std::move(*Built));
    P->Scanned = Scanned;
    P->Inputs = std::move(Watch.Inputs);
    if (Watch.FirstUserInclude < Bounds.Size) {
      Bounds = PreambleBounds(lineStart(Main.getBuffer(), Watch.FirstUserInclude), true);
      if (Bounds.Size > 0 && Attempt == 0)
        continue;
      P->Usable = false; // the first #include is a user header's: nothing to precompile
      return P;
    }
    if (Diags->hasErrorOccurred()) {
      P->Usable = false;
      P->Problem = "the device compile of the #include block has errors";
    }
    return P;
  }
  return nullptr;
}

} // namespace

PreambleBounds includeBlockBounds(llvm::StringRef Buffer, const LangOptions &LO) {
  PreambleBounds Bounds = Lexer::ComputePreamble(Buffer, LO, /*MaxLines=*/0);
  std::string Text = Buffer.take_front(Bounds.Size).str(); // NUL-terminated, as the lexer needs
  Lexer Lex(SourceLocation(), LO, Text.data(), Text.data(), Text.data() + Text.size());
  Token Tok;
  for (bool AtEnd = false; !AtEnd;) {
    AtEnd = Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof))
      break;
    if (!Tok.is(tok::hash) || !Tok.isAtStartOfLine())
      continue;
    unsigned Hash = unsigned(Lex.getBufferLocation() - Text.data()) - Tok.getLength();
    Token Name;
    AtEnd = Lex.LexFromRawLexer(Name);
    llvm::StringRef Directive = Name.is(tok::raw_identifier) ? Name.getRawIdentifier() : "";
    if (Directive != "include" && Directive != "include_next" && Directive != "import")
      return PreambleBounds(lineStart(Text, Hash), true);
  }
  return Bounds;
}

const char *describe(PreambleOutcome O) {
  switch (O) {
  case PreambleOutcome::None:
    return "no preamble";
  case PreambleOutcome::Reused:
    return "preamble reused";
  case PreambleOutcome::Built:
    return "preamble built";
  case PreambleOutcome::Rebuilt:
    return "preamble rebuilt";
  case PreambleOutcome::Failed:
    return "no preamble (build failed)";
  }
  return "";
}

std::shared_ptr<const DevicePreamble> PreambleCache::get(const std::string &File, const std::string &Key,
                                                         const CompilerInvocation &Invocation, llvm::StringRef Main,
                                                         const IntrusiveRefCntPtr<llvm::vfs::FileSystem> &VFS,
                                                         const std::shared_ptr<PCHContainerOperations> &PCH,
                                                         unsigned Capacity, bool SkipBodies, PreambleOutcome &Outcome,
                                                         std::string &Problem) {
  Outcome = PreambleOutcome::None;
  PreambleBounds Scanned = includeBlockBounds(Main, Invocation.getLangOpts());
  if (Capacity == 0 || Scanned.Size == 0) {
    forget(File);
    return nullptr;
  }
  std::unique_ptr<llvm::MemoryBuffer> Buffer = llvm::MemoryBuffer::getMemBuffer(Main, File, false);
  std::shared_ptr<const DevicePreamble> Old;
  bool Known = false;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto It = Entries.find(File);
    Known = It != Entries.end();
    if (Known && It->second.Key == Key && It->second.SkipBodies == SkipBodies) {
      Old = It->second.Preamble;
      It->second.LastUse = ++Clock;
    }
  }
  // Clang compares the leading bytes and stats every header the preamble read, through the file
  // system the device parse reads (clangd's, with the editor's unsaved headers).
  if (Old && Old->Scanned.Size == Scanned.Size &&
      Old->Scanned.PreambleEndsAtStartOfLine == Scanned.PreambleEndsAtStartOfLine &&
      Old->PCH.CanReuse(Invocation, *Buffer, Old->PCH.getBounds(), *VFS)) {
    Outcome = Old->Usable            ? PreambleOutcome::Reused
              : Old->Problem.empty() ? PreambleOutcome::None
                                     : PreambleOutcome::Failed;
    Problem = Old->Problem;
    return Old->Usable ? Old : nullptr;
  }
  std::shared_ptr<DevicePreamble> New = build(Invocation, *Buffer, Scanned, VFS, PCH, SkipBodies, Problem);
  if (!New) {
    Outcome = PreambleOutcome::Failed;
    forget(File);
    return nullptr;
  }
  Problem = New->Problem;
  Outcome = New->Usable            ? (Known ? PreambleOutcome::Rebuilt : PreambleOutcome::Built)
            : New->Problem.empty() ? PreambleOutcome::None
                                   : PreambleOutcome::Failed;
  store(File, Entry{Key, SkipBodies, New, 0}, Capacity);
  return New->Usable ? New : nullptr;
}

void PreambleCache::store(const std::string &File, Entry E, unsigned Capacity) {
  std::lock_guard<std::mutex> Guard(Lock);
  E.LastUse = ++Clock;
  Entries[File] = std::move(E);
  // The least recently used go first: a preamble of the C++ headers is tens of megabytes on disk.
  while (Entries.size() > Capacity) {
    auto Oldest = Entries.begin();
    for (auto It = Entries.begin(); It != Entries.end(); ++It)
      if (It->second.LastUse < Oldest->second.LastUse)
        Oldest = It;
    Entries.erase(Oldest);
  }
}

bool PreambleCache::forget(const std::string &File) {
  std::lock_guard<std::mutex> Guard(Lock);
  return Entries.erase(File) != 0;
}

size_t PreambleCache::size() const {
  std::lock_guard<std::mutex> Guard(Lock);
  return Entries.size();
}

PreambleCache &preambles() {
  static PreambleCache Cache;
  return Cache;
}

} // namespace rocmclangd
