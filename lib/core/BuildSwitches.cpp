#include "core/BuildSwitches.h"
#include "core/EmbeddedData.h"
#include "core/JsonTable.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <vector>

namespace rocmtidy {

std::optional<BuildSwitchTable> parseBuildSwitchesJson(std::string_view Json, std::string &Error) {
  std::optional<nlohmann::json> Doc = parseTableDocument(Json, "build switch table", "cuda", Error);
  if (!Doc)
    return std::nullopt;
  BuildSwitchTable T;
  for (const char *Key : {"cuda", "hip"}) {
    std::vector<std::string> Names;
    if (!Doc->contains(Key) || !readStringArray((*Doc)[Key], Names) || Names.empty()) {
      Error = std::string("'") + Key + "' is not a non-empty array of names";
      return std::nullopt;
    }
    auto &Into = std::string_view(Key) == "cuda" ? T.Cuda : T.Hip;
    for (const std::string &N : Names) {
      // Conditions are matched after lower-casing, so an upper-case entry could never match.
      if (N.empty() || std::any_of(N.begin(), N.end(), [](char C) { return C >= 'A' && C <= 'Z'; })) {
        Error = "'" + N + "' in '" + Key + "' is not a lower-case name";
        return std::nullopt;
      }
      Into.insert(N);
    }
  }
  auto Optional = [&](const char *Key, bool Words, std::set<std::string, std::less<>> &Into) {
    std::vector<std::string> Items;
    if (!Doc->contains(Key))
      return true;
    if (!readStringArray((*Doc)[Key], Items)) {
      Error = std::string("'") + Key + "' is not an array of " + (Words ? "words" : "values");
      return false;
    }
    for (const std::string &I : Items) {
      // Words are the parts of a name between underscores, so one cannot hold an underscore.
      if (I.empty() || std::any_of(I.begin(), I.end(), [](char C) { return C >= 'A' && C <= 'Z'; }) ||
          (Words && I.find('_') != std::string::npos)) {
        Error = "'" + I + "' in '" + Key + "' is not a lower-case " + (Words ? "word without underscores" : "value");
        return false;
      }
      Into.insert(I);
    }
    return true;
  };
  if (!Optional("cuda_values", false, T.CudaValues) || !Optional("hip_values", false, T.HipValues) ||
      !Optional("switch_words", true, T.SwitchWords) || !Optional("cuda_words", true, T.CudaWords) ||
      !Optional("hip_words", true, T.HipWords) || !Optional("other_words", true, T.OtherWords) ||
      !Optional("cuda_compatible_words", true, T.CudaCompatibleWords) ||
      !Optional("toolkit_found", false, T.ToolkitFound) || !Optional("platform_names", false, T.PlatformNames) ||
      !Optional("cuda_platform_values", false, T.CudaPlatformValues) ||
      !Optional("hip_platform_values", false, T.HipPlatformValues))
    return std::nullopt;
  for (const std::string &W : T.CudaCompatibleWords)
    if (T.HipWords.count(W)) {
      Error = "'" + W + "' is listed as a word of both vendors";
      return std::nullopt;
    }
  for (const std::string &W : T.CudaWords)
    if (T.HipWords.count(W)) {
      Error = "'" + W + "' is listed as a word of both vendors";
      return std::nullopt;
    }
  for (const auto &[Cuda, Hip] :
       {std::pair(&T.CudaValues, &T.HipValues), std::pair(&T.CudaPlatformValues, &T.HipPlatformValues)})
    for (const std::string &V : *Cuda)
      if (Hip->count(V)) {
        Error = "'" + V + "' is listed as a value of both vendors";
        return std::nullopt;
      }
  for (const std::string &N : T.Cuda)
    if (T.Hip.count(N)) {
      Error = "'" + N + "' is listed for both vendors";
      return std::nullopt;
    }
  return T;
}

// Calls \p Each with every part of \p Name between underscores.
template <class F> static void forEachPart(std::string_view Name, F Each) {
  for (size_t Start = 0; Start <= Name.size();) {
    size_t End = Name.find('_', Start);
    if (End == std::string_view::npos)
      End = Name.size();
    Each(Name.substr(Start, End - Start));
    Start = End + 1;
  }
}

BuildSwitchTable::Vendor BuildSwitchTable::vendorByParts(std::string_view Name) const {
  bool Switch = false, IsCuda = false, IsHip = false, Other = false;
  forEachPart(Name, [&](std::string_view Part) {
    Switch |= SwitchWords.count(Part) != 0;
    IsCuda |= CudaWords.count(Part) != 0 || CudaCompatibleWords.count(Part) != 0;
    IsHip |= HipWords.count(Part) != 0;
    Other |= OtherWords.count(Part) != 0;
  });
  // ENABLE_AMD_OPENCL names a vendor of another programming model's build.
  if (!Switch || Other || IsCuda == IsHip)
    return Vendor::None;
  return IsCuda ? Vendor::Cuda : Vendor::Hip;
}

bool BuildSwitchTable::switchesCudaCompatible(std::string_view Name) const {
  bool Switch = false, Compatible = false;
  forEachPart(Name, [&](std::string_view Part) {
    Switch |= SwitchWords.count(Part) != 0;
    Compatible |= CudaCompatibleWords.count(Part) != 0;
  });
  return Switch && Compatible;
}

BuildSwitchTable::Vendor BuildSwitchTable::vendorOfTargetName(std::string_view Name) const {
  bool IsCuda = false, IsHip = false, Other = false, Backend = false;
  std::string Part;
  for (size_t I = 0; I <= Name.size(); ++I) {
    char C = I < Name.size() ? Name[I] : ' ';
    if (std::isalnum(static_cast<unsigned char>(C))) {
      Part += C;
      continue;
    }
    IsCuda |= CudaWords.count(Part) != 0;
    IsHip |= HipWords.count(Part) != 0;
    Other |= OtherWords.count(Part) != 0;
    Backend |= Part == "backend";
    Part.clear();
  }
  // A project's own target named for CUDA (torch_cuda, cuda_kernels) may be built by the HIP build
  // too; an imported toolkit target or a backend's library is not.
  bool Imported = Name.rfind("cuda::", 0) == 0 || Name.rfind("hip::", 0) == 0;
  if (Other || IsCuda == IsHip || !(Imported || Backend))
    return Vendor::None;
  return IsCuda ? Vendor::Cuda : Vendor::Hip;
}

bool BuildSwitchTable::namesOtherModel(std::string_view Name) const {
  std::string Part;
  for (size_t I = 0; I <= Name.size(); ++I) {
    unsigned char C = I < Name.size() ? static_cast<unsigned char>(Name[I]) : ' ';
    if (std::isalnum(C)) {
      Part += static_cast<char>(std::tolower(C));
      continue;
    }
    if (OtherWords.count(Part))
      return true;
    Part.clear();
  }
  return false;
}

BuildSwitchTable::Vendor BuildSwitchTable::platformOf(std::string_view Name, std::string_view Value) const {
  auto Lower = [](std::string_view S) {
    std::string L(S);
    std::transform(L.begin(), L.end(), L.begin(), [](unsigned char C) { return static_cast<char>(std::tolower(C)); });
    return L;
  };
  if (!PlatformNames.count(Lower(Name)))
    return Vendor::None;
  std::string V = Lower(Value);
  if (CudaPlatformValues.count(V))
    return Vendor::Cuda;
  return HipPlatformValues.count(V) ? Vendor::Hip : Vendor::None;
}

const BuildSwitchTable &buildSwitchTable() {
  static const BuildSwitchTable Table = parseBuiltinTable("build_switches.json", parseBuildSwitchesJson);
  return Table;
}

} // namespace rocmtidy
