// rocm-cmake-check: runs the rocm-cmake-* rules on CMake files and prints clang-style diagnostics.
//
//   rocm-cmake-check [--checks=GLOBS] [--fix] [--assume-hip] [--quiet] PATH...
//   rocm-cmake-check --dump FILE        # the parse tree, for the lexer's golden tests
//   rocm-cmake-check --list-checks
//
// Directories are walked for CMakeLists.txt and *.cmake (hidden directories skipped).
// Exit status: 0 no findings, 1 findings, 2 usage, unreadable file or parse error.

#include "cmake/CMakeLint.h"
#include "core/TextEdits.h"
#include "cmake/CMakeParser.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <sys/stat.h>
#include <vector>

using namespace rocmtidy;
namespace fs = std::filesystem;

namespace {

bool globMatch(std::string_view P, std::string_view S) {
  // '*' only, iterative with one backtrack point: linear enough for check names.
  size_t Pi = 0, Si = 0, Star = std::string_view::npos, Mark = 0;
  while (Si < S.size()) {
    if (Pi < P.size() && P[Pi] == '*') {
      Star = Pi++;
      Mark = Si;
    } else if (Pi < P.size() && P[Pi] == S[Si]) {
      ++Pi;
      ++Si;
    } else if (Star != std::string_view::npos) {
      Pi = Star + 1;
      Si = ++Mark;
    } else {
      return false;
    }
  }
  while (Pi < P.size() && P[Pi] == '*')
    ++Pi;
  return Pi == P.size();
}

/// clang-tidy's --checks semantics: comma-separated globs, '-' disables, the last match wins.
struct CheckFilter {
  std::vector<std::pair<bool, std::string>> Globs{{true, "rocm-cmake-*"}};
  void parse(std::string_view Spec) {
    while (!Spec.empty()) {
      size_t Comma = Spec.find(',');
      std::string_view G = Spec.substr(0, Comma);
      Spec = Comma == std::string_view::npos ? std::string_view() : Spec.substr(Comma + 1);
      while (!G.empty() && G.front() == ' ')
        G.remove_prefix(1);
      while (!G.empty() && G.back() == ' ')
        G.remove_suffix(1);
      if (G.empty())
        continue;
      bool On = G.front() != '-';
      if (!On)
        G.remove_prefix(1);
      Globs.emplace_back(On, std::string(G));
    }
  }
  bool enabled(std::string_view Rule) const {
    bool On = false;
    for (const auto &[Enable, Glob] : Globs)
      if (globMatch(Glob, Rule))
        On = Enable;
    return On;
  }
};

bool readFile(const std::string &Path, std::string &Out) {
  std::FILE *F = std::fopen(Path.c_str(), "rb");
  if (!F)
    return false;
  Out.clear();
  char Buf[1 << 16];
  size_t N;
  while ((N = std::fread(Buf, 1, sizeof Buf, F)) > 0)
    Out.append(Buf, N);
  bool Ok = !std::ferror(F);
  std::fclose(F);
  return Ok;
}

std::string escaped(std::string_view S) {
  std::string R;
  for (char C : S) {
    unsigned char U = static_cast<unsigned char>(C);
    if (C == '\n')
      R += "\\n";
    else if (C == '\t')
      R += "\\t";
    else if (C == '\r')
      R += "\\r";
    else if (C == '\\')
      R += "\\\\";
    else if (U < 0x20 || U == 0x7f) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\x%02x", U);
      R += Buf;
    } else
      R += C;
  }
  return R;
}

int dump(const std::string &Path) {
  std::string Content;
  if (!readFile(Path, Content)) {
    std::cerr << Path << ": error: cannot read the file\n";
    return 2;
  }
  cmake::ParsedFile F;
  cmake::ParseError E;
  if (!cmake::parseCMake(Content, F, E)) {
    std::cout << Path << ":" << E.Line << ":" << E.Column << ": error: " << E.Message << "\n";
    return 2;
  }
  static const char *Kinds[] = {"unquoted", "quoted", "bracket", "open-paren", "close-paren"};
  size_t Ci = 0;
  auto Comments = [&](unsigned Before) {
    for (; Ci < F.Comments.size() && F.Comments[Ci].Offset < Before; ++Ci) {
      const cmake::Comment &C = F.Comments[Ci];
      std::cout << (C.IsBracket ? "bracket-comment " : "comment ") << C.Line << ":" << C.Column << " ["
                << escaped(C.Text) << "]\n";
    }
  };
  for (const cmake::Command &C : F.Commands) {
    Comments(C.Offset);
    std::cout << "command " << C.Name << " " << C.Line << ":" << C.Column << " args=" << C.Args.size() << "\n";
    for (const cmake::Argument &A : C.Args) {
      Comments(A.Offset);
      std::cout << "  " << Kinds[A.Kind] << " " << A.Line << ":" << A.Column << " [" << escaped(A.Value) << "]\n";
    }
    Comments(C.EndOffset);
  }
  Comments(~0u);
  return 0;
}

void collect(const std::string &Arg, std::vector<std::string> &Files, bool &Bad) {
  std::error_code EC;
  if (fs::is_directory(Arg, EC)) {
    std::vector<std::string> Found;
    fs::recursive_directory_iterator It(Arg, fs::directory_options::skip_permission_denied, EC), End;
    for (; !EC && It != End; It.increment(EC)) {
      const fs::path &P = It->path();
      std::string Name = P.filename().string();
      if (It->is_directory(EC)) {
        if (!Name.empty() && Name[0] == '.')
          It.disable_recursion_pending();
        continue;
      }
      if (cmake::isCMakeFile(P.string()))
        Found.push_back(P.string());
    }
    std::sort(Found.begin(), Found.end());
    Files.insert(Files.end(), Found.begin(), Found.end());
    return;
  }
  if (!fs::exists(Arg, EC)) {
    std::cerr << Arg << ": error: no such file or directory\n";
    Bad = true;
    return;
  }
  Files.push_back(Arg);
}

void usage() {
  std::cerr << "usage: rocm-cmake-check [--checks=GLOBS] [--fix] [--assume-hip] [--quiet] PATH...\n"
               "       rocm-cmake-check --dump FILE\n"
               "       rocm-cmake-check --list-checks\n";
}

} // namespace

int main(int argc, char **argv) {
  CheckFilter Filter;
  bool Fix = false, Quiet = false, Dump = false, List = false;
  cmake::LintOptions Opts;
  std::vector<std::string> Paths;
  for (int I = 1; I < argc; ++I) {
    std::string_view A = argv[I];
    if (A.substr(0, 9) == "--checks=")
      Filter.parse(A.substr(9));
    else if (A == "--fix")
      Fix = true;
    else if (A == "--assume-hip")
      Opts.AssumeHip = true;
    else if (A == "--quiet")
      Quiet = true;
    else if (A == "--dump")
      Dump = true;
    else if (A == "--list-checks")
      List = true;
    else if (A == "-h" || A == "--help") {
      usage();
      return 0;
    } else if (A.size() > 1 && A[0] == '-') {
      std::cerr << "rocm-cmake-check: error: unknown option '" << A << "'\n";
      usage();
      return 2;
    } else
      Paths.emplace_back(A);
  }
  if (List) {
    for (const cmake::RuleInfo &R : cmake::cmakeRules())
      if (Filter.enabled(R.Id))
        std::cout << R.Id << "\n";
    return 0;
  }
  if (Paths.empty()) {
    usage();
    return 2;
  }
  if (Dump) {
    int Rc = 0;
    for (const std::string &P : Paths)
      Rc = std::max(Rc, dump(P));
    return Rc;
  }

  bool Bad = false;
  std::vector<std::string> Files;
  for (const std::string &P : Paths)
    collect(P, Files, Bad);
  auto Enabled = [&](std::string_view Rule) { return Filter.enabled(Rule); };
  size_t Total = 0;
  std::string OutBuf;
  for (const std::string &File : Files) {
    std::string Content;
    if (!readFile(File, Content)) {
      std::cerr << File << ": error: cannot read the file\n";
      Bad = true;
      continue;
    }
    cmake::LintResult R = cmake::lintCMake(File, Content, Enabled, Opts);
    if (!R.Error.empty()) {
      // Nothing is fixed in a file that does not parse.
      std::cerr << File << ":" << R.Error.substr(0, R.Error.find(": ")) << ": error: "
                << R.Error.substr(R.Error.find(": ") + 2) << "\n";
      Bad = true;
      continue;
    }
    Total += R.Findings.size();
    std::vector<TextEdit> Edits;
    for (const Finding &Fd : R.Findings) {
      if (!Quiet) {
        OutBuf += Fd.File + ":" + std::to_string(Fd.Line) + ":" + std::to_string(Fd.Column) + ": " + Fd.Severity +
                  ": " + Fd.Message + " [" + Fd.Check + "]\n";
        for (const FindingNote &N : Fd.Notes)
          OutBuf += N.File + ":" + std::to_string(N.Line) + ":" + std::to_string(N.Column) + ": note: " + N.Message + "\n";
      }
      Edits.insert(Edits.end(), Fd.Fixes.begin(), Fd.Fixes.end());
    }
    if (OutBuf.size() > (1u << 16)) {
      std::fwrite(OutBuf.data(), 1, OutBuf.size(), stdout);
      OutBuf.clear();
    }
    if (Fix && !Edits.empty()) {
      unsigned Applied = 0, Skipped = 0;
      size_t N = Edits.size();
      std::string Fixed = rocmtidy::applyEdits(Content, std::move(Edits), Applied, Skipped);
      std::string Error = rocmtidy::writeFileAtomically(File, Fixed);
      if (!Error.empty()) {
        std::cerr << File << ": error: " << Error << "\n";
        Bad = true;
        continue;
      }
      std::cerr << "rocm-cmake-check: applied " << (N - Skipped) << " of " << N << " fixes to " << File << "\n";
    }
  }
  std::fwrite(OutBuf.data(), 1, OutBuf.size(), stdout);
  std::fflush(stdout);
  if (Bad)
    return 2;
  return Total ? 1 : 0;
}
