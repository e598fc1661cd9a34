#include "TidyConfig.h"

#include "llvm/Support/SourceMgr.h"

namespace rocmlint {

namespace {
struct Diag {
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Message;
};

std::vector<Diag> parseCollecting(llvm::StringRef Text, llvm::StringRef Name,
                                  std::optional<clang::tidy::ClangTidyOptions> &Out) {
  std::vector<Diag> Diags;
  auto Parsed =
      clang::tidy::parseConfigurationWithDiags(llvm::MemoryBufferRef(Text, Name), [&](const llvm::SMDiagnostic &D) {
        if (D.getKind() == llvm::SourceMgr::DK_Error)
          Diags.push_back(
              {static_cast<unsigned>(D.getLineNo()), static_cast<unsigned>(D.getColumnNo()), D.getMessage().str()});
      });
  if (Parsed)
    Out = std::move(*Parsed);
  return Diags;
}

// The key an "unknown key 'K'" message names, or "".
std::string unknownKey(const std::string &Message) {
  llvm::StringRef M(Message);
  if (!M.consume_front("unknown key '") || !M.consume_back("'"))
    return "";
  return M.str();
}

// Blanks the block-style top-level entry that starts on 1-based \p Line with \p Key (its value runs
// until the next line that starts another top-level entry), keeping the line count so later
// messages name the right lines. False when the line is not such an entry.
bool blankTopLevelEntry(std::string &Text, unsigned Line, const std::string &Key) {
  size_t Begin = 0;
  for (unsigned L = 1; L < Line; ++L) {
    Begin = Text.find('\n', Begin);
    if (Begin == std::string::npos)
      return false;
    ++Begin;
  }
  if (Text.compare(Begin, Key.size(), Key) != 0)
    return false;
  size_t After = Begin + Key.size();
  while (After < Text.size() && Text[After] == ' ')
    ++After;
  if (After >= Text.size() || Text[After] != ':')
    return false;
  size_t End = Text.find('\n', Begin);
  while (End != std::string::npos && End + 1 < Text.size()) {
    char C = Text[End + 1];
    // Continuation lines of the value are indented, blank, comments, or a block sequence's items.
    if (C != ' ' && C != '\t' && C != '\n' && C != '#' && C != '-')
      break;
    End = Text.find('\n', End + 1);
  }
  if (End == std::string::npos)
    End = Text.size();
  for (size_t I = Begin; I < End; ++I)
    if (Text[I] != '\n')
      Text[I] = ' ';
  return true;
}
} // namespace

TidyConfigRead readTidyConfig(llvm::StringRef Text, llvm::StringRef Name) {
  TidyConfigRead R;
  std::vector<Diag> Diags = parseCollecting(Text, Name, R.Options);
  if (R.Options)
    return R;
  auto Fail = [&](const std::vector<Diag> &Ds) {
    R.Options.reset();
    R.IgnoredKeys.clear();
    R.Error = Ds.empty() ? std::string("not a clang-tidy configuration")
                         : "line " + std::to_string(Ds.front().Line) + ": " + Ds.front().Message;
    return R;
  };
  // Each pass ignores the keys reported unknown and parses again: the YAML reader stops at the
  // first unknown key of a mapping, so a second one shows only on the next pass.
  std::string Edited = Text.str();
  for (unsigned Pass = 0; Pass < 16 && !R.Options; ++Pass) {
    if (Diags.empty())
      return Fail(Diags);
    for (const Diag &D : Diags) {
      std::string Key = unknownKey(D.Message);
      if (Key.empty() || D.Column != 0 || !blankTopLevelEntry(Edited, D.Line, Key))
        return Fail(Diags);
      R.IgnoredKeys.push_back("'" + Key + "' (line " + std::to_string(D.Line) + ")");
    }
    Diags = parseCollecting(Edited, Name, R.Options);
  }
  if (!R.Options)
    return Fail(Diags);
  return R;
}

namespace {
class ProjectOptionsProvider : public clang::tidy::FileOptionsProvider {
public:
  ProjectOptionsProvider(const clang::tidy::ClangTidyGlobalOptions &Global,
                         const clang::tidy::ClangTidyOptions &Defaults, const clang::tidy::ClangTidyOptions &Overrides,
                         llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS)
      : FileOptionsProvider(Global, Defaults, Overrides, std::move(FS)) {
    for (ConfigFileHandler &H : ConfigHandlers)
      if (H.first == ".clang-tidy")
        H.second = [](llvm::MemoryBufferRef Buf) -> llvm::ErrorOr<clang::tidy::ClangTidyOptions> {
          TidyConfigRead R = readTidyConfig(Buf.getBuffer(), Buf.getBufferIdentifier());
          if (!R.Options)
            return std::make_error_code(std::errc::invalid_argument);
          return std::move(*R.Options);
        };
  }
};
} // namespace

std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>
makeTidyOptionsProvider(const clang::tidy::ClangTidyGlobalOptions &Global,
                        const clang::tidy::ClangTidyOptions &Defaults, const clang::tidy::ClangTidyOptions &Overrides,
                        llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS) {
  return std::make_unique<ProjectOptionsProvider>(Global, Defaults, Overrides, std::move(FS));
}

} // namespace rocmlint
