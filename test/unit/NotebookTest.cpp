#include "core/Notebook.h"
#include "core/CheckCatalog.h"
#include "core/Redact.h"

#include <gtest/gtest.h>
#include <set>

using namespace rocmtidy;

static std::vector<const NotebookEntry *> all() {
  std::vector<const NotebookEntry *> V;
  for (const auto &E : builtinNotebook())
    V.push_back(&E);
  return V;
}

static const NotebookEntry *builtinEntry(const std::string &Id) {
  for (const NotebookEntry &E : builtinNotebook())
    if (E.Id == Id)
      return &E;
  return nullptr;
}

TEST(Notebook, EveryEntryMatchesItsOwnExcerpt) {
  for (const NotebookEntry &E : builtinNotebook()) {
    ASSERT_FALSE(E.Excerpt.empty()) << E.Id;
    auto M = matchLog({&E}, E.Excerpt);
    EXPECT_EQ(M.size(), 1u) << E.Id << " does not recognise its own excerpt";
    EXPECT_FALSE(E.Fix.empty()) << E.Id;
  }
}

TEST(Notebook, IdsAreUniqueAndPhasesKnown) {
  std::set<std::string> Ids;
  for (const NotebookEntry &E : builtinNotebook())
    EXPECT_TRUE(Ids.insert(E.Id).second) << E.Id;
}

TEST(Notebook, RecognisesTheUsersErrors) {
  auto M = matchLog(all(), "x.cpp:1:10: fatal error: cuda_runtime.h: No such file or directory\n"
                           "main.cpp:(.text+0x2a): undefined reference to `hipMalloc'\n");
  ASSERT_EQ(M.size(), 2u);
  EXPECT_EQ(M[0].Entry->Id, "cuda-header-not-found");
  EXPECT_EQ(M[0].Line, 1u);
  EXPECT_EQ(M[1].Entry->Id, "undefined-reference-hip");
  EXPECT_EQ(M[1].Line, 2u);

  M = matchLog(all(), "error: HIP error: hipErrorInvalidConfiguration\n");
  ASSERT_EQ(M.size(), 1u);
  EXPECT_EQ(M[0].Entry->Id, "invalid-launch-configuration");
}

TEST(Notebook, QuietOnUnrelatedLogs) {
  EXPECT_TRUE(matchLog(all(), "[100%] Built target app\nAll tests passed\n").empty());
  EXPECT_TRUE(matchLog(all(), "").empty());
  std::string Junk(100000, '\x01');
  EXPECT_TRUE(matchLog(all(), Junk).empty());
}

TEST(Notebook, MalformedNotebooksAreErrors) {
  std::string Error;
  EXPECT_FALSE(parseNotebook("{", Error));
  EXPECT_EQ(Error, "not valid JSON");
  EXPECT_FALSE(parseNotebook(
      R"({"entries": [{"id": "a", "phase": "build", "title": "t", "patterns": ["("], "fix": []}]})", Error));
  EXPECT_NE(Error.find("invalid pattern"), std::string::npos);
  EXPECT_FALSE(parseNotebook(
      R"({"entries": [{"id": "a", "phase": "later", "title": "t", "patterns": ["x"], "fix": []}]})", Error));
  EXPECT_NE(Error.find("phase"), std::string::npos);
  auto Ok = parseNotebook(
      R"({"entries": [{"id": "a", "phase": "build", "title": "t", "patterns": ["ERR[0-9]+"], "fix": ["f"], "icase": true}]})",
      Error);
  ASSERT_TRUE(Ok);
  std::vector<const NotebookEntry *> V = {&Ok->front()};
  EXPECT_EQ(matchLog(V, "x\nerr42\n").size(), 1u);
}

static std::optional<std::vector<NotebookEntry>> one(const std::string &Fields, std::string &Error) {
  return parseNotebook(R"j({"entries": [{"id": "a", "phase": "build", "title": "t", "fix": ["f"], )j" + Fields + "}]}",
                       Error);
}

TEST(Notebook, PatternsThatNeedBacktrackingAreRefused) {
  std::string Error;
  // Backreferences and lookaround cannot run in linear time; RE2 refuses them.
  EXPECT_FALSE(one(R"j("patterns": ["(a+)\\1"])j", Error));
  EXPECT_NE(Error.find("linear time"), std::string::npos) << Error;
  EXPECT_FALSE(one(R"j("patterns": ["foo(?=bar)"])j", Error));
  // A pattern that matches an empty line would match every log.
  EXPECT_FALSE(one(R"j("patterns": ["x*"])j", Error));
  EXPECT_NE(Error.find("empty line"), std::string::npos) << Error;
  EXPECT_FALSE(one(R"j("patterns": ["[a-z]{1,5}"], "pattern": ["typo"])j", Error));
  EXPECT_NE(Error.find("unknown field 'pattern'"), std::string::npos) << Error;
  EXPECT_FALSE(one(R"j("broad": ["invalid argument"])j", Error));
  EXPECT_NE(Error.find("corroborate"), std::string::npos) << Error;
  EXPECT_EQ(checkNotebookPattern("(a+)+$"), "");
}

TEST(Notebook, CatastrophicPatternsStayLinear) {
  // (a+)+$ backtracks exponentially in a backtracking engine on "aaaa...!"; RE2 answers at once.
  std::string Error;
  auto Nb = one(R"j("patterns": ["(a+)+$"])j", Error);
  ASSERT_TRUE(Nb) << Error;
  std::string Log;
  for (int I = 0; I < 20; ++I)
    Log += std::string(4000, 'a') + "!\n";
  EXPECT_TRUE(matchLog({&Nb->front()}, Log).empty());
  EXPECT_EQ(matchLog({&Nb->front()}, Log + "aaaa\n").size(), 1u);
}

TEST(Notebook, BroadWordsNeedCorroboration) {
  std::string Error;
  auto Nb = one(R"j("broad": ["invalid argument"], "corroborate": ["hipLaunchKernel"])j", Error);
  ASSERT_TRUE(Nb) << Error;
  const NotebookEntry *E = &Nb->front();
  EXPECT_TRUE(matchLog({E}, "error: invalid argument\n").empty());
  auto M = matchLog({E}, "hipLaunchKernel ( 0x1, {57,1,1}, {2048,1,1} )\nerror: invalid argument\n");
  ASSERT_EQ(M.size(), 1u);
  EXPECT_EQ(M[0].Level, Confidence::Medium);
  EXPECT_EQ(M[0].Line, 2u);
  ASSERT_EQ(M[0].Lines.size(), 2u);
  EXPECT_EQ(M[0].Lines[1].first, 1u);
}

// A line that shows another cause (lld naming the symbol it does have) keeps a distinctive match,
// wherever it sits in the log, but never above low confidence; logs without it stay high.
TEST(Notebook, LinesAgainstAnEntryLowerItsConfidence) {
  std::string Error;
  auto Nb =
      one(R"j("patterns": ["undefined symbol: __hip_fatbin"], "against": ["did you mean: __hip_fatbin\\w"])j", Error);
  ASSERT_TRUE(Nb) << Error;
  if (!Nb)
    return; // for the optional-access analysis, which does not read ASSERT_TRUE
  const NotebookEntry *E = &Nb->front();
  auto High = matchLog({E}, "ld.lld: error: undefined symbol: __hip_fatbin\n>>> referenced by a.o\n");
  ASSERT_EQ(High.size(), 1u);
  EXPECT_EQ(High[0].Level, Confidence::High);
  EXPECT_EQ(High[0].Against.first, 0u);
  for (const char *Log : {"ld.lld: error: undefined symbol: __hip_fatbin\n>>> did you mean: __hip_fatbin_\n",
                          ">>> did you mean: __hip_fatbin_\nld.lld: error: undefined symbol: __hip_fatbin\n"}) {
    auto Low = matchLog({E}, Log);
    ASSERT_EQ(Low.size(), 1u) << Log;
    EXPECT_EQ(Low[0].Level, Confidence::Low) << Log;
    EXPECT_NE(Low[0].Against.second.find("did you mean"), std::string::npos) << Log;
  }
  // The line alone is no diagnosis.
  EXPECT_TRUE(matchLog({E}, ">>> did you mean: __hip_fatbin_\n").empty());
  EXPECT_FALSE(one(R"j("patterns": ["x+y"], "against": "did you mean")j", Error));
  EXPECT_NE(Error.find("against"), std::string::npos) << Error;
}

TEST(Notebook, RanksDistinctiveMatchesFirst) {
  // An out-of-memory message alone is not a leak: the generic entry ranks first, and the leak
  // entry needs a sign of growth.
  auto M = matchLog(all(), "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 MiB.\n");
  ASSERT_GE(M.size(), 1u);
  EXPECT_EQ(M[0].Entry->Id, "device-out-of-memory");
  for (const auto &X : M)
    EXPECT_NE(X.Entry->Id, "device-memory-leak");
  // With a sign of growth, the leak (which refines out-of-memory) ranks first.
  M = matchLog(all(), "step 900: hipErrorOutOfMemory after 40 hours\n");
  ASSERT_EQ(M.size(), 2u);
  EXPECT_EQ(M[0].Entry->Id, "device-memory-leak");
  EXPECT_EQ(M[0].Level, Confidence::Medium);
  EXPECT_EQ(M[1].Entry->Id, "device-out-of-memory");
  // RCCL's start-up warning is not a hang.
  M = matchLog(all(), "host:1:1 [0] init.cc:136 NCCL WARN Missing \"iommu=pt\" from kernel command line\n");
  ASSERT_EQ(M.size(), 1u);
  EXPECT_EQ(M[0].Entry->Id, "rccl-iommu-pt");
}

TEST(Notebook, EntriesForAFindingsCheck) {
  std::set<std::string> Ids;
  for (const NotebookEntry *E : notebookEntriesForCheck("rocm-lds-limit"))
    Ids.insert(E->Id);
  EXPECT_TRUE(Ids.count("static-lds-over-limit"));
  EXPECT_TRUE(notebookEntriesForCheck("no-such-check").empty());
  // Every check an entry names exists (lib/data/checks.json has its summary).
  for (const NotebookEntry &E : builtinNotebook())
    for (const std::string &C : E.Checks)
      EXPECT_NE(checkSummary(C), "") << E.Id << " names unknown check " << C;
}

TEST(Notebook, NoBuiltinEntryMatchesAnothersExcerpt) {
  for (const NotebookEntry &A : builtinNotebook())
    for (const NotebookEntry &B : builtinNotebook())
      if (&A != &B && !refinesEitherWay(A, B))
        EXPECT_TRUE(matchLog({&A}, B.Excerpt).empty()) << A.Id << " matches the excerpt of " << B.Id;
}

TEST(Notebook, GenericSymptomsAreNeverHighConfidence) {
  for (const NotebookEntry &E : builtinNotebook()) {
    if (!E.Generic)
      continue;
    EXPECT_GE(E.Causes.size(), 2u) << E.Id;
    auto M = matchLog({&E}, E.Excerpt);
    ASSERT_EQ(M.size(), 1u) << E.Id;
    EXPECT_EQ(M[0].Level, Confidence::Low) << E.Id;
    for (const NotebookCause &C : E.Causes) {
      EXPECT_FALSE(C.Confirm.empty()) << E.Id << "/" << C.Id;
      if (C.See.empty())
        continue;
      bool Found = false;
      for (const NotebookEntry &X : builtinNotebook())
        Found |= X.Id == C.See;
      EXPECT_TRUE(Found) << E.Id << "/" << C.Id << " points to unknown entry " << C.See;
    }
  }
}

TEST(Notebook, ReadsFactsFromTheLog) {
  LogFacts F = readLogFacts("HSA_OVERRIDE_GFX_VERSION=10.3.0 ./app\nagent gfx1031, torch 2.3.0+rocm6.0\n"
                            "loading /opt/rocm-5.7.1/lib/libamdhip64.so\n"
                            "Unable to open /dev/kfd read-write: Permission denied\n");
  EXPECT_TRUE(F.Gfx.count("gfx1031"));
  EXPECT_TRUE(F.has("consumer-gpu"));
  EXPECT_TRUE(F.has("override"));
  EXPECT_TRUE(F.has("device-permission"));
  EXPECT_TRUE(F.has("mixed-rocm")); // 6.0 and 5.7
  EXPECT_EQ(F.Env["HSA_OVERRIDE_GFX_VERSION"], "10.3.0");
  LogFacts G = readLogFacts("agent gfx90a:sramecc+:xnack-\n");
  EXPECT_TRUE(G.has("datacenter-gpu"));
  EXPECT_FALSE(G.has("consumer-gpu"));
  EXPECT_TRUE(readLogFacts("all good\n").Tags.empty());
  EXPECT_EQ(gfxClass("gfx1100"), "consumer-gpu");
  EXPECT_EQ(gfxClass("gfx942"), "datacenter-gpu");
  EXPECT_EQ(gfxClass("gfx1"), "");
}

TEST(Notebook, RanksCausesByFacts) {
  const NotebookEntry *Fault = builtinEntry("gpu-memory-access-fault");
  ASSERT_TRUE(Fault);
  EXPECT_EQ(rankCauses(*Fault, readLogFacts("gfx1030\n")).front()->Id, "unsupported-gpu");
  EXPECT_EQ(rankCauses(*Fault, readLogFacts("gfx90a\n")).front()->Id, "out-of-bounds-access");
  // With no facts the wrong code object for the GPU is checked first: in applications it is the
  // usual cause, and its check is one command.
  EXPECT_EQ(rankCauses(*Fault, LogFacts()).front()->Id, "unsupported-gpu");
}

TEST(Notebook, FirmwareFailuresPutTheDriverFirst) {
  const NotebookEntry *Hang = builtinEntry("gpu-hang");
  ASSERT_TRUE(Hang);
  LogFacts Mes = readLogFacts("amdgpu 0000:c3:00.0: amdgpu: MES failed to respond to msg=REMOVE_QUEUE\n");
  EXPECT_TRUE(Mes.has("firmware"));
  EXPECT_EQ(rankCauses(*Hang, Mes).front()->Id, "driver-firmware");
  // A ring timeout is what any hung kernel shows: no firmware fact, the kernel is checked first.
  LogFacts Ring = readLogFacts("amdgpu 0000:03:00.0: amdgpu: ring comp_1.0.0 timeout, signaled seq=1\n");
  EXPECT_FALSE(Ring.has("firmware"));
  EXPECT_EQ(rankCauses(*Hang, Ring).front()->Id, "kernel-deadlock");
  EXPECT_FALSE(readLogFacts("MES failed in my own program\n").has("firmware"));
}

TEST(Notebook, RefusesPatternsThatMatchEverything) {
  EXPECT_NE(checkNotebookPattern("."), "");
  EXPECT_NE(checkNotebookPattern("\\S"), "");
  EXPECT_NE(checkNotebookPattern("\\w+"), "");
  EXPECT_NE(checkNotebookPattern("[^z]"), "");
  EXPECT_NE(checkNotebookPattern("a[ab]{40}c"), "");
  EXPECT_EQ(checkNotebookPattern("POOLALLOC: arena exhausted"), "");
  EXPECT_EQ(checkNotebookPattern("[0-9a-f]{8}-deadbeef"), "");
}

TEST(Redact, ReplacesSecretsAndPersonalData) {
  RedactedText R = redactText("alice@box7:~$ make\n"
                              "token ghp_abcdefghijklmnopqrstuvwxyz0123456789 and AKIAABCDEFGHIJKLMNOP\n"
                              "/home/alice/proj/src/a.cu:3: error: x\n"
                              "peer 192.168.10.4 and 2001:db8::8a2e:370:7334, mail alice@example.org\n"
                              "c10::Half and std::vector, commit 4f2a9c1e0b7d3a5f6e8c9b0a1d2e3f4a5b6c7d8e\n"
                              "_ZN5torch8autograd12VariableInfoC2ERKN2at6TensorE\n",
                              "/home/alice/proj");
  EXPECT_EQ(R.Text, "<user>@<host>:~$ make\n"
                    "token <secret> and <secret>\n"
                    "<project>/src/a.cu:3: error: x\n"
                    "peer <ip> and <ip>, mail <email>\n"
                    "c10::Half and std::vector, commit 4f2a9c1e0b7d3a5f6e8c9b0a1d2e3f4a5b6c7d8e\n"
                    "_ZN5torch8autograd12VariableInfoC2ERKN2at6TensorE\n");
  bool SecretNoted = false;
  for (const Redaction &X : R.Replaced)
    SecretNoted |= X.Secret && X.Detail == "GitHub token" && X.FirstLine == 2;
  EXPECT_TRUE(SecretNoted);
  EXPECT_EQ(redactText("all good\n").Replaced.size(), 0u);
  EXPECT_EQ(findSecretOrHome("see /home/bob/x.log\n"), "a home directory on line 1");
  EXPECT_EQ(findSecretOrHome("ok\npassword=hunter22\n"), "a secret ('password' value) on line 2");
  EXPECT_EQ(findSecretOrHome("<home>/x.log and password=<secret>\n"), "");
  EXPECT_GT(shannonEntropy("aZ3kQ9xL2mW7pR5t"), 3.9);
  EXPECT_LT(shannonEntropy("aaaaaaaaaaaaaaaa"), 0.1);
}
