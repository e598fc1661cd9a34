// rocm-lint doctor: a read-only look at the machine for the causes the notebook names (ROCm root
// and version, GPUs, device access, environment overrides, hipcc, CUDA extension modules next to
// a ROCm PyTorch).
#ifndef ROCM_LINT_DOCTOR_H
#define ROCM_LINT_DOCTOR_H

#include "core/Notebook.h"

#include <optional>
#include <string>
#include <vector>

namespace rocmlint {

struct DoctorFinding {
  std::string Id;      // "device-permission", "cuda-extension", ...
  std::string Message; // one line
  std::string Entry;   // the notebook entry it relates to
};

struct DoctorReport {
  std::vector<std::pair<std::string, std::string>> Inventory; // ("ROCm", "6.2.0 at /opt/rocm-6.2.0"), ...
  std::vector<DoctorFinding> Problems;
  rocmtidy::LogFacts Facts;
};

struct DoctorOptions {
  /// Every absolute path the doctor reads is read under this folder ("" or "/": the machine).
  std::string Root;
  /// The user whose access to the device nodes is judged; the current one when unset.
  std::optional<unsigned> Uid;
  std::vector<unsigned> Gids;
};

/// Inspects the machine (or the fake root); reads files and the environment, runs nothing.
DoctorReport inspectMachine(const DoctorOptions &O);

/// 'rocm-lint doctor [--root=DIR] [--format=text|json] [--user=UID[:GID,...]]'.
int runDoctor(const std::vector<std::string> &Args);

} // namespace rocmlint

#endif
