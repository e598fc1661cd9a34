// rocm-cmake-raw-link-flag: raw -l/-L flags, bare GPU runtime library names and library paths where
// an imported target from find_package belongs.

#include "cmake/CMakeCommandTable.h"
#include "cmake/CMakeRule.h"
#include "cmake/CMakeStrings.h"
#include "cmake/GpuLibraries.h"


namespace rocmtidy::cmake {

namespace {

/// The value given to a variable that find_library() fills with a GPU library (CMakeLint.cpp).
constexpr std::string_view FoundLibraryPrefix = "<find_library>/";

class RawLinkFlagRule : public CMakeRule {
public:
  std::string_view id() const override { return "rocm-cmake-raw-link-flag"; }

  std::vector<std::string_view> commands() const override {
    return {"target_link_libraries", "link_libraries", "target_link_options", "add_link_options",
            "link_directories",      "target_link_directories", "set", "list", "string"};
  }

  void check(const Command &C, RuleContext &Ctx) const override {
    const std::string &N = C.LowerName;
    const std::vector<Argument> &Args = C.Args;
    if (N == "target_link_libraries" || N == "link_libraries") {
      linkItems(C, N == "link_libraries" ? 0 : 1, Ctx);
    } else if (N == "target_link_options" || N == "add_link_options") {
      for (size_t I = N == "add_link_options" ? 0 : 1; I < Args.size(); ++I)
        if (!isUpperKeyword(Args[I].Value))
          Ctx.withValues(Args[I], [&](const Argument &V) { linkFlags(V, Ctx); });
    } else if (N == "link_directories" || N == "target_link_directories") {
      for (size_t I = N == "target_link_directories" ? 1 : 0; I < Args.size(); ++I) {
        const Argument &A = Args[I];
        if (A.isParen() || isUpperKeyword(A.Value))
          continue;
        Ctx.withValues(A, [&](const Argument &V) {
          for (const Piece &E : listElements(V))
            if (isGpuDir(E.Text))
              directoryFinding(V.sourceOffsetOfValue(E.Index), E.Text, E.Text, false, Ctx);
        });
      }
    } else if (std::optional<VariableWrite> W = variableWrite(C)) {
      // Linker flags in any flags variable: CMAKE_CXX_FLAGS reaches the link line too.
      if (W->Var->Value.find("FLAGS") != std::string::npos)
        Ctx.forEachValue(C, *W, [&](const Argument &A) {
          Ctx.withValues(A, [&](const Argument &V) { linkFlags(V, Ctx); });
        });
    }
  }

private:
  /// A GPU library named by \p Item: -l<name>, -l:lib<name>.so, a bare name or a path to the file.
  static const GpuLibrary *libraryOf(std::string_view Item, std::string &How) {
    const GpuLibraryTable &T = gpuLibraryTable();
    if (startsWith(Item, "-l") && Item.size() > 2) {
      std::string_view Name = Item.substr(2);
      if (Name[0] == ':')
        Name = libraryFileName(Name.substr(1));
      How = "flag";
      return T.lookup(Name);
    }
    size_t Slash = Item.find_last_of('/');
    if (Slash != std::string_view::npos) {
      std::string_view Name = libraryFileName(Item.substr(Slash + 1));
      How = "path";
      return Name.empty() ? nullptr : T.lookup(Name);
    }
    How = "name";
    const GpuLibrary *L = T.lookup(Item);
    // MIOpen and amd_comgr export imported targets named like the library itself.
    return L && L->Target != Item ? L : nullptr;
  }

  static void libraryNotes(Finding *Fd, unsigned Offset, const GpuLibrary &L, RuleContext &Ctx) {
    if (!Fd)
      return;
    Ctx.needsPackage(Fd, L.Package, L.Target);
    if (!L.Note.empty())
      Ctx.note(Fd, Offset, L.Note);
    if (!L.RocmTarget.empty())
      Ctx.note(Fd, Offset, "a HIP port links '" + L.RocmTarget + "' from find_package(" + L.RocmPackage + ") instead");
  }

  void directoryFinding(unsigned Offset, std::string_view Shown, std::string_view Dir, bool IsFlag,
                        RuleContext &Ctx) const {
    bool Cuda = mentionsCuda(Dir);
    std::string Package = Cuda ? "CUDAToolkit" : "hip";
    std::string Target = Cuda ? "CUDA::cudart" : "hip::host";
    std::string What = IsFlag ? "link directory flag '" : "link directory '";
    Finding *Fd = Ctx.emit(id(), Offset,
                           What + std::string(Shown) +
                               "' hard-wires a GPU toolkit's library location; use find_package(" + Package +
                               ") and link imported targets such as '" + Target + "'");
    Ctx.note(Fd, Offset,
             "imported targets carry their own library paths, so the build works wherever the toolkit is installed");
  }

  /// target_link_libraries / link_libraries items.
  void linkItems(const Command &C, size_t First, RuleContext &Ctx) const {
    const auto &Keywords = cmakeCommandTable().LinkItemKeywords;
    for (size_t I = First; I < C.Args.size(); ++I) {
      const Argument &A = C.Args[I];
      if (A.isParen() || Keywords.count(A.Value))
        continue;
      Ctx.withValues(A, [&](const Argument &V) { linkArgument(V, Ctx); });
    }
  }

  void linkArgument(const Argument &A, RuleContext &Ctx) const {
    std::vector<Piece> Elems = listElements(A);
    for (const Piece &E : Elems) {
      if (E.Text.find("$<") != std::string_view::npos)
        continue;
      // A whole argument is reported at its start (the quote, if any), an element at itself.
      bool Whole = Elems.size() == 1 && E.Text == A.Value;
      unsigned Offset = Whole ? A.Offset : A.sourceOffsetOfValue(E.Index);
      if (startsWith(E.Text, "-L")) {
        if (E.Text.size() > 2 && isGpuDir(E.Text.substr(2)))
          directoryFinding(Offset, E.Text, E.Text.substr(2), true, Ctx);
        continue;
      }
      std::string How;
      const GpuLibrary *L = libraryOf(E.Text, How);
      if (!L)
        continue;
      std::string Msg;
      if (How == "path" && startsWith(E.Text, FoundLibraryPrefix) && !Ctx.viaVariable().empty())
        Msg = "GPU library '" + L->Name + "' found with find_library() and linked through '${" +
              std::string(Ctx.viaVariable()) + "}'";
      else if (How == "flag")
        Msg = "raw link flag '" + std::string(E.Text) + "'";
      else if (How == "path")
        Msg = "GPU library linked by path '" + std::string(E.Text) + "'";
      else
        Msg = "GPU library '" + L->Name + "' linked by name";
      Msg += "; use find_package(" + L->Package + ") and link the imported target '" + L->Target + "'";
      Finding *Fd = Ctx.emit(id(), Offset, std::move(Msg));
      if (!Fd)
        continue;
      libraryNotes(Fd, Offset, *L, Ctx);
      // Only a whole argument written plainly is replaced: escapes, list elements and quoting
      // tricks are left to the user.
      bool Plain = Whole && ((A.Kind == Argument::Unquoted && A.Raw == A.Value) ||
                             (A.Kind == Argument::Quoted && A.Raw.size() == A.Value.size() + 2));
      if (L->Fix && Plain)
        Fd->Fixes.push_back({std::string(Ctx.path()), A.Offset, static_cast<unsigned>(A.Raw.size()), L->Target});
    }
  }

  /// -l<gpu> and -L<gpu dir> among the flags of one argument.
  void linkFlags(const Argument &A, RuleContext &Ctx) const {
    for (const Flag &F : flagsOf(A)) {
      std::string_view T = F.Text;
      if (startsWith(T, "-L") && T.size() > 2) {
        if (isGpuDir(T.substr(2)))
          directoryFinding(F.Offset, T, T.substr(2), true, Ctx);
      } else if (startsWith(T, "-l") && T.size() > 2) {
        std::string How;
        if (const GpuLibrary *L = libraryOf(T, How)) {
          Finding *Fd = Ctx.emit(id(), F.Offset,
                                 "raw link flag '" + std::string(T) + "'; use find_package(" + L->Package +
                                     ") and link the imported target '" + L->Target + "' with target_link_libraries");
          libraryNotes(Fd, F.Offset, *L, Ctx);
        }
      }
    }
  }
};

} // namespace

const CMakeRule &rawLinkFlagRule() {
  static const RawLinkFlagRule Rule;
  return Rule;
}

} // namespace rocmtidy::cmake
