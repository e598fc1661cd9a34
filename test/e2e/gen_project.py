"""Generates a CMake HIP project of a few dozen files with known rocm-cuda-header hazards, configures
it with CMAKE_EXPORT_COMPILE_COMMANDS=ON, and checks rocm-lint's reports against what it planted.

usage:
  gen_project.py generate ROOT [--header-hazards]   write the sources and ROOT/expected.json
  gen_project.py configure ROOT BUILD               configure with CMake (HIP language; CXX + '-x hip' fallback)
  gen_project.py check-text ROOT FILE [PATH...]     rocm-lint's text output == the planted findings
  gen_project.py check-json ROOT FILE [--files=N] [PATH...]   --format=json, every schema field checked
  gen_project.py check-sarif ROOT FILE [PATH...]    --format=sarif: SARIF 2.1.0 structure + the findings
  gen_project.py check-shards ROOT FULL SHARD...    the shards' JSON findings partition the full run's
  gen_project.py check-fixed ROOT                   after --fix: exactly the planted includes rewritten
  gen_project.py expect ROOT [PATH...]              print the planted findings in the text format

PATH... limits the expectation to findings in those project-relative files or directories.
Findings are compared exactly: file, line, column, check, message and notes. Paths are relative to
ROOT, where the tests run rocm-lint.
"""
import json
import os
import re
import shutil
import subprocess
import sys

CHECK = "rocm-cuda-header"
# Lint roots: the project's sources. third_party/ is not ours; the root CMakeLists.txt is left out so
# that the file count does not change when the CMake linter lands; include/ is linted on its own
# (header-commands.test) because headers get inferred commands.
LINT_ROOTS = ["src", "apps", "tests"]

# The ROCm header each planted CUDA header maps to (lib/data/cuda_headers.json).
HIP_FOR = {
    "cuda_runtime.h": "hip/hip_runtime.h",
    "cuda_runtime_api.h": "hip/hip_runtime_api.h",
    "cuda.h": "hip/hip_runtime.h",
    "device_launch_parameters.h": "hip/hip_runtime.h",
    "cuda_profiler_api.h": "hip/hip_runtime_api.h",
    "cublas_v2.h": "hipblas/hipblas.h",
    "curand_kernel.h": "hiprand/hiprand_kernel.h",
    "cuda_fp16.h": "hip/hip_fp16.h",
}
# The note some mappings carry, reported at the include.
NOTE_FOR = {
    "cuda.h": "the driver API (cuXxx) is part of the HIP runtime header as hipXxx",
    "cuda_profiler_api.h": "hipProfilerStart/hipProfilerStop are declared in the runtime API header",
}


def kernel(name, body="y[i] = a * x[i] + y[i];"):
    return (
        "__global__ void %s(float a, const float *x, float *y, int n) {\n"
        "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "  if (i < n)\n"
        "    %s\n"
        "}\n\n"
        "void launch_%s(float a, const float *x, float *y, int n, hipStream_t stream) {\n"
        "  %s<<<(n + 255) / 256, 256, 0, stream>>>(a, x, y, n);\n"
        "}\n" % (name, body, name, name)
    )


HIP = "#include <hip/hip_runtime.h>\n"
COMMON = '#include "e2e/common.h"\n'

# path -> content. Each hazard is an #include line of a CUDA header that the HIP build takes.
FILES = {
    # --- headers (linted through commands inferred from the nearest source) ---
    "include/e2e/common.h": (
        "#pragma once\n" + HIP +
        "#include <cstdio>\n#include <cstdlib>\n\n"
        "#define E2E_CHECK(expr)                                                   \\\n"
        "  do {                                                                    \\\n"
        "    hipError_t e2e_err = (expr);                                          \\\n"
        "    if (e2e_err != hipSuccess) {                                          \\\n"
        "      std::fprintf(stderr, \"%s\\n\", hipGetErrorString(e2e_err));          \\\n"
        "      std::exit(1);                                                       \\\n"
        "    }                                                                     \\\n"
        "  } while (0)\n"),
    "include/e2e/kernels.h": (
        "#pragma once\n" + HIP + "\n"
        "void launch_saxpy(float a, const float *x, float *y, int n, hipStream_t stream);\n"
        "void launch_scale(float a, const float *x, float *y, int n, hipStream_t stream);\n"
        "void launch_reduce(float a, const float *x, float *y, int n, hipStream_t stream);\n"),
    "include/e2e/vec.h": (
        "#pragma once\n" + HIP + "\n"
        "struct Vec3 {\n  float x, y, z;\n};\n\n"
        "__host__ __device__ inline float dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }\n"),
    "include/e2e/fp16.h": "#pragma once\n" + HIP + "\n__device__ inline float widen(float x) { return x; }\n",
    "include/e2e/rng.h": "#pragma once\n" + HIP + "\n__device__ inline unsigned hash(unsigned x) { return x * 2654435761u; }\n",
    "include/e2e/timer.h": (
        "#pragma once\n#include <chrono>\n\n"
        "struct Timer {\n  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();\n"
        "  double seconds() const {\n"
        "    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();\n  }\n};\n"),
    # --- kernels (.hip, CMake's HIP language) ---
    "src/core/saxpy.hip": HIP + COMMON + "\n" + kernel("saxpy"),
    "src/core/scale.hip": HIP + "\n" + kernel("scale", "y[i] = a * x[i];"),
    "src/core/reduce.hip": "#include <cuda_runtime.h>\n" + COMMON + "\n" + kernel("reduce", "atomicAdd(y, a * x[i]);"),
    "src/core/histogram.hip": (
        "#include <cuda_runtime.h>\n#include <device_launch_parameters.h>\n\n" + kernel("histogram", "y[i] += 1.0f;")),
    "src/core/transpose.hip": (
        HIP + "#ifdef __HIP_DEVICE_COMPILE__\n"
        "// Only the device pass sees this one.\n"
        "#include <curand_kernel.h>\n#endif\n\n" + kernel("transpose", "y[i] = x[n - 1 - i];")),
    "src/core/stencil.hip": (
        # Quiet: a platform switch; the HIP build never takes the NVIDIA branch.
        "#ifdef __HIP_PLATFORM_NVIDIA__\n#include <cuda_runtime.h>\n#else\n" + HIP + "#endif\n\n" +
        kernel("stencil", "y[i] = 0.25f * (x[i > 0 ? i - 1 : i] + 2.0f * x[i] + x[i + 1 < n ? i + 1 : i]);")),
    "src/core/gemm.hip": HIP + '#include "cublas_v2.h"\n' + COMMON + "\n" + kernel("gemm_tail"),
    "src/core/softmax.hip": HIP + '#include "e2e/vec.h"\n\n' + kernel("softmax", "y[i] = x[i] > 0.0f ? x[i] : 0.0f;"),
    "src/core/scan.hip": HIP + "\n" + kernel("scan", "y[i] = x[i] + (i ? x[i - 1] : 0.0f);"),
    "src/core/noise.hip": HIP + '#include "e2e/fp16.h"\n\n' + kernel("noise", "y[i] = widen(x[i]) + a;"),
    # --- a port in progress: .cu files compiled as HIP (set_source_files_properties LANGUAGE HIP) ---
    "src/ported/axpy.cu": "#include <cuda.h>\n\n" + kernel("axpy"),
    "src/ported/norm.cu": HIP + "\n" + kernel("norm", "y[i] = x[i] * x[i];"),
    "src/ported/dot.cu": HIP + "#include <cuda_profiler_api.h>\n\n" + kernel("dotp", "atomicAdd(y, x[i] * a);"),
    "src/ported/clip.cu": HIP + "\n" + kernel("clip", "y[i] = x[i] > a ? a : x[i];"),
    # --- host code that uses the HIP runtime (.cpp compiled as HIP) ---
    "src/runtime/device.cpp": (
        "#include <cuda_runtime_api.h>\n" + HIP + "\n"
        "int device_count() {\n  int n = 0;\n  return hipGetDeviceCount(&n) == hipSuccess ? n : 0;\n}\n"),
    "src/runtime/memory.cpp": (
        COMMON + "\n"
        "float *device_buffer(size_t n) {\n  float *p = nullptr;\n  E2E_CHECK(hipMalloc(&p, n * sizeof(float)));\n"
        "  return p;\n}\n\nvoid release(float *p) { E2E_CHECK(hipFree(p)); }\n"),
    "src/runtime/streams.cpp": (
        COMMON + "\n"
        "hipStream_t make_stream() {\n  hipStream_t s;\n  E2E_CHECK(hipStreamCreate(&s));\n  return s;\n}\n"),
    "src/runtime/launch.cpp": (
        '#include "cuda_runtime.h"\n' + HIP + '#include "e2e/kernels.h"\n\n'
        "void run_all(const float *x, float *y, int n, hipStream_t s) {\n"
        "  launch_saxpy(2.0f, x, y, n, s);\n  launch_scale(0.5f, x, y, n, s);\n}\n"),
    "src/runtime/events.cpp": (
        COMMON + "\n"
        "float elapsed_ms(hipEvent_t a, hipEvent_t b) {\n  float ms = 0;\n"
        "  E2E_CHECK(hipEventElapsedTime(&ms, a, b));\n  return ms;\n}\n"),
    # --- plain C++ host code (CMake's CXX language, no GPU) ---
    "src/host/io.cpp": (
        "#include <fstream>\n#include <string>\n#include <vector>\n\n"
        "std::vector<float> read_floats(const std::string &path) {\n"
        "  std::ifstream in(path);\n  std::vector<float> v;\n  for (float x; in >> x;)\n    v.push_back(x);\n"
        "  return v;\n}\n"),
    "src/host/cli.cpp": (
        "#include <string>\n\nint parse_size(const std::string &s) { return s.empty() ? 0 : std::stoi(s); }\n"),
    "src/host/config.cpp": (
        "#include <map>\n#include <string>\n\n"
        "std::map<std::string, std::string> defaults() { return {{\"n\", \"1024\"}, {\"iters\", \"10\"}}; }\n"),
    "src/host/stats.cpp": (
        "#include <numeric>\n#include <vector>\n\n"
        "double mean(const std::vector<float> &v) {\n"
        "  return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / v.size();\n}\n"),
    "src/host/timing.cpp": (
        '#include "e2e/timer.h"\n\ndouble time_it(void (*f)()) {\n  Timer t;\n  f();\n  return t.seconds();\n}\n'),
    # --- applications and tests ---
    "apps/main.cpp": (
        "#include <cstdio>\n\nint device_count();\n\n"
        "int main() {\n  std::printf(\"%d devices\\n\", device_count());\n  return 0;\n}\n"),
    "apps/bench.hip": (
        "#include <cuda_runtime.h>\n" + '#include "e2e/timer.h"\n\n' + kernel("bench_kernel")),
    "tests/test_saxpy.hip": HIP + COMMON + '#include "e2e/kernels.h"\n\n' + kernel("check_saxpy"),
    "tests/test_reduce.hip": HIP + '#include "e2e/rng.h"\n\n' + kernel("check_reduce"),
    "tests/test_device.cpp": (
        "#include <cuda.h>\n" + HIP + "\n"
        "int test_device() {\n  int d = -1;\n  return hipGetDevice(&d) == hipSuccess && d >= 0 ? 0 : 1;\n}\n"),
    "tests/test_events.hip": HIP + "\n" + kernel("check_events"),
    # --- excluded by .rocm-lint: dead code kept for reference, not built ---
    "src/legacy/old_reduce.cu": "#include <cuda_runtime.h>\n\n" + kernel("old_reduce"),
    # --- not ours: stand-ins for the ROCm libraries the fixed code includes, so that the project
    # also parses after 'rocm-lint --fix' on a machine without them ---
    "third_party/stubs/hipblas/hipblas.h": "#pragma once\ntypedef struct hipblasContext *hipblasHandle_t;\n",
    "third_party/stubs/hiprand/hiprand_kernel.h": "#pragma once\nstruct hiprandState { unsigned s; };\n",
    "third_party/stubs/hip/hip_fp16.h": "#pragma once\nstruct __half { unsigned short x; };\n",
}

# With --header-hazards the project headers include CUDA headers too (see header-*.test).
HEADER_HAZARDS = {
    "include/e2e/fp16.h": (
        "#pragma once\n" + HIP + "#include <cuda_fp16.h>\n\n"
        "__device__ inline float widen(float x) { return x; }\n"),
    "include/e2e/rng.h": (
        "#pragma once\n" + HIP + "#include <curand_kernel.h>\n\n"
        "__device__ inline unsigned hash(unsigned x) { return x * 2654435761u; }\n"),
}

GPU_CPP = ["src/runtime/%s.cpp" % n for n in ("device", "memory", "streams", "launch", "events")] + [
    "tests/test_device.cpp"]

CMAKELISTS = """cmake_minimum_required(VERSION 3.21)
project(e2e_port LANGUAGES CXX)

# ON: CMake's HIP language (the way ROCm recommends). OFF: the fallback for machines where the HIP
# language cannot be configured; GPU sources are compiled as CXX with '-x hip'.
option(E2E_HIP_LANGUAGE "Compile GPU sources with CMake's HIP language" ON)

set(CORE src/core/saxpy.hip src/core/scale.hip src/core/reduce.hip src/core/histogram.hip src/core/transpose.hip
         src/core/stencil.hip src/core/gemm.hip src/core/softmax.hip src/core/scan.hip src/core/noise.hip)
set(PORTED src/ported/axpy.cu src/ported/norm.cu src/ported/dot.cu src/ported/clip.cu)
set(RUNTIME src/runtime/device.cpp src/runtime/memory.cpp src/runtime/streams.cpp src/runtime/launch.cpp
            src/runtime/events.cpp)
set(HOST src/host/io.cpp src/host/cli.cpp src/host/config.cpp src/host/stats.cpp src/host/timing.cpp)
set(TESTS tests/test_saxpy.hip tests/test_reduce.hip tests/test_device.cpp tests/test_events.hip)
set(GPU_SOURCES ${CORE} ${PORTED} ${RUNTIME} apps/bench.hip ${TESTS})

if(E2E_HIP_LANGUAGE)
  enable_language(HIP)
  # .cu files and host .cpp files that call the HIP runtime are HIP code too.
  set_source_files_properties(${PORTED} ${RUNTIME} tests/test_device.cpp PROPERTIES LANGUAGE HIP)
else()
  set_source_files_properties(${GPU_SOURCES} PROPERTIES LANGUAGE CXX
                              COMPILE_OPTIONS "-x;hip;--offload-arch=gfx90a;-nogpulib")
endif()

add_library(e2e_core STATIC ${CORE} ${PORTED})
add_library(e2e_runtime STATIC ${RUNTIME})
add_library(e2e_host STATIC ${HOST})
add_executable(e2e_app apps/main.cpp apps/bench.hip)
add_executable(e2e_tests ${TESTS})
foreach(t e2e_core e2e_runtime e2e_host e2e_app e2e_tests)
  target_include_directories(${t} PRIVATE include)
  target_include_directories(${t} SYSTEM PRIVATE third_party/stubs)
  target_compile_definitions(${t} PRIVATE E2E_VERSION=3)
endforeach()
target_link_libraries(e2e_app PRIVATE e2e_runtime e2e_core e2e_host)
target_link_libraries(e2e_tests PRIVATE e2e_runtime e2e_core)
"""

ROCM_LINT_CONFIG = """# rocm-lint configuration of the generated project
exclude = legacy/
targets = gfx90a
"""


def project_files(header_hazards):
    files = dict(FILES)
    if header_hazards:
        files.update(HEADER_HAZARDS)
    return files


def planted(files):
    """(file, line, column, check, message, notes) of every planted hazard; notes as (line, column, text)."""
    out = []
    for path, text in files.items():
        if path.startswith(("third_party/", "src/legacy/")):
            continue
        for n, line in enumerate(text.split("\n"), 1):
            m = re.match(r'#include ([<"])([^>"]+)[>"]', line)
            if not m or m.group(2) not in HIP_FOR:
                continue
            # The NVIDIA branch of a platform switch is never taken by the HIP build.
            if "__HIP_PLATFORM_NVIDIA__" in text:
                continue
            cuda = m.group(2)
            msg = "CUDA header '%s' is not available in a HIP build; include '%s' instead" % (cuda, HIP_FOR[cuda])
            col = len("#include ") + 1
            notes = ((n, col, NOTE_FOR[cuda]),) if cuda in NOTE_FOR else ()
            out.append((path, n, col, CHECK, msg, notes))
    return sorted(out)


def generate(root, header_hazards):
    files = project_files(header_hazards)
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)
    with open(os.path.join(root, "CMakeLists.txt"), "w") as f:
        f.write(CMAKELISTS)
    with open(os.path.join(root, ".rocm-lint"), "w") as f:
        f.write(ROCM_LINT_CONFIG)
    with open(os.path.join(root, "expected.json"), "w") as f:
        json.dump({"header_hazards": header_hazards, "findings": planted(files)}, f, indent=1)
    linted = [p for p in files if p.split("/")[0] in LINT_ROOTS and not p.startswith("src/legacy/")]
    print("generated %d files (%d under %s, %d findings planted)" % (
        len(files) + 2, len(linted), " ".join(LINT_ROOTS), len(planted(files))))


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)


def configure(root, build):
    """CMake's HIP language first. CMake 3.25 wants ROCm's layout (ROOT/lib/cmake/hip-lang) while
    Debian installs hip-lang under /usr/lib/<triplet>/cmake, and resolving that prefix to /usr adds
    '-isystem /usr/include', which breaks libstdc++'s '#include_next <math.h>'. So Debian's hip-lang
    package files are copied into a staging prefix whose include/ and lib/ link to Debian's files.
    When that is impossible (no hip-lang package, an older CMake), the CXX + '-x hip' fallback runs.
    The findings must be the same either way: rocm-lint runs with --hip-headers=builtin."""
    cmake = shutil.which("cmake")
    clang = shutil.which("clang++-19") or "/usr/lib/llvm-19/bin/clang++"
    common = [cmake, "-S", root, "-G", "Ninja" if shutil.which("ninja") else "Unix Makefiles",
              "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", "-DCMAKE_CXX_COMPILER=" + clang]
    debian = "/usr/lib/x86_64-linux-gnu/cmake/hip-lang"
    bitcode = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
    why = None
    # E2E_FORCE_CXX=1 tries the fallback on a machine where the HIP language works.
    if os.environ.get("E2E_FORCE_CXX") == "1":
        why = "E2E_FORCE_CXX=1"
    elif os.path.isfile(os.path.join(debian, "hip-lang-config.cmake")) and os.path.isdir(bitcode):
        stage = os.path.join(os.path.dirname(os.path.abspath(build)), "hip-stage")
        shutil.rmtree(stage, ignore_errors=True)
        # hip-lang-config.cmake takes its prefix four levels above itself: STAGE/r/lib/cmake/hip-lang.
        cfg = os.path.join(stage, "r", "lib", "cmake", "hip-lang")
        os.makedirs(cfg)
        for name in os.listdir(debian):
            shutil.copy(os.path.join(debian, name), cfg)
        os.makedirs(os.path.join(stage, "include"))
        for sub in ("hip", "hsa"):
            if os.path.isdir("/usr/include/" + sub):
                os.symlink("/usr/include/" + sub, os.path.join(stage, "include", sub))
        libdir = os.path.join(stage, "lib", "x86_64-linux-gnu")
        os.makedirs(libdir)
        for name in os.listdir("/usr/lib/x86_64-linux-gnu"):
            if name.startswith("libamdhip64.so"):
                os.symlink("/usr/lib/x86_64-linux-gnu/" + name, os.path.join(libdir, name))
        env = dict(os.environ, CMAKE_PREFIX_PATH="/usr/lib/x86_64-linux-gnu/cmake")
        r = run(common + ["-B", build, "-DE2E_HIP_LANGUAGE=ON", "-DCMAKE_HIP_COMPILER=" + clang,
                          "-DCMAKE_HIP_COMPILER_ROCM_ROOT=" + os.path.join(stage, "r"),
                          "-DCMAKE_HIP_ARCHITECTURES=gfx90a",
                          "-DCMAKE_HIP_FLAGS=--rocm-device-lib-path=" + bitcode], env=env)
        if r.returncode == 0:
            print("configured with the HIP language")
            return 0
        why = "HIP language configure failed:\n" + r.stdout[-3000:]
    elif why is None:
        why = "no hip-lang CMake package or ROCm device libraries on this machine"
    shutil.rmtree(build, ignore_errors=True)
    r = run(common + ["-B", build, "-DE2E_HIP_LANGUAGE=OFF"])
    if r.returncode != 0:
        sys.stderr.write(r.stdout)
        return 1
    print("configured as CXX with -x hip (%s)" % why.splitlines()[0])
    return 0


def expected(root, only=None):
    """The planted findings, or those in the given project-relative files or directories."""
    rows = [tuple(x[:5]) + (tuple(tuple(n) for n in x[5]),)
            for x in json.load(open(os.path.join(root, "expected.json")))["findings"]]
    if only:
        rows = [r for r in rows if any(r[0] == p or r[0].startswith(p.rstrip("/") + "/") for p in only)]
    return rows


def fail(msg):
    sys.stderr.write("e2e: " + msg + "\n")
    sys.exit(1)


def compare(got, want, what):
    got, want = sorted(got), sorted(want)
    if got != want:
        fail("%s: findings differ\n  missing: %s\n  unexpected: %s" % (
            what, sorted(set(want) - set(got)), sorted(set(got) - set(want))))
    print("%s ok: %d findings" % (what, len(got)))


def check_text(root, path, only):
    got = []
    for line in open(path):
        line = line.rstrip("\n")
        w = re.match(r"^(.+?):(\d+):(\d+): warning: (.*) \[([\w-]+)\]$", line)
        n = re.match(r"^(.+?):(\d+):(\d+): note: (.*)$", line)
        if w:
            got.append([w.group(1), int(w.group(2)), int(w.group(3)), w.group(5), w.group(4), ()])
        elif n and got and n.group(1) == got[-1][0]:
            got[-1][5] += ((int(n.group(2)), int(n.group(3)), n.group(4)),)
        else:
            fail("unexpected text line: %r" % line)
    compare([tuple(g) for g in got], expected(root, only), "text")


def json_findings(path, root, files):
    doc = json.load(open(path))
    if set(doc) != {"tool", "version", "build", "schema", "findings", "summary", "files"}:
        fail("JSON top-level keys: %s" % sorted(doc))
    if doc["tool"] != "rocm-lint" or doc["schema"] != 1 or not isinstance(doc["version"], str) or \
            set(doc["build"]) != {"llvm", "data"}:
        fail("JSON header: %r" % {k: doc[k] for k in ("tool", "schema", "version")})
    if doc["summary"]["findings"] != len(doc["findings"]) or (files is not None and doc["summary"]["files"] != files):
        fail("JSON summary: %r" % doc["summary"])
    out = []
    for f in doc["findings"]:
        if set(f) != {"check", "severity", "file", "line", "column", "offset", "message", "notes", "fixes"}:
            fail("JSON finding keys: %s" % sorted(f))
        if f["severity"] != "warning":
            fail("JSON severity: %r" % f)
        text = open(os.path.join(root, f["file"]), "rb").read()
        # line/column and offset name the same place ...
        before = text[:f["offset"]]
        if (before.count(b"\n") + 1, f["offset"] - (before.rfind(b"\n") + 1) + 1) != (f["line"], f["column"]):
            fail("JSON offset %d is not line %d column %d" % (f["offset"], f["line"], f["column"]))
        # ... and the fix replaces exactly the spelled header name, brackets included, by the HIP one.
        m = re.match(rb'([<"])([^>"]+)[>"]', text[f["offset"]:])
        spelled, open_ = m.group(2).decode(), m.group(1).decode()
        want_fix = [{"file": os.path.realpath(os.path.join(root, f["file"])), "offset": f["offset"],
                     "length": len(spelled) + 2,
                     "replacement": open_ + HIP_FOR.get(spelled, "?") + (">" if open_ == "<" else '"')}]
        # The fix names the file as clang opened it (absolute); compare the files, not the spellings.
        fixes = [dict(x, file=os.path.realpath(x["file"])) for x in f["fixes"]]
        if fixes != want_fix:
            fail("JSON fixes: %r, expected %r" % (f["fixes"], want_fix))
        notes = []
        for n in f["notes"]:
            if set(n) != {"file", "line", "column", "message"} or n["file"] != f["file"]:
                fail("JSON note: %r" % n)
            notes.append((n["line"], n["column"], n["message"]))
        out.append((f["file"], f["line"], f["column"], f["check"], f["message"], tuple(notes)))
    return out


def check_json(root, path, files, only):
    compare(json_findings(path, root, files), expected(root, only), "json")


def check_sarif(root, path, only):
    log = json.load(open(path))
    if log.get("version") != "2.1.0" or not log.get("$schema", "").endswith("sarif-2.1.0.json"):
        fail("SARIF version/$schema")
    runs = log["runs"]
    if len(runs) != 1:
        fail("SARIF: %d runs" % len(runs))
    run_ = runs[0]
    driver = run_["tool"]["driver"]
    rules = driver["rules"]
    ids = [r["id"] for r in rules]
    if driver["name"] != "rocm-lint" or CHECK not in ids or len(set(ids)) != len(ids):
        fail("SARIF driver/rules: %r" % ids)
    for r in rules:
        if not r["shortDescription"]["text"] or r["defaultConfiguration"]["level"] not in ("warning", "error", "note"):
            fail("SARIF rule: %r" % r)
    base = run_["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    if not (base.startswith("file:///") and base.endswith("/")):
        fail("SARIF %%SRCROOT%%: %r" % base)
    if os.path.realpath(base[len("file://"):]) != os.path.realpath(root):
        fail("SARIF %%SRCROOT%% %r is not the project root %r" % (base, root))
    got = []
    for res in run_["results"]:
        if rules[res["ruleIndex"]]["id"] != res["ruleId"] or res["level"] != "warning" or not res["message"]["text"]:
            fail("SARIF result: %r" % res)
        loc = res["locations"][0]["physicalLocation"]
        art = loc["artifactLocation"]
        if art.get("uriBaseId") != "%SRCROOT%" or art["uri"].startswith("/"):
            fail("SARIF artifactLocation: %r" % art)
        reg = loc["region"]
        notes = []
        for i, rel in enumerate(res.get("relatedLocations", [])):
            rl = rel["physicalLocation"]
            if rel["id"] != i or rl["artifactLocation"] != art:
                fail("SARIF relatedLocation: %r" % rel)
            notes.append((rl["region"]["startLine"], rl["region"]["startColumn"], rel["message"]["text"]))
        got.append((art["uri"], reg["startLine"], reg["startColumn"], res["ruleId"], res["message"]["text"],
                    tuple(notes)))
        fixes = res.get("fixes", [])
        if len(fixes) != 1 or not fixes[0]["description"]["text"]:
            fail("SARIF fixes: %r" % fixes)
        for ch in fixes[0]["artifactChanges"]:
            if ch["artifactLocation"] != art:
                fail("SARIF fix in another file: %r" % ch)
            for rep in ch["replacements"]:
                d = rep["deletedRegion"]
                if d["byteOffset"] < 0 or d["byteLength"] <= 0 or not rep["insertedContent"]["text"].endswith(
                        ("h>", 'h"')):
                    fail("SARIF replacement: %r" % rep)
    compare(got, expected(root, only), "sarif")


def check_shards(root, full, shards):
    whole = json_findings(full, root, None)
    parts = [json_findings(s, root, None) for s in shards]
    union = [x for p in parts for x in p]
    if len(union) != len(set(union)):
        fail("a finding is in two shards")
    if any(not p for p in parts):
        fail("a shard has no findings; choose a project where each shard gets some")
    compare(union, whole, "shards")


def check_fixed(root):
    """After --fix: each planted include names its HIP header, every other byte is unchanged."""
    doc = json.load(open(os.path.join(root, "expected.json")))
    files = project_files(doc["header_hazards"])
    fixed = {(f[0], f[1]) for f in doc["findings"]}
    for path, text in files.items():
        want = []
        for n, line in enumerate(text.split("\n"), 1):
            if (path, n) in fixed:
                m = re.match(r'#include ([<"])([^>"]+)([>"])(.*)$', line)
                line = "#include %s%s%s%s" % (m.group(1), HIP_FOR[m.group(2)], m.group(3), m.group(4))
            want.append(line)
        got = open(os.path.join(root, path)).read()
        if got != "\n".join(want):
            fail("after --fix, %s is:\n%s" % (path, got))
    print("fixed ok: %d includes rewritten" % len(fixed))


def main(argv):
    cmd, root, rest = argv[1], argv[2], argv[3:]
    if cmd == "generate":
        generate(root, "--header-hazards" in rest)
    elif cmd == "configure":
        return configure(root, rest[0])
    elif cmd == "check-text":
        check_text(root, rest[0], rest[1:])
    elif cmd == "check-json":
        files = None
        if rest[1:] and rest[1].startswith("--files="):
            files = int(rest.pop(1)[len("--files="):])
        check_json(root, rest[0], files, rest[1:])
    elif cmd == "check-sarif":
        check_sarif(root, rest[0], rest[1:])
    elif cmd == "check-fixed":
        check_fixed(root)
    elif cmd == "check-shards":
        check_shards(root, rest[0], rest[1:])
    elif cmd == "expect":
        for r in expected(root, rest):
            print("%s:%d:%d: warning: %s [%s]" % (r[0], r[1], r[2], r[4], r[3]))
            for n in r[5]:
                print("%s:%d:%d: note: %s" % (r[0], n[0], n[1], n[2]))
    else:
        fail("unknown command " + cmd)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
