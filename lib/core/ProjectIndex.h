#ifndef ROCM_TIDY_CORE_PROJECTINDEX_H
#define ROCM_TIDY_CORE_PROJECTINDEX_H

// The project index: what each kernel's definition says (its __launch_bounds__, its static LDS
// through the device functions it calls, where it is), so that a check looking at a launch of a
// kernel defined in another file knows those facts. Each translation unit records the kernels it
// defines from its own parse (ast/KernelFacts.h, with the -D flags and #if branches of its build);
// the index is the merge of those records. A definition seen by several translation units with
// different facts (a bound under #ifdef, parsed with two sets of flags) keeps only what they agree
// on, and a name defined twice with different facts says nothing.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rocmtidy {

/// A kernel definition as other files see it.
struct KernelDefinition {
  std::string Name; // qualified, without template arguments ("ops::scale")
  unsigned Params = 0;
  std::string File;    // real path of the defining file
  std::string Display; // the path as the user sees it (for notes)
  unsigned Line = 0;
  bool HasBounds = false;
  bool FlatWorkGroupSize = false;          // amdgpu_flat_work_group_size rather than __launch_bounds__
  std::optional<uint64_t> MaxThreads;      // the bound when it does not depend on template parameters
  std::string BoundParam;                  // a template parameter that is the bound (__launch_bounds__(B))
  std::vector<std::string> TemplateParams; // names, in order ("" for unnamed ones)
  std::optional<uint64_t> StaticLdsBytes;  // known when every __shared__ in its call tree was sized

  /// The maximum threads per block for a launch with these integral template arguments (by
  /// position; std::nullopt for arguments that are types or unknown).
  std::optional<uint64_t> maxThreadsFor(const std::vector<std::optional<int64_t>> &TemplateArgs) const;
  /// Everything a check's answer depends on, as text (equal texts, equal answers).
  std::string fingerprint() const;
};

bool operator==(const KernelDefinition &A, const KernelDefinition &B);

/// What the launches of a kernel say about its blocks, from one translation unit or merged over
/// the project: a kernel launched only with blocks of at most 32 threads never runs lanes 32-63.
struct KernelLaunches {
  std::string Name; // qualified, as in KernelDefinition
  unsigned Params = 0;
  unsigned Launches = 0; // recognised launches whose block width is constant
  bool Unknown = false;  // a launch whose block is not constant
  bool AllRows32 = true; // every block width a power of two of at most 32
  bool AllNarrow = true; // every block of at most 32 threads
  /// A block of at most 32 threads written with a warp-size name ('dim3 block{WARP_SIZE}'): one
  /// warp per block was meant, so its lanes 32-63 are idle only while that constant is wrong.
  bool WarpNamedNarrow = false;
  /// One launch: its block width and thread count when constant.
  void add(std::optional<uint64_t> Width, std::optional<uint64_t> Threads, bool WarpNamed = false);
  void merge(const KernelLaunches &Other);
  std::string fingerprint() const;
};

/// A quoted #include in a conditional branch a parse skipped (the #else of a HIP platform test,
/// the body of #ifndef USE_ROCM under the HIP build's flags).
struct SkippedInclude {
  std::string Includer; // real path of the file that holds the directive
  unsigned Line = 0;
  std::string Spelled; // as written between the quotes
};

/// The lookups made through one handle (one pass of one file): rocm-lint's result cache keeps a
/// file's results only while the definitions its checks looked up stay the same.
class IndexLookupLog {
public:
  void add(const std::string &Name, unsigned Params);
  std::vector<std::pair<std::string, unsigned>> lookups() const;

private:
  mutable std::mutex Mu;
  std::vector<std::pair<std::string, unsigned>> Lookups;
};

class ProjectIndex {
public:
  /// The merge of the kernel definitions the translation units recorded: one entry per definition
  /// (name, parameters, file, line), a definition seen by several translation units (a kernel in a
  /// header) once.
  static ProjectIndex fromDefinitions(std::vector<KernelDefinition> Definitions,
                                      std::vector<KernelLaunches> Launches = {});

  /// The one definition of a kernel visible to other files with this qualified name and parameter
  /// count; null when there is none, or several that disagree. \p Log, when given, records the
  /// question.
  const KernelDefinition *find(const std::string &QualifiedName, unsigned Params, IndexLookupLog *Log = nullptr) const;
  /// What the project's launches of a kernel say (merged over the files that launch it); null when
  /// no parse saw one. \p Log, when given, records the question under launchQuestion(name): its
  /// answer is the launches' alone, so a definition found later does not change it.
  const KernelLaunches *launches(const std::string &QualifiedName, unsigned Params,
                                 IndexLookupLog *Log = nullptr) const;
  const std::vector<KernelLaunches> &allLaunches() const { return Launches; }
  /// The name a launch question is recorded under ('launches of ns::k'), and back.
  static std::string launchQuestion(const std::string &QualifiedName);
  static bool isLaunchQuestion(const std::string &Recorded, std::string &QualifiedName);
  /// find()'s answer as text ("none" without a definition), or for a launch question the
  /// launches' ("none" without a launch): what a cached result depended on.
  std::string answer(const std::string &QualifiedName, unsigned Params) const;

  const std::vector<KernelDefinition> &kernels() const { return Kernels; }

  std::string toJson() const;
  /// std::nullopt and \p Error set when \p Text is not an index this version wrote.
  static std::optional<ProjectIndex> fromJson(const std::string &Text, std::string &Error);

private:
  std::vector<KernelDefinition> Kernels;
  std::vector<KernelLaunches> Launches; // one per (name, parameters), sorted
  std::multimap<std::string, size_t> ByName;
  void rebuildLookup();
};

/// Definitions as JSON (one translation unit's, in a result cache entry, or an index file's).
std::string definitionsToJson(const std::vector<KernelDefinition> &Defs);
std::optional<std::vector<KernelDefinition>> definitionsFromJson(const std::string &Text, std::string &Error);
/// Launch facts as JSON (one translation unit's, in a result cache entry).
std::string launchesToJson(const std::vector<KernelLaunches> &Launches);
std::optional<std::vector<KernelLaunches>> launchesFromJson(const std::string &Text, std::string &Error);

/// What rocm-lint hands the checks of one pass run in its own process: the index and the log its
/// lookups go to.
struct IndexHandle {
  std::shared_ptr<const ProjectIndex> Index;
  std::shared_ptr<IndexLookupLog> Log;
};

/// While alive, \p Handle can be named by the check option RocmProjectIndex with value(): the
/// option is how the index reaches the checks, and lookups come back through the handle's log.
/// A value that names no live registration reads as a missing index.
class IndexRegistration {
public:
  explicit IndexRegistration(IndexHandle Handle);
  ~IndexRegistration();
  IndexRegistration(const IndexRegistration &) = delete;
  IndexRegistration &operator=(const IndexRegistration &) = delete;
  const std::string &value() const { return Value; }

  /// Whether \p OptionValue has the form of a registration (it is then never a file name).
  static bool isRegistrationValue(const std::string &OptionValue);
  static std::optional<IndexHandle> resolve(const std::string &OptionValue);

private:
  std::string Value;
};

} // namespace rocmtidy

#endif
