// libFuzzer target: the notebook reader (a team notebook comes from the repository) and what
// 'explain' and 'notebook add' do with untrusted text. Properties beyond "no crash, no sanitizer
// report": a refused notebook has a reason; a parsed one matches only with entries it holds; every
// pattern of a parsed notebook passes the per-pattern check; redaction leaves no secret that it
// would find again.
#include "core/Notebook.h"
#include "core/Redact.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  std::string Error;
  auto Parsed = rocmtidy::parseNotebook(Text, Error);
  if (!Parsed && Error.empty())
    std::abort();
  if (Parsed) {
    std::vector<const rocmtidy::NotebookEntry *> Entries;
    for (const auto &E : *Parsed) {
      Entries.push_back(&E);
      for (const auto &P : E.PatternText)
        if (!E.CaseInsensitive && !rocmtidy::checkNotebookPattern(P).empty())
          std::abort();
    }
    rocmtidy::LogFacts Facts = rocmtidy::readLogFacts(Text);
    for (const auto &M : rocmtidy::matchLog(Entries, Text)) {
      if (!M.Entry || M.Lines.empty() || (M.Entry->Generic && M.Level == rocmtidy::Confidence::High))
        std::abort();
      (void)rocmtidy::rankCauses(*M.Entry, Facts);
    }
    for (const auto &E : *Parsed)
      (void)rocmtidy::matchLog(Entries, E.Excerpt);
  } else {
    // Not a notebook: treat the bytes as a log.
    (void)rocmtidy::matchLog({}, Text);
    (void)rocmtidy::readLogFacts(Text);
  }
  rocmtidy::RedactedText R = rocmtidy::redactText(Text, "/work/project");
  for (const auto &X : rocmtidy::redactText(R.Text, "/work/project").Replaced)
    if (X.Secret)
      std::abort();
  return 0;
}
