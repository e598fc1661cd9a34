# Install rules and the Debian package (docs/install.md).
#   cmake --install build --prefix P   ->  P/bin/rocm-lint, P/bin/rocm-clangd, P/bin/rocm-wave64,
#                                          P/lib/rocm-tidy/RocmTidyModule.so, P/share/doc/rocm-tidy/,
#                                          P/share/man/man1/rocm-lint.1 (cmake/Man.cmake)
#   (cd build && cpack -G DEB)         ->  build/rocm-tidy_<version>_amd64.deb (prefix /usr)
# The data tables are compiled in (cmake/EmbedData.cmake), so nothing under the source or build
# tree is read at run time; test/install/*.test checks the installed files for such paths.

# libclang-cpp and libLLVM live in LLVM's own lib folder, which the dynamic loader does not search:
# keep the link-time RUNPATH (/usr/lib/llvm-19/lib on Debian) in the installed binaries.
set_target_properties(rocm-lint PROPERTIES INSTALL_RPATH_USE_LINK_PATH TRUE)
install(TARGETS rocm-lint RUNTIME DESTINATION bin)
if(TARGET rocm-clangd)
  set_target_properties(rocm-clangd PROPERTIES INSTALL_RPATH_USE_LINK_PATH TRUE)
  install(TARGETS rocm-clangd RUNTIME DESTINATION bin)
  # clangd looks for the builtin headers at <bin>/../lib/clang/<major>. Under /usr, Debian's
  # libclang-common-19-dev already provides /usr/lib/clang/19; elsewhere, point it at the
  # resource directory of the clang it was built with.
  install(CODE "
    if(NOT CMAKE_INSTALL_PREFIX STREQUAL \"/usr\")
      file(MAKE_DIRECTORY \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/lib/clang\")
      set(link \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/lib/clang/${LLVM_VERSION_MAJOR}\")
      if(NOT EXISTS \"\${link}\" AND NOT IS_SYMLINK \"\${link}\")
        message(STATUS \"Installing: \${link} -> ${ROCM_TIDY_RESOURCE_DIR}\")
        file(CREATE_LINK \"${ROCM_TIDY_RESOURCE_DIR}\" \"\${link}\" SYMBOLIC)
      endif()
    endif()")
endif()
# A fixed folder that users can name in clang-tidy's --load (not the multiarch libdir).
install(TARGETS RocmTidyModule LIBRARY DESTINATION lib/rocm-tidy)
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/CHANGELOG.md DESTINATION share/doc/rocm-tidy)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION share/doc/rocm-tidy/docs PATTERN man EXCLUDE)
# rocm-wave64 and the HIP-on-CUDA mapping it builds against (it looks in ../share/rocm-tidy/hip_on_cuda
# next to itself); it needs nvcc and an NVIDIA GPU only when it runs, and says so when they are missing.
install(PROGRAMS ${CMAKE_SOURCE_DIR}/tools/rocm-wave64 DESTINATION bin)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/kernels/hip_on_cuda/ DESTINATION share/rocm-tidy/hip_on_cuda
        FILES_MATCHING PATTERN "*.h" PATTERN "*.hpp" PATTERN "kernel-guard.py")
include(${CMAKE_CURRENT_LIST_DIR}/Man.cmake)

# Debian package: rocm-tidy_<version>_amd64.deb. dpkg-shlibdeps (dpkg-dev) derives the Depends line
# from the libraries the binaries link; the plugin links no clang library (clang-tidy-19 provides
# the symbols) and rocm-lint/rocm-clangd need the builtin headers of libclang-common-19-dev.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME rocm-tidy)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "static analyzer for CUDA to ROCm/HIP porting hazards (clang-tidy module)")
set(CPACK_PACKAGE_CONTACT "rocm-tidy maintainers <rocm-tidy@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# libLLVM is named explicitly: the binaries find it through /usr/lib/llvm-19/lib, whose link to it
# belongs to llvm-19-dev (no shlibs file), so dpkg-shlibdeps cannot map it to libllvm19 and CPack
# drops it silently (test/install/deb-package.sh checks the Depends line).
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "clang-tidy-${LLVM_VERSION_MAJOR}, libclang-common-${LLVM_VERSION_MAJOR}-dev, libllvm${LLVM_VERSION_MAJOR}")
include(CPack)
