#include "core/Redact.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <re2/re2.h>
#include <set>

namespace rocmtidy {

double shannonEntropy(std::string_view S) {
  if (S.empty())
    return 0;
  unsigned Count[256] = {};
  for (unsigned char C : S)
    ++Count[C];
  double H = 0;
  for (unsigned N : Count)
    if (N) {
      double P = double(N) / double(S.size());
      H -= P * std::log2(P);
    }
  return H;
}

namespace {

using Groups = std::vector<re2::StringPiece>;
// Returns the replacement for a match, or nothing to keep it.
using Rewrite = std::function<std::optional<std::string>(const Groups &, unsigned Line)>;

class Redactor {
public:
  explicit Redactor(std::string_view In) : Text(In) {}

  // Replaces every match of \p R by what \p F returns; linear: RE2, one pass.
  void replace(const RE2 &R, const Rewrite &F) {
    int N = R.NumberOfCapturingGroups() + 1;
    Groups G(static_cast<size_t>(N));
    std::string Out;
    Out.reserve(Text.size());
    size_t Pos = 0, Copied = 0, LineAt = 0;
    unsigned Line = 1;
    re2::StringPiece In(Text);
    while (Pos <= Text.size() && R.Match(In, Pos, Text.size(), RE2::UNANCHORED, G.data(), N)) {
      size_t Start = size_t(G[0].data() - Text.data()), End = Start + G[0].size();
      Line += unsigned(std::count(Text.begin() + LineAt, Text.begin() + Start, '\n'));
      LineAt = Start;
      std::optional<std::string> Rep = G[0].empty() ? std::nullopt : F(G, Line);
      if (Rep) {
        Out.append(Text, Copied, Start - Copied);
        Out += *Rep;
        Copied = End;
      }
      Pos = End > Start ? End : End + 1;
    }
    Out.append(Text, Copied, std::string::npos);
    Text = std::move(Out);
  }

  void note(const std::string &Kind, const std::string &Detail, bool Secret, unsigned Line) {
    auto Key = std::make_pair(Kind, Detail);
    auto It = Index.find(Key);
    if (It == Index.end()) {
      Index[Key] = Done.size();
      Done.push_back({Kind, Detail, 1, Line, Secret});
    } else {
      ++Done[It->second].Count;
    }
  }

  std::string Text;
  std::vector<Redaction> Done;

private:
  std::map<std::pair<std::string, std::string>, size_t> Index;
};

bool isPlaceholder(re2::StringPiece S) { return S.size() >= 3 && S[0] == '<' && S[S.size() - 1] == '>'; }

// Accounts and machines everyone's logs name: not personal.
const std::set<std::string> &commonAccounts() {
  static const std::set<std::string> S = {"root",    "user",    "users",  "admin", "runner", "ubuntu",    "build",
                                          "builder", "jenkins", "docker", "rocm",  "amd",    "localhost", "home",
                                          "test",    "work",    "src",    "opt",   "tmp",    "local",     "share",
                                          "bin",     "lib",     "data",   "app"};
  return S;
}

bool publicHost(const std::string &H) {
  static const char *const Public[] = {"github.com",        "githubusercontent.com",
                                       "gitlab.com",        "pytorch.org",
                                       "amd.com",           "radeon.com",
                                       "nvidia.com",        "python.org",
                                       "pypi.org",          "pythonhosted.org",
                                       "ubuntu.com",        "debian.org",
                                       "docker.com",        "docker.io",
                                       "llvm.org",          "kernel.org",
                                       "readthedocs.io",    "microsoft.com",
                                       "google.com",        "googleapis.com",
                                       "anaconda.org",      "anaconda.com",
                                       "conda.io",          "example.com",
                                       "example.org",       "tensorflow.org",
                                       "cmake.org",         "gnu.org",
                                       "fedoraproject.org", "redhat.com",
                                       "archlinux.org",     "rocm.docs.amd.com"};
  std::string L = H;
  std::transform(L.begin(), L.end(), L.begin(), [](unsigned char C) { return char(std::tolower(C)); });
  for (const char *P : Public) {
    std::string S = P;
    if (L == S ||
        (L.size() > S.size() && L.compare(L.size() - S.size(), S.size(), S) == 0 && L[L.size() - S.size() - 1] == '.'))
      return true;
  }
  return false;
}

std::string quoteAlternatives(const std::set<std::string> &Words) {
  std::string P;
  for (const auto &W : Words)
    P += (P.empty() ? "" : "|") + RE2::QuoteMeta(W);
  return P;
}

} // namespace

RedactedText redactText(std::string_view In, const std::string &ProjectRoot) {
  Redactor R(In);
  auto Fixed = [&](const char *Kind, const char *Detail, bool Secret, const char *Placeholder) {
    return [&R, Kind, Detail, Secret, Placeholder](const Groups &, unsigned Line) -> std::optional<std::string> {
      R.note(Kind, Detail, Secret, Line);
      return std::string(Placeholder);
    };
  };

  // Credentials first: they may sit inside a URL, an e-mail-like string or a path.
  static const RE2 Pem("(?s)-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*?(-----END [A-Z0-9 ]*PRIVATE KEY-----|\\z)");
  R.replace(Pem, Fixed("secret", "private key", true, "<private-key>"));
  struct Prefixed {
    const char *Pattern, *Name;
  };
  static const Prefixed Tokens[] = {
      {"\\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}", "GitHub token"},
      {"\\bgithub_pat_[A-Za-z0-9_]{20,}", "GitHub token"},
      {"\\bglpat-[A-Za-z0-9_-]{20,}", "GitLab token"},
      {"\\bxox[abposr]-[A-Za-z0-9-]{10,}", "Slack token"},
      {"\\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{16}\\b", "AWS access key"},
      {"\\bhf_[A-Za-z0-9]{20,}", "Hugging Face token"},
      {"\\bsk-[A-Za-z0-9_-]{20,}", "API key"},
      {"\\bAIza[0-9A-Za-z_-]{35}", "Google API key"},
      {"\\bnpm_[A-Za-z0-9]{36}", "npm token"},
      {"\\bpypi-[A-Za-z0-9_-]{40,}", "PyPI token"},
      {"\\beyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}", "JSON web token"},
  };
  for (const Prefixed &T : Tokens) {
    RE2 P(T.Pattern);
    R.replace(P, Fixed("secret", T.Name, true, "<secret>"));
  }
  static const RE2 UrlCredentials("([A-Za-z][A-Za-z0-9+.-]*://)([^/\\s:@]+):([^/\\s@]+)@");
  R.replace(UrlCredentials, [&](const Groups &G, unsigned Line) -> std::optional<std::string> {
    if (isPlaceholder(G[3]))
      return std::nullopt;
    R.note("secret", "password in a URL", true, Line);
    return std::string(G[1]) + "<user>:<secret>@";
  });
  static const RE2 Bearer("(?i)\\b(Bearer|Basic)\\s+([A-Za-z0-9._~+/=-]{8,})");
  R.replace(Bearer, [&](const Groups &G, unsigned Line) -> std::optional<std::string> {
    R.note("secret", "authorization header", true, Line);
    return std::string(G[1]) + " <secret>";
  });
  static const RE2 Assignment("(?i)\\b([A-Za-z0-9_.-]*(?:password|passwd|passphrase|secret|token|api[_-]?key|"
                              "access[_-]?key|private[_-]?key|credentials?))(\\s*[=:]\\s*)([\"']?)([^\\s\"',;]+)");
  R.replace(Assignment, [&](const Groups &G, unsigned Line) -> std::optional<std::string> {
    std::string V(G[4]);
    std::string Lower = V;
    std::transform(Lower.begin(), Lower.end(), Lower.begin(), [](unsigned char C) { return char(std::tolower(C)); });
    bool Numeric = std::all_of(V.begin(), V.end(), [](unsigned char C) { return std::isdigit(C); });
    if (isPlaceholder(G[4]) || V.size() < 4 || Numeric || Lower == "true" || Lower == "false" || Lower == "none" ||
        Lower == "null" || V.find('<') != std::string::npos)
      return std::nullopt;
    R.note("secret", "'" + std::string(G[1]) + "' value", true, Line);
    return std::string(G[1]) + std::string(G[2]) + std::string(G[3]) + "<secret>";
  });

  // People and machines.
  static const RE2 Email("\\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}\\b");
  R.replace(Email, Fixed("e-mail address", "", false, "<email>"));

  if (ProjectRoot.size() > 1 && ProjectRoot != "/") {
    std::string Root = ProjectRoot;
    while (Root.size() > 1 && Root.back() == '/')
      Root.pop_back();
    RE2 P(RE2::QuoteMeta(Root) + "(/|\\b|$)");
    R.replace(P, [&](const Groups &G, unsigned Line) -> std::optional<std::string> {
      R.note("project path", Root, false, Line);
      return "<project>" + std::string(G[1]);
    });
  }

  std::set<std::string> Users, Hosts;
  auto AddUser = [&](const std::string &U) {
    std::string L = U;
    std::transform(L.begin(), L.end(), L.begin(), [](unsigned char C) { return char(std::tolower(C)); });
    if (U.size() >= 3 && !commonAccounts().count(L) && U.find('<') == std::string::npos)
      Users.insert(U);
  };
  static const RE2 Home("(/home|/Users|/usr/home|/var/home|[A-Za-z]:\\\\Users)[/\\\\]([A-Za-z0-9._-]+)");
  R.replace(Home, [&](const Groups &G, unsigned Line) -> std::optional<std::string> {
    std::string U(G[2]);
    AddUser(U);
    R.note("home directory", "", false, Line);
    return std::string("<home>");
  });
  // Shell prompts (alice@gpu-box:~/src$) and the environment name the user and the machine.
  static const RE2 Prompt("\\b([a-z_][a-z0-9_-]{1,31})@([A-Za-z][A-Za-z0-9-]*(?:\\.[A-Za-z0-9-]+)*):");
  static const RE2 EnvName("\\b(USER|LOGNAME|USERNAME|HOSTNAME|HOST|NODE_NAME|SLURMD_NODENAME)=([A-Za-z0-9._-]+)");
  {
    re2::StringPiece S(R.Text);
    std::string U, H;
    while (RE2::FindAndConsume(&S, Prompt, &U, &H)) {
      AddUser(U);
      if (!commonAccounts().count(H) && H.size() >= 3)
        Hosts.insert(H);
    }
    S = re2::StringPiece(R.Text);
    std::string K, V;
    while (RE2::FindAndConsume(&S, EnvName, &K, &V)) {
      if (K.find("USER") != std::string::npos || K == "LOGNAME")
        AddUser(V);
      else if (!commonAccounts().count(V) && V.size() >= 3)
        Hosts.insert(V);
    }
  }
  static const RE2 Fqdn("\\b((?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)+(?:internal|local|lan|corp|intra|"
                        "intranet|localdomain))\\b|\\b((?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.){2,}(?:com|"
                        "net|org|edu|gov|io|ai|dev|cloud|de|uk|fr|cn|jp))\\b");
  R.replace(Fqdn, [&](const Groups &G, unsigned Line) -> std::optional<std::string> {
    std::string H(G[0]);
    if (publicHost(H))
      return std::nullopt;
    R.note("host name", H, false, Line);
    return std::string("<host>");
  });
  if (!Hosts.empty()) {
    RE2 P("\\b(" + quoteAlternatives(Hosts) + ")\\b");
    R.replace(P, [&](const Groups &G, unsigned Line) -> std::optional<std::string> {
      R.note("host name", std::string(G[1]), false, Line);
      return std::string("<host>");
    });
  }
  if (!Users.empty()) {
    RE2 P("\\b(" + quoteAlternatives(Users) + ")\\b");
    R.replace(P, [&](const Groups &G, unsigned Line) -> std::optional<std::string> {
      R.note("user name", std::string(G[1]), false, Line);
      return std::string("<user>");
    });
  }
  static const RE2 Ipv4("\\b((?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}"
                        "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9]))\\b");
  R.replace(Ipv4, [&](const Groups &G, unsigned Line) -> std::optional<std::string> {
    if (G[1] == "127.0.0.1" || G[1] == "0.0.0.0")
      return std::nullopt;
    R.note("IP address", "", false, Line);
    return std::string("<ip>");
  });
  static const RE2 Ipv6("\\b(?:[0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}\\b|"
                        "\\b(?:[0-9a-fA-F]{1,4}:){1,6}:(?:[0-9a-fA-F]{1,4}:){0,5}[0-9a-fA-F]{1,4}\\b");
  R.replace(Ipv6, [&](const Groups &G, unsigned Line) -> std::optional<std::string> {
    // C++ scopes (c10::Half, a::b) look alike; an address has a digit.
    if (std::none_of(G[0].begin(), G[0].end(), [](char C) { return std::isdigit((unsigned char)C); }))
      return std::nullopt;
    R.note("IP address", "", false, Line);
    return std::string("<ip>");
  });

  // Anything else that looks like a random credential, as secret scanners judge it: long, mixed
  // case and digits, and close to random. Mangled C++ names (_Z...) and hex hashes are kept.
  static const RE2 Candidate("[A-Za-z0-9+/=_-]{24,}");
  R.replace(Candidate, [&](const Groups &G, unsigned Line) -> std::optional<std::string> {
    re2::StringPiece T = G[0];
    if (T.starts_with("_Z") || T.starts_with("__Z"))
      return std::nullopt;
    unsigned Upper = 0, Lower = 0, Digit = 0, Run = 0, LongestLowerRun = 0;
    for (char C : T) {
      unsigned char U = (unsigned char)C;
      Upper += bool(std::isupper(U));
      Digit += bool(std::isdigit(U));
      if (std::islower(U)) {
        ++Lower;
        LongestLowerRun = std::max(LongestLowerRun, ++Run);
      } else {
        Run = 0;
      }
    }
    if (!Upper || !Lower || Digit < 2 || LongestLowerRun > 8 ||
        shannonEntropy(std::string_view(T.data(), T.size())) < 4.0)
      return std::nullopt;
    R.note("secret", "high-entropy string", true, Line);
    return std::string("<secret>");
  });
  return {std::move(R.Text), std::move(R.Done)};
}

std::string findSecretOrHome(std::string_view Text) {
  RedactedText R = redactText(Text);
  for (const Redaction &X : R.Replaced)
    if (X.Secret)
      return "a secret (" + X.Detail + ") on line " + std::to_string(X.FirstLine);
  for (const Redaction &X : R.Replaced)
    if (X.Kind == "home directory")
      return "a home directory on line " + std::to_string(X.FirstLine);
  return "";
}

} // namespace rocmtidy
