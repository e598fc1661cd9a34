#include "core/NvccTranslation.h"

#include <gtest/gtest.h>

using namespace rocmtidy;

namespace {

std::vector<std::string> translate(const std::vector<std::string> &Args) {
  return nvccTranslationTable().translate(Args);
}

TEST(NvccTranslation, DropsOptionsAndTheirSeparateValues) {
  EXPECT_EQ(translate({"-gencode", "arch=compute_80,code=sm_80", "-O2", "-arch=sm_80", "-arch", "sm_70", "-c"}),
            (std::vector<std::string>{"-O2", "-c"}));
  EXPECT_EQ(translate({"--generate-code", "arch=compute_80,code=sm_80", "--expt-relaxed-constexpr", "-lineinfo"}),
            std::vector<std::string>{});
  // A separate option at the end has no value to take.
  EXPECT_EQ(translate({"-I", "inc", "-ccbin"}), (std::vector<std::string>{"-I", "inc"}));
}

TEST(NvccTranslation, ReplacesAndRenames) {
  EXPECT_EQ(translate({"--use_fast_math", "-dc", "--std=c++17", "-rdc=true", "-rdc=false"}),
            (std::vector<std::string>{"-ffast-math", "-fgpu-rdc", "-c", "-std=c++17", "-fgpu-rdc"}));
}

TEST(NvccTranslation, PassesHostOptionsWithoutWerror) {
  EXPECT_EQ(translate({"-Xcompiler", "-Wall,-Werror,,-fPIC", "-Xcompiler=-O3", "--compiler-options=-Werror=x"}),
            (std::vector<std::string>{"-Wall", "-fPIC", "-O3"}));
}

TEST(NvccTranslation, KeepsWhatClangAccepts) {
  std::vector<std::string> Clang = {"-DX=1", "-Iinc", "-std=c++17", "-O3", "-x", "cu", "-c", "k.cu", "-o", "k.o"};
  EXPECT_EQ(translate(Clang), Clang);
  EXPECT_EQ(nvccTranslationTable().match("-arch-extra"), nullptr);
}

TEST(NvccTranslation, RejectsMalformedTables) {
  std::string Error;
  EXPECT_FALSE(parseNvccTranslationJson(R"({"flags": []})", Error));
  EXPECT_FALSE(parseNvccTranslationJson(
      R"({"analysis": {"rules": [{"spelling": "-a", "form": "exact", "action": "keep", "clang": []}]}})", Error));
  EXPECT_FALSE(parseNvccTranslationJson(
      R"({"analysis": {"rules": [{"spelling": "-a", "form": "exact", "action": "replace", "clang": []}]}})", Error));
  EXPECT_FALSE(parseNvccTranslationJson(
      R"({"analysis": {"rules": [{"spelling": "-a", "form": "exact", "action": "rename", "clang": ["-b"]}]}})", Error));
  EXPECT_FALSE(parseNvccTranslationJson(
      R"({"analysis": {"rules": [{"spelling": "a", "form": "exact", "action": "drop", "clang": []}]}})", Error));
  auto T = parseNvccTranslationJson(
      R"({"analysis": {"rules": [{"spelling": "-a=", "form": "prefix", "action": "rename", "clang": ["-b="]}]}})",
      Error);
  ASSERT_TRUE(T.has_value());
  if (T)
    EXPECT_EQ(T->translate({"-a=1"}), std::vector<std::string>{"-b=1"});
}

} // namespace
