# lit configuration for rocm-tidy. RUN-line conventions (see test/README.md):
#   %clang_tidy       stock clang-tidy (of the LLVM it was built against) with the rocm-tidy plugin loaded
#   %llvm_major       that LLVM's major version; features llvm-16 ... llvm-19 select expectations that
#                     differ by version (clang's own diagnostics), e.g. 'CHECK-LLVM19:' prefixes
#   %rocm_lint        build/bin/rocm-lint
#   %hip_flags        compile flags for a HIP file against the fake SDK in test/Inputs (host pass)
#   %hip_device_flags the same for the device pass
#   %inputs           test/Inputs
import os
import lit.formats

config.name = "rocm-tidy"
# External bash: RUN lines may use $?, subshells and redirections freely.
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".hip", ".cu", ".cpp", ".cuh", ".test", ".cmake"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "README.md", "unit", "fuzz"]
config.test_source_root = os.path.dirname(__file__)
# Scratch files live outside the source and build trees: rocm-lint searches upward for
# compile_commands.json, and the build tree's own database must not leak into the tests.
import hashlib
config.test_exec_root = os.path.join(
    "/tmp", "rocm-tidy-lit-" + hashlib.sha1(config.rocm_tidy_binary_dir.encode()).hexdigest()[:12])

inputs = os.path.join(config.test_source_root, "Inputs")
bindir = os.path.join(config.rocm_tidy_binary_dir, "bin")
plugin = os.path.join(config.rocm_tidy_binary_dir, "lib", "RocmTidyModule.so")

# FileCheck, not, count and split-file come from llvm-N-tools.
config.environment["PATH"] = os.pathsep.join([bindir, config.llvm_tools_dir, config.environment.get("PATH", "")])
# The sanitizer build (tools/dev.sh sanitize): its runtime is preloaded into every process so that
# Debian's uninstrumented clang-tidy can load the instrumented plugin.
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
if os.environ.get("ROCM_TIDY_PRELOAD"):
    config.environment["LD_PRELOAD"] = os.environ["ROCM_TIDY_PRELOAD"]
# Keep a developer's ~/.clang-tidy or .rocm-lint from leaking into the tests.
config.environment["HOME"] = config.test_exec_root

hip = "-x hip --offload-arch=gfx90a -nogpulib -nogpuinc -isystem " + os.path.join(inputs, "include")
# Before %clang_tidy, which is a prefix of it: the bare clang-tidy-19 (tests of an installed plugin).
config.substitutions.append(("%clang_tidy_exe", config.clang_tidy))
config.substitutions.append(("%clang_tidy", "%s --load=%s" % (config.clang_tidy, plugin)))
config.substitutions.append(("%rocm_lint", os.path.join(bindir, "rocm-lint")))
config.substitutions.append(("%rocm_plugin", plugin))
config.substitutions.append(("%rocm_clangd", os.path.join(bindir, "rocm-clangd")))
config.substitutions.append(("%hip_device_flags", hip + " --cuda-device-only"))
config.substitutions.append(("%hip_flags", hip + " --cuda-host-only"))
config.substitutions.append(("%inputs", inputs))
config.substitutions.append(("%python", config.python))
config.substitutions.append(("%srcroot", config.rocm_tidy_source_dir))
config.substitutions.append(("%binroot", config.rocm_tidy_binary_dir))
config.substitutions.append(("%resource_dir", config.resource_dir))
config.substitutions.append(("%llvm_major", config.llvm_major))
config.available_features.add("llvm-" + config.llvm_major)
# Debian's HIP headers (libamdhip64-dev), which tests of --hip-headers=system read.
if os.path.exists("/usr/include/hip/hip_runtime.h"):
    config.available_features.add("system-hip")

# Permission tests need a user the file modes apply to: as root, run the command as nobody.
import shutil
if os.geteuid() != 0:
    config.substitutions.append(("%as_unprivileged", ""))
    config.available_features.add("unprivileged")
elif shutil.which("setpriv"):
    config.substitutions.append(("%as_unprivileged", "setpriv --reuid=65534 --regid=65534 --clear-groups"))
    config.available_features.add("unprivileged")

# The pre-commit framework (Debian package pre-commit) for the end-to-end hook test.
if shutil.which("pre-commit", path=config.environment["PATH"]):
    config.available_features.add("pre-commit")
if shutil.which("man") and shutil.which("groff"):
    config.available_features.add("man")
# CUDA's compiler, for the compile checks of rocm-wave64 and the HIP-on-CUDA mapping (no GPU needed).
if shutil.which("nvcc") or os.access("/usr/local/cuda/bin/nvcc", os.X_OK):
    config.available_features.add("nvcc")
if os.path.exists(os.path.join(bindir, "rocm-clangd")):
    config.available_features.add("rocm-clangd")

# The SARIF 2.1.0 schema, fetched by tools/dev.sh (npm) into the build tree.
sarif_schema = os.path.join(config.rocm_tidy_binary_dir, "third_party", "sarif-schema-2.1.0.json")
if os.path.exists(sarif_schema):
    config.available_features.add("sarif-schema")
    config.substitutions.append(("%sarif_schema", sarif_schema))
