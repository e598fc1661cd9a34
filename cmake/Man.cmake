# Man pages: docs/man/<name>.<section>.md -> build/share/man/man<section>/<name>.<section> (roff,
# tools/gen-man.py), built with the default target and installed under share/man (docs/install.md).
find_program(ROCM_TIDY_MAN_PYTHON NAMES python3 REQUIRED)
file(GLOB ROCM_TIDY_MAN_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/docs/man/*.md)
set(ROCM_TIDY_MAN_PAGES)
foreach(src ${ROCM_TIDY_MAN_SOURCES})
  get_filename_component(page ${src} NAME_WLE)          # rocm-lint.1
  string(REGEX REPLACE "^.*\\.([1-9])$" "\\1" section ${page})
  set(out ${CMAKE_BINARY_DIR}/share/man/man${section}/${page})
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/share/man/man${section}
    COMMAND ${ROCM_TIDY_MAN_PYTHON} ${CMAKE_SOURCE_DIR}/tools/gen-man.py ${src} ${out} ${PROJECT_VERSION}
    DEPENDS ${src} ${CMAKE_SOURCE_DIR}/tools/gen-man.py
    COMMENT "Generating man page ${page}" VERBATIM)
  list(APPEND ROCM_TIDY_MAN_PAGES ${out})
  install(FILES ${out} DESTINATION share/man/man${section})
endforeach()
add_custom_target(rocm-tidy-man ALL DEPENDS ${ROCM_TIDY_MAN_PAGES})
