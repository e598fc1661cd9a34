#include "cmake/CMakeStrings.h"

#include <gtest/gtest.h>

#include <map>

using namespace rocmtidy::cmake;

namespace {

/// A reader that knows \p Known; names in \p Unknown are known to be unknown, the rest unset.
VariableLookup lookupOf(const std::map<std::string, std::string> &Known,
                        const std::map<std::string, std::string> &Unknown = {}) {
  return [Known, Unknown](const std::string &Name) {
    if (auto It = Known.find(Name); It != Known.end())
      return VariableValue::known(It->second);
    if (auto It = Unknown.find(Name); It != Unknown.end())
      return VariableValue::unknown(It->second);
    return VariableValue::unset();
  };
}

ExpandRules keeping() {
  ExpandRules R;
  R.KeepUnresolved = true;
  R.GeneratorExpressionsAsText = true;
  return R;
}

} // namespace

TEST(CMakeExpand, ReplacesKnownReferencesInnermostFirst) {
  auto L = lookupOf({{"B", "cuda"}, {"A_cuda", "x.cu"}, {"DIR", "/src"}});
  EXPECT_EQ(expandReferences("${DIR}/${A_${B}}", L), "/src/x.cu");
  EXPECT_EQ(expandReferences("no references", L), "no references");
}

TEST(CMakeExpand, UnsetIsUnknownUnlessTheReaderFollowsCMake) {
  auto L = lookupOf({{"A", "1"}});
  std::string Why;
  EXPECT_EQ(expandReferences("-D${MISSING}", L, {}, &Why), std::nullopt);
  EXPECT_EQ(Why, "${MISSING}");
  ExpandRules CMakeLike;
  CMakeLike.UnsetIsEmpty = true;
  EXPECT_EQ(expandReferences("-D${MISSING}${A}", L, CMakeLike), "-D1");
}

TEST(CMakeExpand, UnknownValuesSayWhy) {
  auto L = lookupOf({}, {{"PARTIAL", "(set under another condition too)"}});
  std::string Why;
  EXPECT_EQ(expandReferences("${PARTIAL}", L, {}, &Why), std::nullopt);
  EXPECT_EQ(Why, "${PARTIAL} (set under another condition too)");
  // A nested reference that cannot be resolved is named whole, not cut at its first brace.
  EXPECT_EQ(expandReferences("${X_${PARTIAL}_Y}", L, {}, &Why), std::nullopt);
  EXPECT_EQ(Why, "${X_${PARTIAL}_Y}");
}

TEST(CMakeExpand, EnvironmentAndGeneratorExpressions) {
  auto L = lookupOf({{"INC", "include"}});
  std::string Why;
  EXPECT_EQ(expandReferences("$ENV{ROCM_PATH}/lib", L, {}, &Why), std::nullopt);
  EXPECT_EQ(Why, "$ENV{ROCM_PATH}");
  EXPECT_EQ(expandReferences("$<BUILD_INTERFACE:${INC}>", L), "include");
  // While the project builds, the install interface is empty.
  EXPECT_EQ(expandReferences("a$<INSTALL_INTERFACE:include>b", L), "ab");
  EXPECT_EQ(expandReferences("$<CONFIG:Debug>", L, {}, &Why), std::nullopt);
  EXPECT_EQ(Why, "$<CONFIG:Debug>");
  EXPECT_EQ(expandReferences("$<$<CONFIG:Debug>:-g>", L, keeping()), "$<$<CONFIG:Debug>:-g>");
}

// Generator expressions that depend on their operands alone have their value; one that asks the
// build (a configuration, a language) or has an unknown operand stays unknown.
TEST(CMakeExpand, LogicalGeneratorExpressions) {
  auto L = lookupOf({{"ON_", "ON"}, {"OFF_", "OFF"}, {"N", "3"}, {"NAME", "hip"}});
  EXPECT_EQ(expandReferences("X=$<IF:$<BOOL:available>,__PRETTY_FUNCTION__,__func__>", L), "X=__PRETTY_FUNCTION__");
  EXPECT_EQ(expandReferences("$<IF:$<BOOL:${OFF_}>,a,b>", L), "b");
  EXPECT_EQ(expandReferences("$<BOOL:lib-NOTFOUND>$<BOOL:>$<BOOL:No>$<BOOL:2>", L), "0001");
  EXPECT_EQ(expandReferences("$<$<BOOL:${ON_}>:-DA;-DB>", L), "-DA;-DB");
  EXPECT_EQ(expandReferences("$<$<NOT:$<BOOL:${ON_}>>:-DA>", L), "");
  EXPECT_EQ(expandReferences("$<$<STREQUAL:${NAME},hip>:USE_HIP>", L), "USE_HIP");
  EXPECT_EQ(expandReferences("$<EQUAL:${N},03>$<EQUAL:${N},x>", L), std::nullopt);
  EXPECT_EQ(expandReferences("$<EQUAL:${N},03>", L), "1");
  EXPECT_EQ(expandReferences("$<AND:0,$<CONFIG:Debug>>$<OR:1,$<CONFIG:Debug>>", L), "01");
  EXPECT_EQ(expandReferences("$<AND:1,$<CONFIG:Debug>>", L), std::nullopt);
  EXPECT_EQ(expandReferences("$<1:a,b>$<COMMA>$<ANGLE-R>$<SEMICOLON>", L), "a,b,>;");
  // An unknown operand is unknown, also for a reader that keeps what it cannot resolve.
  EXPECT_EQ(expandReferences("$<IF:$<BOOL:${UNSET}>,a,b>", L), std::nullopt);
  EXPECT_EQ(expandReferences("$<IF:$<BOOL:${UNSET}>,a,b>", L, keeping()), "$<IF:$<BOOL:${UNSET}>,a,b>");
  EXPECT_EQ(expandReferences("$<$<COMPILE_LANGUAGE:HIP>:-DX>", L), std::nullopt);
  // Unbalanced: unknown, not read past.
  EXPECT_EQ(expandReferences("$<BOOL:1", L), std::nullopt);
}

TEST(CMakeExpand, KeepingReadersFillWhatTheyKnow) {
  auto L = lookupOf({{"SRC", "/p/src"}, {"B", "hip"}});
  EXPECT_EQ(expandReferences("${SRC}/${OTHER}/k.cu", L, keeping()), "/p/src/${OTHER}/k.cu");
  EXPECT_EQ(expandReferences("${LIST_${B}}", L, keeping()), "${LIST_hip}");
  EXPECT_EQ(expandReferences("$ENV{HOME}/${SRC}", L, keeping()), "$ENV{HOME}//p/src");
  EXPECT_EQ(expandReferences("${SRC}/${unclosed", L, keeping()), "/p/src/${unclosed");
}

TEST(CMakeExpand, SizeAndDepthAreBounded) {
  auto L = lookupOf({{"K", std::string(1024, 'x')}, {"REF", "${K}"}});
  ExpandRules Small;
  Small.MaxBytes = 4096;
  EXPECT_EQ(expandReferences("${K}${K}${K}${K}", L, Small), std::string(4096, 'x'));
  EXPECT_EQ(expandReferences("${K}${K}${K}${K}${K}", L, Small), std::nullopt);
  // A value is not expanded again: a reference inside it is text, as CMake leaves it.
  EXPECT_EQ(expandReferences("${REF}", L), "${K}");
  std::string Deep = "${K}";
  for (int I = 0; I < 40; ++I) {
    Deep.insert(0, "${A");
    Deep += "}";
  }
  EXPECT_EQ(expandReferences(Deep, L), std::nullopt);
  // Generator expressions nested past the depth limit, unbalanced ones and many of them side by
  // side end with an answer (a hostile script's value is at most MaxBytes long).
  std::string Nested;
  for (int I = 0; I < 2000; ++I)
    Nested += "$<1:";
  Nested += "x" + std::string(2000, '>');
  EXPECT_EQ(expandReferences(Nested, L), std::nullopt);
  EXPECT_EQ(expandReferences(std::string(4000, '$') + std::string(4000, '<'), L), std::nullopt);
  std::string Wide;
  for (int I = 0; I < 2000; ++I)
    Wide += "$<IF:$<BOOL:a>,1,0>";
  EXPECT_EQ(expandReferences(Wide, L), std::string(2000, '1'));
}
