#ifndef ROCM_TIDY_CORE_DEVICEALLOCTABLE_H
#define ROCM_TIDY_CORE_DEVICEALLOCTABLE_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy {

/// One allocator of lib/data/device_alloc.json.
struct DeviceAllocator {
  std::string Name;  // e.g. "hipHostMalloc"
  std::string Free;  // the deallocator to suggest, e.g. "hipHostFree"
  unsigned Family;   // index into DeviceAllocTable::Families
};

/// Memory that one group of deallocators releases.
struct DeviceAllocFamily {
  std::string Name;         // e.g. "pinned-host"
  std::string Description;  // used in diagnostics, e.g. "pinned host memory"
  std::vector<std::string> Deallocators;
};

/// What a call named \p Name does to memory, if anything.
struct DeallocatorInfo {
  /// Index of the family it releases; nullopt for a host heap deallocator (free, delete).
  std::optional<unsigned> Family;
};

struct DeviceAllocTable {
  std::vector<DeviceAllocFamily> Families;
  std::vector<DeviceAllocator> Allocators;
  std::vector<std::string> ForeignDeallocators;

  const DeviceAllocator *allocator(std::string_view Name) const;
  /// Set when \p Name releases memory of some family or is a host heap deallocator.
  std::optional<DeallocatorInfo> deallocator(std::string_view Name) const;
  /// Whether \p Dealloc is a right way to release memory from \p Alloc.
  bool releases(std::string_view Dealloc, const DeviceAllocator &Alloc) const;
  std::vector<std::string> allocatorNames() const;
  std::vector<std::string> deallocatorNames() const;
};

std::optional<DeviceAllocTable> parseDeviceAllocJson(std::string_view Json, std::string &Error);
const DeviceAllocTable &deviceAllocTable();

} // namespace rocmtidy

#endif
