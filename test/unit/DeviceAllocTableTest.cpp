#include "core/DeviceAllocTable.h"

#include <gtest/gtest.h>
#include <set>

using namespace rocmtidy;

TEST(DeviceAllocTable, PairsEachAllocatorWithItsDeallocator) {
  const DeviceAllocTable &T = deviceAllocTable();
  struct { const char *Alloc, *Free; } Expected[] = {
      {"hipMalloc", "hipFree"},           {"hipMallocManaged", "hipFree"},
      {"hipMallocAsync", "hipFreeAsync"}, {"hipMallocFromPoolAsync", "hipFreeAsync"},
      {"hipMallocPitch", "hipFree"},      {"hipExtMallocWithFlags", "hipFree"},
      {"hipHostMalloc", "hipHostFree"},   {"hipHostAlloc", "hipHostFree"},
      {"hipMallocHost", "hipHostFree"},   {"hipMallocArray", "hipFreeArray"},
      {"hipMalloc3DArray", "hipFreeArray"}, {"cudaMalloc", "cudaFree"},
      {"cudaMallocManaged", "cudaFree"},  {"cudaMallocHost", "cudaFreeHost"},
      {"cudaHostAlloc", "cudaFreeHost"},  {"cudaMallocArray", "cudaFreeArray"}};
  for (const auto &E : Expected) {
    const DeviceAllocator *A = T.allocator(E.Alloc);
    ASSERT_NE(A, nullptr) << E.Alloc;
    EXPECT_EQ(A->Free, E.Free) << E.Alloc;
    EXPECT_TRUE(T.releases(E.Free, *A)) << E.Alloc;
  }
}

TEST(DeviceAllocTable, AsyncMemoryMayBeFreedEitherWay) {
  const DeviceAllocTable &T = deviceAllocTable();
  EXPECT_TRUE(T.releases("hipFree", *T.allocator("hipMallocAsync")));
  EXPECT_TRUE(T.releases("hipFreeAsync", *T.allocator("hipMallocFromPoolAsync")));
  EXPECT_TRUE(T.releases("hipFreeHost", *T.allocator("hipHostMalloc")));
}

TEST(DeviceAllocTable, WrongFamiliesDoNotRelease) {
  const DeviceAllocTable &T = deviceAllocTable();
  EXPECT_FALSE(T.releases("hipFree", *T.allocator("hipHostMalloc")));
  EXPECT_FALSE(T.releases("hipHostFree", *T.allocator("hipMalloc")));
  EXPECT_FALSE(T.releases("hipFree", *T.allocator("hipMallocArray")));
  EXPECT_FALSE(T.releases("cudaFree", *T.allocator("cudaMallocHost")));
  EXPECT_FALSE(T.releases("free", *T.allocator("hipMalloc")));
  EXPECT_FALSE(T.releases("delete", *T.allocator("hipHostMalloc")));
  // Host heap deallocators are known, without a family of their own.
  ASSERT_TRUE(T.deallocator("free"));
  EXPECT_FALSE(T.deallocator("free")->Family);
  ASSERT_TRUE(T.deallocator("delete[]"));
  EXPECT_FALSE(T.deallocator("hipMemcpy"));
  EXPECT_EQ(T.allocator("malloc"), nullptr);
  EXPECT_EQ(T.allocator("hipMallocX"), nullptr);
}

TEST(DeviceAllocTable, NamesAreUnique) {
  const DeviceAllocTable &T = deviceAllocTable();
  std::set<std::string> Seen;
  for (const std::string &N : T.allocatorNames())
    EXPECT_TRUE(Seen.insert(N).second) << "duplicate allocator " << N;
  for (const std::string &N : T.deallocatorNames())
    EXPECT_TRUE(Seen.insert(N).second) << "duplicate deallocator " << N;
  for (const DeviceAllocFamily &F : T.Families)
    EXPECT_FALSE(F.Description.empty()) << F.Name;
}

TEST(DeviceAllocTable, MalformedJsonIsAnError) {
  std::string Error;
  EXPECT_FALSE(parseDeviceAllocJson("[]", Error));
  EXPECT_FALSE(parseDeviceAllocJson(R"({"families": [{"name": "x"}]})", Error));
  // The suggested deallocator must belong to the family.
  EXPECT_FALSE(parseDeviceAllocJson(
      R"({"families": [{"name": "d", "description": "d", "deallocators": ["f"],
                        "allocators": [{"name": "a", "free": "g"}]}]})",
      Error));
  EXPECT_NE(Error.find("'g'"), std::string::npos);
  EXPECT_FALSE(parseDeviceAllocJson(
      R"({"families": [{"name": "d", "description": "d", "deallocators": ["f"],
                        "allocators": [{"name": "a", "free": "f"}, {"name": "a", "free": "f"}]}]})",
      Error));
  auto T = parseDeviceAllocJson(
      R"({"families": [{"name": "d", "description": "dm", "deallocators": ["f"],
                        "allocators": [{"name": "a", "free": "f"}]}],
          "foreign_deallocators": {"names": ["free"]}})",
      Error);
  ASSERT_TRUE(T) << Error;
  EXPECT_TRUE(T->releases("f", *T->allocator("a")));
  EXPECT_FALSE(T->releases("free", *T->allocator("a")));
}
