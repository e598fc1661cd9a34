#include "core/DeviceTypes.h"

#include <gtest/gtest.h>

using namespace rocmtidy;

TEST(DeviceTypes, ScalarAndVectorSizes) {
  EXPECT_EQ(deviceTypeSize("float"), 4u);
  EXPECT_EQ(deviceTypeSize("unsigned int"), 4u);
  EXPECT_EQ(deviceTypeSize("long"), 8u); // the host's LP64 sizes
  EXPECT_EQ(deviceTypeSize("size_t"), 8u);
  EXPECT_EQ(deviceTypeSize("__half"), 2u);
  EXPECT_EQ(deviceTypeSize("__hip_bfloat16"), 2u);
  EXPECT_EQ(deviceTypeSize("float3"), 12u);
  EXPECT_EQ(deviceTypeSize("float4"), 16u);
  EXPECT_EQ(deviceTypeSize("double2"), 16u);
}

TEST(DeviceTypes, UnknownSpellingsHaveNoSize) {
  // The index reads types as text: anything but an exact listed spelling leaves the LDS unknown.
  EXPECT_FALSE(deviceTypeSize("MyStruct").has_value());
  EXPECT_FALSE(deviceTypeSize("float *").has_value());
  EXPECT_FALSE(deviceTypeSize("Float").has_value());
  EXPECT_FALSE(deviceTypeSize("").has_value());
}

TEST(DeviceTypes, MalformedDocumentsAreRejected) {
  std::string Error;
  EXPECT_FALSE(parseDeviceTypesJson("[]", Error));
  EXPECT_FALSE(parseDeviceTypesJson("{}", Error));
  EXPECT_FALSE(parseDeviceTypesJson(R"({"sizes": []})", Error));
  EXPECT_FALSE(parseDeviceTypesJson(R"({"sizes": {"float": "4"}})", Error));
  EXPECT_FALSE(parseDeviceTypesJson(R"({"sizes": {"float": -4}})", Error));
  EXPECT_FALSE(parseDeviceTypesJson(R"({"sizes": {"float": 0}})", Error));
  EXPECT_NE(Error.find("float"), std::string::npos);
  using SizeTable = std::map<std::string, uint64_t, std::less<>>;
  EXPECT_EQ(parseDeviceTypesJson(R"({"sizes": {"float": 4, "my_t": 24}})", Error),
            (SizeTable{{"float", 4}, {"my_t", 24}}));
}
