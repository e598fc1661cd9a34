#ifndef ROCM_TIDY_CORE_REDACT_H
#define ROCM_TIDY_CORE_REDACT_H

#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy {

/// One kind of personal or secret text that was replaced.
struct Redaction {
  std::string Kind;   // "secret", "home directory", "user name", "host name", "IP address", ...
  std::string Detail; // what it was: a user or host name; for a secret only its kind ("GitHub token")
  unsigned Count = 0;
  unsigned FirstLine = 0; // 1-based line of the first replacement
  bool Secret = false;    // a credential (never printed)
};

struct RedactedText {
  std::string Text;
  std::vector<Redaction> Replaced;
};

/// Replaces, in a log meant for a shared notebook, what names people, machines and credentials:
/// PEM private keys, tokens with well-known prefixes (ghp_, github_pat_, glpat-, xoxb-, AKIA, hf_,
/// sk-, ...), credential assignments (password=, token=, Authorization: Bearer), high-entropy
/// strings as secret scanners find them, e-mail addresses, \p ProjectRoot (-> <project>), home
/// directories and the user names in them (-> <home>, <user>), host names and IP addresses.
/// Each placeholder is a word in angle brackets. Linear in the text (RE2).
RedactedText redactText(std::string_view Text, const std::string &ProjectRoot = "");

/// The first secret or home directory left in \p Text, described in a few words ("a GitHub token
/// on line 3"); empty if there is none. What 'notebook check' refuses in an excerpt.
std::string findSecretOrHome(std::string_view Text);

/// Shannon entropy of \p S in bits per character.
double shannonEntropy(std::string_view S);

} // namespace rocmtidy

#endif
