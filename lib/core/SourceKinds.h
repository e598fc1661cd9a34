#ifndef ROCM_TIDY_CORE_SOURCEKINDS_H
#define ROCM_TIDY_CORE_SOURCEKINDS_H

// The file kinds rocm-lint tells apart by name. One list, so that the directory walk, the project
// index, the build-script readers and the compile commands agree on what a header is.

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

namespace rocmtidy {

enum class SourceKind {
  None,
  Header,   ///< .h .hpp .hh .hxx .cuh .H .HPP .h++: analysed through its includers, or alone when named
  Fragment, ///< .inl: only ever reached through an #include; a directory walk does not pick it up
  Source,   ///< .hip .cu .cpp .cc .cxx .C .CPP .c++: a translation unit that may hold device code
  CSource,  ///< .c: a translation unit of the C compiler, host code only
};

/// A Makefile named for one build (`make -f makefile.hip`, `Makefile.cuda`): a build script, never a
/// source, whatever its suffix says.
inline bool isMakefileVariantName(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  for (llvm::StringRef Stem : {"Makefile.", "makefile.", "GNUmakefile."})
    if (Name.starts_with(Stem) && Name.size() > Stem.size())
      return true;
  return false;
}

/// By extension, case as written (build systems treat 'k.CU' as unknown too). The upper-case C++
/// spellings are CMake's and GCC's too: AMReX and the codes built on it name every header '.H'.
inline SourceKind sourceKindOf(llvm::StringRef Path) {
  if (isMakefileVariantName(Path))
    return SourceKind::None;
  return llvm::StringSwitch<SourceKind>(llvm::sys::path::extension(Path))
      .Cases(".h", ".hpp", ".hh", ".hxx", ".cuh", SourceKind::Header)
      .Cases(".H", ".HPP", ".h++", SourceKind::Header)
      .Cases(".inl", ".inc", ".ipp", SourceKind::Fragment)
      .Cases(".hip", ".cu", ".cpp", ".cc", ".cxx", SourceKind::Source)
      .Cases(".C", ".CPP", ".c++", SourceKind::Source)
      .Case(".c", SourceKind::CSource)
      .Default(SourceKind::None);
}

inline bool isHeaderName(llvm::StringRef Path) { return sourceKindOf(Path) == SourceKind::Header; }

inline bool isTranslationUnitName(llvm::StringRef Path) {
  SourceKind K = sourceKindOf(Path);
  return K == SourceKind::Source || K == SourceKind::CSource;
}

/// A Fortran source (fixed or free form, preprocessed or not). Never analysed; read only for the
/// headers it includes, which are Fortran include files ('include "common6.h"') when no C or C++
/// source includes them.
inline bool isFortranSourceName(llvm::StringRef Path) {
  return llvm::StringSwitch<bool>(llvm::sys::path::extension(Path))
      .Cases(".f", ".F", ".for", ".FOR", ".f77", ".F77", true)
      .Cases(".f90", ".F90", ".f95", ".F95", ".f03", ".F03", ".f08", ".F08", true)
      .Default(false);
}

/// A source of another accelerator's C dialect: Cambricon BANG (.mlu), Moore Threads MUSA (.mu),
/// OpenCL C (.cl), Metal (.metal). No HIP build compiles one; a header that only such sources
/// include is that accelerator's, not HIP code.
inline bool isOtherAcceleratorSourceName(llvm::StringRef Path) {
  return llvm::StringSwitch<bool>(llvm::sys::path::extension(Path))
      .Cases(".mlu", ".mu", ".cl", ".metal", true)
      .Default(false);
}

/// A SWIG interface. The headers only interfaces include are compiled inside the wrapper SWIG
/// generates, after what the interface puts before them; alone they need not parse.
inline bool isSwigInterfaceName(llvm::StringRef Path) {
  return llvm::StringSwitch<bool>(llvm::sys::path::extension(Path)).Cases(".i", ".swg", ".swig", true).Default(false);
}

/// What a directory walk hands to the analysis: headers and translation units, not fragments.
inline bool isWalkedSourceName(llvm::StringRef Path) {
  SourceKind K = sourceKindOf(Path);
  return K != SourceKind::None && K != SourceKind::Fragment;
}

} // namespace rocmtidy

#endif
