// Intrinsics a project replaces by macros in its AMD-only code: calls reaching them here are its
// CUDA build. The text of skipped AMD-only blocks, of the project headers they include and (for a
// header linted on its own) of its directory's headers is read through the compiler's file system
// (clangd's unsaved buffers, rocm-lint's overlay), never the disk behind it.

#include "WarpSizeReportState.h"
#include "ast/ThreadIndex.h"
#include "core/WarpTables.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/FileManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace clang::tidy::rocm {

// The intrinsics a text redefines: '#define __shfl_xor_sync(mask, var, m) __shfl_xor(var, m)'.
static void collectRemapped(StringRef Text, llvm::StringSet<> &Out) {
  const rocmtidy::WarpTables &T = rocmtidy::warpTables();
  static const llvm::Regex Define("#[ \t]*define[ \t]+(__[A-Za-z_]+)[ \t]*\\(");
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    llvm::SmallVector<StringRef, 2> M;
    if (Line.contains("define") && Define.match(Line, &M) && (T.takesMask(M[1]) || T.shuffle(M[1])))
      Out.insert(M[1]);
    Text = Rest;
  }
}

// A header analysed on its own (rocm-lint lints headers as units of their own) does not include
// the compatibility header its includers put before it. Then its directory's files are read as
// text for *_sync intrinsics redefined under an AMD-only conditional ('#if defined(USE_ROCM)'):
// at most 64 files of at most 1 MiB, through the compiler's file system (clangd's unsaved
// buffers, rocm-lint's overlay), never the disk behind it.
static void collectRemappedInDirectory(StringRef Dir, FileManager &FM, const rocmtidy::PlatformGuards &G,
                                       llvm::StringSet<> &Out) {
  std::error_code EC;
  unsigned Files = 0;
  llvm::vfs::FileSystem &FS = FM.getVirtualFileSystem();
  for (llvm::vfs::directory_iterator It = FS.dir_begin(Dir, EC), End; It != End && !EC && Files < 64;
       It.increment(EC)) {
    StringRef Path = It->path();
    StringRef Ext = llvm::sys::path::extension(Path);
    if (Ext != ".h" && Ext != ".cuh" && Ext != ".hpp" && Ext != ".hip" && Ext != ".cu")
      continue;
    ++Files;
    auto Buffer = FM.getBufferForFile(Path);
    if (!Buffer || (*Buffer)->getBufferSize() > (1u << 20))
      continue;
    llvm::SmallVector<rocmtidy::Platform, 8> Open;
    for (StringRef Text = (*Buffer)->getBuffer(); !Text.empty();) {
      auto [Line, Rest] = Text.split('\n');
      Text = Rest;
      Line = Line.trim();
      if (!Line.consume_front("#"))
        continue;
      Line = Line.ltrim();
      StringRef Directive = Line.take_while([](char C) { return isAsciiIdentifierContinue(C); });
      StringRef Arg = Line.drop_front(Directive.size()).trim();
      StringRef Name = Arg.take_while([](char C) { return isAsciiIdentifierContinue(C); });
      if (Directive == "ifdef" || Directive == "ifndef")
        Open.push_back(G.classifyMacro(Name, Directive == "ifndef").IfTrue);
      else if (Directive == "if")
        Open.push_back(G.classifyCondition(Arg).IfTrue);
      else if (Directive == "elif" && !Open.empty())
        Open.back() = G.classifyCondition(Arg).IfTrue;
      else if (Directive == "else" && !Open.empty())
        Open.back() = rocmtidy::Platform::Any;
      else if (Directive == "endif" && !Open.empty())
        Open.pop_back();
      else if (Directive == "define" && llvm::is_contained(Open, rocmtidy::Platform::AmdOnly) &&
               Arg.drop_front(Name.size()).starts_with("(") &&
               (rocmtidy::warpTables().takesMask(Name) || rocmtidy::warpTables().shuffle(Name)))
        Out.insert(Name);
    }
  }
}

// A project that replaces a *_sync intrinsic by a macro in its AMD-only code ('#if
// defined(USE_ROCM) #define __shfl_xor_sync(mask, var, m) __shfl_xor(var, m)') drops the mask in
// its HIP build: calls reaching the intrinsic here are its CUDA build.
// Such a block is usually skipped here (the parse does not define the project's HIP macro), so
// its text is read, and that of the project headers it includes.
void WarpSizeAssumptionCheck::collectRemappedForAmd(ReportState &S) {
  const SourceManager &SM = S.SM;
  for (const auto &[Name, Loc] : IntrinsicMacros)
    if (platform(Loc, SM) == rocmtidy::Platform::AmdOnly)
      S.RemappedForAmd.insert(Name);
  for (SourceRange R : SkippedRanges) {
    if (platform(R.getBegin().getLocWithOffset(1), SM) != rocmtidy::Platform::AmdOnly)
      continue;
    bool Invalid = false;
    StringRef Text = Lexer::getSourceText(CharSourceRange::getCharRange(R), SM, S.Ctx.getLangOpts(), &Invalid);
    if (Invalid)
      continue;
    collectRemapped(Text, S.RemappedForAmd);
    static const llvm::Regex Include("#[ \t]*include[ \t]*\"([^\"]+)\"");
    StringRef Dir = llvm::sys::path::parent_path(SM.getFilename(R.getBegin()));
    for (StringRef Rest = Text; !Rest.empty();) {
      auto [Line, Next] = Rest.split('\n');
      Rest = Next;
      llvm::SmallVector<StringRef, 2> M;
      if (!Line.contains("include") || !Include.match(Line, &M))
        continue;
      llvm::SmallString<256> Path(Dir);
      llvm::sys::path::append(Path, M[1]);
      if (auto File = SM.getFileManager().getBufferForFile(Path))
        collectRemapped((*File)->getBuffer(), S.RemappedForAmd);
    }
  }
  if (auto Main = SM.getFileEntryRefForID(SM.getMainFileID())) {
    StringRef Ext = llvm::sys::path::extension(Main->getName());
    if (Ext == ".h" || Ext == ".cuh" || Ext == ".hpp")
      collectRemappedInDirectory(llvm::sys::path::parent_path(Main->getName()), SM.getFileManager(), Guards,
                                 S.RemappedForAmd);
  }
}

} // namespace clang::tidy::rocm
