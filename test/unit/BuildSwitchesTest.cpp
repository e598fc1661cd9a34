#include "core/BuildSwitches.h"
#include "core/StringUtil.h"

#include "gtest/gtest.h"

using namespace rocmtidy;

TEST(BuildSwitches, BuiltinTableNamesBothVendors) {
  const BuildSwitchTable &T = buildSwitchTable();
  EXPECT_TRUE(T.Cuda.count("build_cuda"));
  EXPECT_TRUE(T.Cuda.count("torch.version.cuda"));
  EXPECT_TRUE(T.Hip.count("use_rocm"));
  EXPECT_TRUE(T.Hip.count("torch.version.hip"));
  EXPECT_FALSE(T.Hip.count("build_cuda"));
}

TEST(BuildSwitches, RejectsMalformedDocuments) {
  std::string Error;
  EXPECT_FALSE(parseBuildSwitchesJson("[]", Error));
  EXPECT_FALSE(parseBuildSwitchesJson(R"({"cuda": ["use_cuda"]})", Error));
  EXPECT_NE(Error.find("'hip'"), std::string::npos) << Error;
  // Conditions are lower-cased before the lookup: an upper-case name would never match.
  EXPECT_FALSE(parseBuildSwitchesJson(R"({"cuda": ["USE_CUDA"], "hip": ["use_hip"]})", Error));
  EXPECT_NE(Error.find("lower-case"), std::string::npos) << Error;
  EXPECT_FALSE(parseBuildSwitchesJson(R"({"cuda": ["use_gpu"], "hip": ["use_gpu"]})", Error));
  EXPECT_NE(Error.find("both vendors"), std::string::npos) << Error;
  auto T = parseBuildSwitchesJson(R"({"cuda": ["use_cuda"], "hip": ["use_hip"]})", Error);
  ASSERT_TRUE(T) << Error;
  EXPECT_EQ(T.value_or(BuildSwitchTable{}).Cuda.size(), 1u);
}

TEST(BuildSwitches, BackendValues) {
  const BuildSwitchTable &T = buildSwitchTable();
  EXPECT_TRUE(T.CudaValues.count("cuda"));
  EXPECT_TRUE(T.HipValues.count("hip"));
  EXPECT_TRUE(T.HipValues.count("rocm"));
  EXPECT_FALSE(T.HipValues.count("cuda"));
  std::string Error;
  // Optional: a table without values has none.
  auto Plain = parseBuildSwitchesJson(R"({"cuda": ["use_cuda"], "hip": ["use_hip"]})", Error);
  ASSERT_TRUE(Plain) << Error;
  EXPECT_TRUE(Plain.value_or(BuildSwitchTable{}).HipValues.empty());
  EXPECT_FALSE(parseBuildSwitchesJson(R"({"cuda": ["use_cuda"], "hip": ["use_hip"], "hip_values": ["HIP"]})", Error));
  EXPECT_NE(Error.find("lower-case value"), std::string::npos) << Error;
  EXPECT_FALSE(parseBuildSwitchesJson(
      R"({"cuda": ["use_cuda"], "hip": ["use_hip"], "cuda_values": ["gpu"], "hip_values": ["gpu"]})", Error));
  EXPECT_NE(Error.find("both vendors"), std::string::npos) << Error;
  EXPECT_FALSE(parseBuildSwitchesJson(R"({"cuda": ["use_cuda"], "hip": ["use_hip"], "hip_values": "hip"})", Error));
  EXPECT_NE(Error.find("not an array"), std::string::npos) << Error;
}

TEST(BuildSwitches, ToolkitAndHipccPlatform) {
  using V = BuildSwitchTable::Vendor;
  const BuildSwitchTable &T = buildSwitchTable();
  EXPECT_TRUE(T.ToolkitFound.count("cudatoolkit_found"));
  EXPECT_FALSE(T.ToolkitFound.count("use_cuda")); // a choice, not what the machine has
  // hipcc's platform: the NVIDIA platform compiles through nvcc, no AMD build.
  EXPECT_EQ(T.platformOf("HIP_PLATFORM", "nvidia"), V::Cuda);
  EXPECT_EQ(T.platformOf("hip_platform", "NVCC"), V::Cuda);
  EXPECT_EQ(T.platformOf("HIP_PLATFORM", "amd"), V::Hip);
  EXPECT_EQ(T.platformOf("GPU_VENDOR", "nvidia"), V::None);
  EXPECT_EQ(T.platformOf("HIP_PLATFORM", "spirv"), V::None);
  EXPECT_TRUE(T.namesOtherModel("OPENCL_INCLUDE_DIR"));
  EXPECT_TRUE(T.namesOtherModel("${ROCM_PATH}/opencl/lib"));
  EXPECT_FALSE(T.namesOtherModel("${ROCM_PATH}/lib/x86_64"));
  EXPECT_FALSE(T.namesOtherModel("HIP_ROOT_DIR"));
  std::string Error;
  EXPECT_FALSE(parseBuildSwitchesJson(
      R"({"cuda": ["use_cuda"], "hip": ["use_hip"], "cuda_platform_values": ["x"], "hip_platform_values": ["x"]})",
      Error));
  EXPECT_NE(Error.find("both vendors"), std::string::npos) << Error;
  EXPECT_FALSE(parseBuildSwitchesJson(
      R"({"cuda": ["use_cuda"], "hip": ["use_hip"], "platform_names": ["HIP_PLATFORM"]})", Error));
  EXPECT_NE(Error.find("lower-case value"), std::string::npos) << Error;
}

TEST(BuildSwitches, ProjectSwitchesByParts) {
  using V = BuildSwitchTable::Vendor;
  const BuildSwitchTable &T = buildSwitchTable();
  EXPECT_EQ(T.vendorByParts("tpl_enable_cudalib"), V::Cuda);
  EXPECT_EQ(T.vendorByParts("tpl_enable_hiplib"), V::Hip);
  EXPECT_EQ(T.vendorByParts("kokkos_enable_hip"), V::Hip);
  // The GPU vendors' names are vendor words too, but not in another programming model's switch.
  EXPECT_EQ(T.vendorByParts("with_gpu_amd"), V::Hip);
  EXPECT_EQ(T.vendorByParts("with_gpu_nvidia"), V::Cuda);
  EXPECT_EQ(T.vendorByParts("enable_amd_opencl"), V::None);
  EXPECT_EQ(T.vendorByParts("use_nvidia_sycl"), V::None);
  EXPECT_EQ(T.vendorByParts("amd_arch"), V::None);
  EXPECT_EQ(T.vendorByParts("ginkgo_build_cuda"), V::Cuda);
  // setup.py helpers named for the question they answer (`def _is_cuda(): return torch.version.cuda
  // is not None`, then `if _is_cuda():`).
  EXPECT_EQ(T.vendorByParts("_is_cuda"), V::Cuda);
  EXPECT_EQ(T.vendorByParts("is_rocm_available"), V::Hip);
  // Targets: an imported toolkit target or a backend's library names its vendor's build.
  EXPECT_EQ(T.vendorOfTargetName("cuda::cublas"), V::Cuda);
  EXPECT_EQ(T.vendorOfTargetName("hip::device"), V::Hip);
  EXPECT_EQ(T.vendorOfTargetName("${plssvm_cuda_backend_library_name}"), V::Cuda);
  EXPECT_EQ(T.vendorOfTargetName("torch_cuda"), V::None);
  EXPECT_EQ(T.vendorOfTargetName("opencl_cuda_backend"), V::None);
  // A vendor word without a switch word is a setting, not a choice of vendor.
  EXPECT_EQ(T.vendorByParts("cmake_cuda_architectures"), V::None);
  EXPECT_EQ(T.vendorByParts("cuda_arch_list"), V::None);
  // Words of both vendors (a translation layer's switch), or a vendor word inside a longer part.
  EXPECT_EQ(T.vendorByParts("use_hip_on_cuda"), V::None);
  EXPECT_EQ(T.vendorByParts("enable_cudart"), V::None);
  // A vendor's math library is its build's switch (KokkosFFT's generated config header); NCCL is
  // not one, as PyTorch's ROCm build keeps USE_NCCL for RCCL.
  EXPECT_EQ(T.vendorByParts("kokkosfft_enable_tpl_cufft"), V::Cuda);
  EXPECT_EQ(T.vendorByParts("kokkosfft_enable_tpl_hipfft"), V::Hip);
  EXPECT_EQ(T.vendorByParts("use_rocblas"), V::Hip);
  EXPECT_EQ(T.vendorByParts("enable_cudnn"), V::Cuda);
  EXPECT_EQ(T.vendorByParts("use_nccl"), V::None);
  EXPECT_EQ(T.vendorByParts(""), V::None);
  // Other GPU makers' toolkits that compile CUDA code: their switches are CUDA's for the HIP build.
  EXPECT_EQ(T.vendorByParts("use_musa"), V::Cuda);
  EXPECT_EQ(T.vendorByParts("use_corex"), V::Cuda);
  EXPECT_TRUE(T.switchesCudaCompatible("use_corex"));
  EXPECT_TRUE(T.switchesCudaCompatible("ggml_use_musa"));
  EXPECT_FALSE(T.switchesCudaCompatible("use_cuda"));
  EXPECT_FALSE(T.switchesCudaCompatible("musa_home"));
  std::string CompatError;
  EXPECT_FALSE(parseBuildSwitchesJson(
      R"({"cuda": ["a"], "hip": ["b"], "cuda_compatible_words": ["g"], "hip_words": ["g"]})", CompatError));
  std::string Error;
  EXPECT_FALSE(parseBuildSwitchesJson(R"({"cuda": ["a"], "hip": ["b"], "cuda_words": ["x_y"]})", Error));
  EXPECT_NE(Error.find("without underscores"), std::string::npos) << Error;
  EXPECT_FALSE(
      parseBuildSwitchesJson(R"({"cuda": ["a"], "hip": ["b"], "cuda_words": ["g"], "hip_words": ["g"]})", Error));
  EXPECT_NE(Error.find("both vendors"), std::string::npos) << Error;
}

TEST(StringUtil, SplitNonEmpty) {
  using V = std::vector<std::string_view>;
  EXPECT_EQ(rocmtidy::splitNonEmpty("  nvcc \tnvidia ", " \t"), (V{"nvcc", "nvidia"}));
  EXPECT_EQ(rocmtidy::splitNonEmpty(std::string_view("a\0\0b\0", 5), std::string_view("\0", 1)), (V{"a", "b"}));
  EXPECT_TRUE(rocmtidy::splitNonEmpty("", " ").empty());
}
