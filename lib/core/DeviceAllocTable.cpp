#include "core/DeviceAllocTable.h"
#include "core/EmbeddedData.h"
#include "core/JsonTable.h"

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace rocmtidy {

const DeviceAllocator *DeviceAllocTable::allocator(std::string_view Name) const {
  for (const DeviceAllocator &A : Allocators)
    if (A.Name == Name)
      return &A;
  return nullptr;
}

std::optional<DeallocatorInfo> DeviceAllocTable::deallocator(std::string_view Name) const {
  for (unsigned I = 0; I < Families.size(); ++I)
    for (const std::string &D : Families[I].Deallocators)
      if (D == Name)
        return DeallocatorInfo{I};
  for (const std::string &D : ForeignDeallocators)
    if (D == Name)
      return DeallocatorInfo{std::nullopt};
  return std::nullopt;
}

bool DeviceAllocTable::releases(std::string_view Dealloc, const DeviceAllocator &Alloc) const {
  std::optional<DeallocatorInfo> D = deallocator(Dealloc);
  return D && D->Family && *D->Family == Alloc.Family;
}

std::vector<std::string> DeviceAllocTable::allocatorNames() const {
  std::vector<std::string> Names;
  for (const DeviceAllocator &A : Allocators)
    Names.push_back(A.Name);
  return Names;
}

std::vector<std::string> DeviceAllocTable::deallocatorNames() const {
  std::vector<std::string> Names;
  for (const DeviceAllocFamily &F : Families)
    Names.insert(Names.end(), F.Deallocators.begin(), F.Deallocators.end());
  Names.insert(Names.end(), ForeignDeallocators.begin(), ForeignDeallocators.end());
  return Names;
}

std::optional<DeviceAllocTable> parseDeviceAllocJson(std::string_view Json, std::string &Error) {
  std::optional<nlohmann::json> Doc = parseTableDocument(Json, "device alloc table", "families", Error);
  if (!Doc)
    return std::nullopt;
  DeviceAllocTable T;
  for (const auto &F : (*Doc)["families"]) {
    std::string Where = "device alloc family " + std::to_string(T.Families.size());
    std::vector<std::string> Deallocators;
    if (!F.is_object() || !F.contains("name") || !F["name"].is_string() || !F.contains("description") ||
        !F["description"].is_string() || !F.contains("allocators") || !F["allocators"].is_array() ||
        !F.contains("deallocators") || !readStringArray(F["deallocators"], Deallocators) || Deallocators.empty()) {
      Error = Where + " needs 'name', 'description' (strings), 'allocators' and a non-empty 'deallocators' array";
      return std::nullopt;
    }
    unsigned Index = T.Families.size();
    DeviceAllocFamily Family{F["name"].get<std::string>(), F["description"].get<std::string>(),
                             std::move(Deallocators)};
    for (const auto &A : F["allocators"]) {
      if (!A.is_object() || !A.contains("name") || !A["name"].is_string() || !A.contains("free") ||
          !A["free"].is_string()) {
        Error = Where + ": each allocator needs 'name' and 'free' (strings)";
        return std::nullopt;
      }
      DeviceAllocator Alloc{A["name"].get<std::string>(), A["free"].get<std::string>(), Index};
      bool Known = false;
      for (const std::string &D : Family.Deallocators)
        Known |= D == Alloc.Free;
      if (!Known) {
        Error = Where + ": allocator '" + Alloc.Name + "' suggests '" + Alloc.Free +
                "', which is not among the family's deallocators";
        return std::nullopt;
      }
      if (T.allocator(Alloc.Name)) {
        Error = "allocator '" + Alloc.Name + "' is listed twice";
        return std::nullopt;
      }
      T.Allocators.push_back(std::move(Alloc));
    }
    T.Families.push_back(std::move(Family));
  }
  if (Doc->contains("foreign_deallocators")) {
    const auto &F = (*Doc)["foreign_deallocators"];
    if (!F.is_object() || !F.contains("names") || !readStringArray(F["names"], T.ForeignDeallocators)) {
      Error = "'foreign_deallocators' needs a 'names' array of strings";
      return std::nullopt;
    }
  }
  return T;
}

const DeviceAllocTable &deviceAllocTable() {
  static const DeviceAllocTable Table = [] {
    std::string Error;
    auto Parsed = parseDeviceAllocJson(embeddedData("device_alloc.json"), Error);
    if (!Parsed) {
      std::fprintf(stderr, "rocm-tidy: internal error: %s\n", Error.c_str());
      std::abort();
    }
    return *Parsed;
  }();
  return Table;
}

} // namespace rocmtidy
