// rocm-clangd: clangd's own main with the rocm-* checks linked in. clangd cannot load clang-tidy
// plugins (clangd/clangd#1458), so the module's objects are linked into this binary and register
// themselves with clang-tidy's module registry like the upstream modules do.
namespace clang::clangd {
int clangdMain(int Argc, char *Argv[]);
} // namespace clang::clangd

int main(int Argc, char *Argv[]) { return clang::clangd::clangdMain(Argc, Argv); }
