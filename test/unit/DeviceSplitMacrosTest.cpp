#include "ast/DeviceSplitMacros.h"

#include <gtest/gtest.h>

using namespace rocmtidy;

namespace {

CondToken ident(const char *Name, bool HostDefined = false, std::optional<int64_t> HostValue = std::nullopt) {
  CondToken T;
  T.K = CondToken::Ident;
  T.Text = Name;
  T.HostDefined = HostDefined;
  T.HostValue = HostValue;
  return T;
}
CondToken punct(const char *P) { return {CondToken::Punct, P}; }
CondToken defined() { return {CondToken::Defined, "defined"}; }
CondToken integer(int64_t V) { return {CondToken::Int, "", V}; }

const GpuTarget &target(const char *Name) {
  const GpuTarget *T = findGpuTarget(Name);
  EXPECT_NE(T, nullptr) << Name;
  return *T;
}

} // namespace

TEST(DeviceSplitMacros, TargetMacrosAreDefinedOnlyForTheirTarget) {
  // defined(USE_ROCM) && defined(__GFX9__), with USE_ROCM from the command line.
  std::vector<CondToken> Gfx9 = {defined(), punct("("), ident("USE_ROCM", true, 1), punct(")"), punct("&&"),
                                 defined(), punct("("), ident("__GFX9__"),          punct(")")};
  EXPECT_EQ(evaluateForDevice(Gfx9, target("gfx942")), 1);
  EXPECT_EQ(evaluateForDevice(Gfx9, target("gfx90a")), 1);
  EXPECT_EQ(evaluateForDevice(Gfx9, target("gfx1100")), 0);
  // Another target's macro stays undefined: defined __gfx1030__ is false for gfx942.
  std::vector<CondToken> Rdna = {defined(), ident("__gfx1030__")};
  EXPECT_EQ(evaluateForDevice(Rdna, target("gfx942")), 0);
  EXPECT_EQ(evaluateForDevice(Rdna, target("gfx1030")), 1);
  // !defined(__HIP_DEVICE_COMPILE__): the device pass defines it.
  std::vector<CondToken> NotDevice = {punct("!"), defined(), ident("__HIP_DEVICE_COMPILE__")};
  EXPECT_EQ(evaluateForDevice(NotDevice, target("gfx90a")), 0);
}

TEST(DeviceSplitMacros, WavefrontMacroIsTheTargetsWidth) {
  std::vector<CondToken> Wave = {ident("__AMDGCN_WAVEFRONT_SIZE"), punct("=="), integer(64)};
  EXPECT_EQ(evaluateForDevice(Wave, target("gfx942")), 1);
  EXPECT_EQ(evaluateForDevice(Wave, target("gfx1100")), 0);
  std::vector<CondToken> Either = {punct("("),  ident("VERSION", true, 7), punct(">="), integer(6), punct(")"),
                                   punct("||"), ident("UNDEFINED_MACRO")};
  EXPECT_EQ(evaluateForDevice(Either, target("gfx942")), 1);
}

TEST(DeviceSplitMacros, UnreadableConditionsAreUnknown) {
  // A host macro whose body is not one integer, a dangling operator, unbalanced parentheses.
  EXPECT_EQ(evaluateForDevice({ident("FEATURE", true, std::nullopt)}, target("gfx942")), std::nullopt);
  EXPECT_EQ(evaluateForDevice({integer(1), punct("&&")}, target("gfx942")), std::nullopt);
  EXPECT_EQ(evaluateForDevice({punct("("), integer(1)}, target("gfx942")), std::nullopt);
  EXPECT_EQ(evaluateForDevice({integer(1), punct("+"), integer(1)}, target("gfx942")), std::nullopt);
  EXPECT_EQ(evaluateForDevice({}, target("gfx942")), std::nullopt);
}

TEST(DeviceSplitMacros, DeviceOnlyMacros) {
  EXPECT_TRUE(DeviceSplitMacros::isDeviceOnlyMacro("__gfx942__"));
  EXPECT_TRUE(DeviceSplitMacros::isDeviceOnlyMacro("__GFX9__"));
  EXPECT_TRUE(DeviceSplitMacros::isDeviceOnlyMacro("__HIP_DEVICE_COMPILE__"));
  EXPECT_FALSE(DeviceSplitMacros::isDeviceOnlyMacro("__HIP_PLATFORM_AMD__"));
  EXPECT_FALSE(DeviceSplitMacros::isDeviceOnlyMacro("USE_ROCM"));
}
