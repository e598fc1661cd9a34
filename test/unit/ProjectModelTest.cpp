#include "project/ProjectModel.h"
#include "project/BackendRegistry.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace rocmtidy::project;

namespace {

class ProjectModelTest : public ::testing::Test {
protected:
  void SetUp() override {
    char Tmpl[] = "/tmp/rocm-project-model-XXXXXX";
    ASSERT_NE(mkdtemp(Tmpl), nullptr);
    Dir = Tmpl;
  }
  void TearDown() override { std::system(("rm -rf '" + Dir + "'").c_str()); }
  void mkdir(const std::string &Rel) { std::system(("mkdir -p '" + Dir + "/" + Rel + "'").c_str()); }
  void write(const std::string &Rel, const std::string &Text) { std::ofstream(Dir + "/" + Rel) << Text; }
  std::string Dir;
};

TEST_F(ProjectModelTest, RootIsTheNearestGitEntryOrTheWorkingDirectory) {
  mkdir("outer/repo/src/deep");
  // No .git below Dir: the one above it if any (a shared /tmp may have one), else the working
  // directory itself.
  std::string Above = repositoryRoot(Dir);
  EXPECT_EQ(repositoryRoot(Dir + "/outer/repo/src/deep"), Above == Dir ? Dir + "/outer/repo/src/deep" : Above);
  mkdir("outer/repo/.git");
  EXPECT_EQ(repositoryRoot(Dir + "/outer/repo/src/deep"), Dir + "/outer/repo");
  // A worktree's .git is a file.
  mkdir("outer/wt/src");
  write("outer/wt/.git", "gitdir: /elsewhere\n");
  EXPECT_EQ(repositoryRoot(Dir + "/outer/wt/src"), Dir + "/outer/wt");
}

TEST_F(ProjectModelTest, SearchesStopAtTheRoot) {
  mkdir("outer/repo/.git");
  mkdir("outer/repo/src");
  write("outer/.rocm-lint", "exclude = *.cu\n");
  write("outer/compile_commands.json", "[]");
  ProjectModel M = ProjectModel::withRoot(Dir + "/outer/repo", Dir + "/outer/repo");
  EXPECT_EQ(M.findUpward(Dir + "/outer/repo/src", {".rocm-lint"}), "");
  EXPECT_EQ(M.findUpward(Dir + "/outer/repo/src", {"compile_commands.json"}), "");
  write("outer/repo/compile_commands.json", "[]");
  EXPECT_EQ(M.findUpward(Dir + "/outer/repo/src", {"compile_commands.json"}),
            Dir + "/outer/repo/compile_commands.json");
  std::vector<std::string> Up = M.foldersUpToRoot(Dir + "/outer/repo/src");
  ASSERT_EQ(Up.size(), 2u);
  EXPECT_EQ(Up.back(), Dir + "/outer/repo");
}

TEST_F(ProjectModelTest, ReadsOnlyRegularFilesOfBoundedSize) {
  write("a.txt", "hello");
  EXPECT_EQ(readRegularFile(Dir + "/a.txt").value_or(""), "hello");
  std::string Why;
  EXPECT_FALSE(readRegularFile(Dir + "/a.txt", 3, &Why).has_value());
  EXPECT_NE(Why.find("larger"), std::string::npos);
  ASSERT_EQ(mkfifo((Dir + "/fifo.cmake").c_str(), 0600), 0);
  // Returns at once instead of waiting for a writer.
  EXPECT_FALSE(readRegularFile(Dir + "/fifo.cmake", MaxReadBytes, &Why).has_value());
  EXPECT_EQ(Why, "not a regular file");
  EXPECT_FALSE(readRegularFile(Dir).has_value());
  EXPECT_FALSE(readRegularFile(Dir + "/missing").has_value());
}

TEST_F(ProjectModelTest, OneWalkSkipsHiddenFoldersBuildTreesAndSpecialFiles) {
  mkdir(".git");
  mkdir("src/.hidden");
  mkdir("src/CMakeFiles");
  mkdir("src/sub");
  write("src/a.cu", "");
  write("src/sub/b.hip", "");
  write("src/.hidden/c.cu", "");
  write("src/CMakeFiles/d.cu", "");
  write("CMakeLists.txt", "project(x)\n");
  ASSERT_EQ(mkfifo((Dir + "/src/x.cmake").c_str(), 0600), 0);
  ASSERT_EQ(symlink((Dir + "/src/sub").c_str(), (Dir + "/src/link").c_str()), 0);
  LoadOptions O;
  O.Cwd = Dir;
  O.InputDirs = {Dir + "/src"};
  O.ProjectDirs = {Dir};
  ProjectModel M = ProjectModel::load(O);
  std::vector<std::string> Paths;
  for (const WalkedFile &F : M.files())
    Paths.push_back(F.Path.substr(Dir.size() + 1) + (F.InInput ? " (input)" : ""));
  EXPECT_EQ(Paths, (std::vector<std::string>{"CMakeLists.txt", "src/a.cu (input)", "src/sub/b.hip (input)"}));
  EXPECT_EQ(M.root(), Dir);
  EXPECT_EQ(M.filesUnder(Dir + "/src").size(), 2u);
  EXPECT_EQ(M.filesUnder(Dir + "/sr").size(), 0u);
  EXPECT_FALSE(M.truncated());
}

TEST_F(ProjectModelTest, AProjectWalkIsBounded) {
  mkdir("p");
  for (int I = 0; I < 30; ++I)
    write("p/f" + std::to_string(I) + ".cu", "");
  LoadOptions O;
  O.Cwd = Dir;
  O.ProjectDirs = {Dir + "/p"};
  O.EntryLimit = 10;
  ProjectModel M = ProjectModel::load(O);
  EXPECT_TRUE(M.truncated());
  EXPECT_EQ(M.files().size(), 10u);
}

TEST_F(ProjectModelTest, ProjectFolderIsTheHighestMarkerBelowTheRoot) {
  mkdir("repo/.git");
  mkdir("repo/py/src");
  write("repo/py/setup.py", "");
  write("repo/CMakeLists.txt", "# project(commented)\nadd_subdirectory(py)\n");
  ProjectModel M = ProjectModel::withRoot(Dir + "/repo", Dir + "/repo");
  auto Read = [](const std::string &P) { return readRegularFile(P); };
  // The .git folder is a marker itself.
  EXPECT_EQ(projectFolder(M, Dir + "/repo/py/src", Read), Dir + "/repo");
  std::system(("rm -rf '" + Dir + "/repo/.git'").c_str());
  ProjectModel N = ProjectModel::withRoot(Dir + "/repo", Dir + "/repo");
  // A commented-out project() is no marker: the setup.py folder is the project.
  EXPECT_EQ(projectFolder(N, Dir + "/repo/py/src", Read), Dir + "/repo/py");
  write("repo/CMakeLists.txt", "project(top LANGUAGES CXX)\n");
  EXPECT_EQ(projectFolder(N, Dir + "/repo/py/src", Read), Dir + "/repo");
}

TEST_F(ProjectModelTest, TheBackendRegistryIsReadOnceAndSharedByCopies) {
  mkdir("src/hip");
  mkdir("src/omp");
  write("CMakeLists.txt", "macro(add_model NAME)\n"
                          "  string(TOUPPER ${NAME} UP)\n"
                          "  list(APPEND SRC_${UP} src/${NAME}/${ARGN})\n"
                          "endmacro()\n"
                          "add_model(hip h.cpp)\n"
                          "add_model(omp o.cpp)\n"
                          "add_model(cuda c.cu)\n"
                          "string(TOUPPER ${MODEL} M)\n"
                          "add_executable(app ${SRC_${M}})\n");
  ProjectModel M = ProjectModel::withRoot(Dir, Dir);
  const BackendRegistry &R = M.backendRegistry(Dir + "/CMakeLists.txt");
  // The scripts change on disk: readers of this run still see what the first one saw.
  write("CMakeLists.txt", "");
  std::vector<ProjectModel> Copies{M}; // a model handed on by value (the run's config keeps one)
  EXPECT_EQ(&Copies[0].backendRegistry(Dir + "/CMakeLists.txt"), &R);
  EXPECT_TRUE(R.hasHipBackend());
  EXPECT_EQ(R.of(Dir + "/src/hip/h.cpp").Kind, BackendRegistry::Verdict::Attached);
  EXPECT_EQ(R.of(Dir + "/src/cuda/c.cu").Kind, BackendRegistry::Verdict::CudaOnly);
  // Another backend's source: not the HIP build's either.
  BackendRegistry::Verdict Omp = R.of(Dir + "/src/omp/o.cpp");
  EXPECT_EQ(Omp.Kind, BackendRegistry::Verdict::OtherOnly);
  EXPECT_NE(Omp.Why.find("attaches it only to backend 'omp' (list 'SRC_OMP')"), std::string::npos) << Omp.Why;
  EXPECT_EQ(R.of(Dir + "/src/main.cpp").Kind, BackendRegistry::Verdict::Unrelated);
}

TEST_F(ProjectModelTest, EveryReaderOfARunSeesTheTextTheFirstOneRead) {
  write("CMakeLists.txt", "project(p LANGUAGES CXX HIP)\n");
  ProjectModel M = ProjectModel::withRoot(Dir, Dir);
  auto Reader = M.reader(1 << 20);
  EXPECT_EQ(Reader(Dir + "/CMakeLists.txt").value_or(""), "project(p LANGUAGES CXX HIP)\n");
  // Changed during the run: a copy of the model, a reader that outlives the model it came from
  // and the model itself all keep the first text.
  write("CMakeLists.txt", "project(p LANGUAGES CXX)\n");
  std::vector<ProjectModel> Copies{M};
  EXPECT_EQ(Copies[0].read(Dir + "/CMakeLists.txt").value_or(""), "project(p LANGUAGES CXX HIP)\n");
  M = ProjectModel::withRoot(Dir, Dir);
  EXPECT_EQ(Reader(Dir + "/CMakeLists.txt").value_or(""), "project(p LANGUAGES CXX HIP)\n");
  // A fresh model reads the file again.
  EXPECT_EQ(M.read(Dir + "/CMakeLists.txt").value_or(""), "project(p LANGUAGES CXX)\n");
  // A reader's cap holds for a text another reader took; a file over one reader's cap is still
  // read for a reader with a larger one.
  write("big.cmake", std::string(100, 'x'));
  EXPECT_FALSE(M.read(Dir + "/big.cmake", 10).has_value());
  EXPECT_EQ(M.read(Dir + "/big.cmake").value_or("").size(), 100u);
  EXPECT_FALSE(M.read(Dir + "/big.cmake", 10).has_value());
  // Not regular files: never read, whichever reader asks first.
  ASSERT_EQ(mkfifo((Dir + "/fifo.cmake").c_str(), 0600), 0);
  EXPECT_FALSE(M.read(Dir + "/fifo.cmake").has_value());
  EXPECT_FALSE(M.read(Dir + "/missing.cmake").has_value());
  write("missing.cmake", "x");
  EXPECT_FALSE(M.read(Dir + "/missing.cmake").has_value());
}

} // namespace
