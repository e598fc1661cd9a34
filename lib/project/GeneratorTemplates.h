//===- GeneratorTemplates.h - Templates a Python code generator reads ---*- C++ -*-===//
//
// Code generators written in Python (AOTriton's python/codegen, which opens
// 'CODEGEN_ROOT / "template" / name' and fills '[[placeholder]]' fields) keep C++-looking
// templates beside them. The build never compiles those files; it compiles what the generator
// writes. Parsed as code they are only compiler errors, which say nothing about the project.
//
//===----------------------------------------------------------------------===//
#ifndef ROCM_TIDY_PROJECT_GENERATORTEMPLATES_H
#define ROCM_TIDY_PROJECT_GENERATORTEMPLATES_H

#include <functional>
#include <optional>
#include <string>

namespace rocmtidy::project {

class ProjectModel;

/// Why \p Absolute is a template a Python generator of the project reads as text, or "": a Python
/// file in a folder above it (up to three levels, inside the project) opens a path that names the
/// folder leading to it, either on the line that opens it ('open(ROOT / "template" / name)') or
/// through a name bound to such a path from the script's own location
/// ('TEMPLATES = os.path.join(os.path.dirname(__file__), "templates")', then 'open(... TEMPLATES
/// ...)'). Python files are read with \p Read, never run.
std::string pythonGeneratorTemplateWhy(const ProjectModel &Model, const std::string &Absolute,
                                       const std::function<std::optional<std::string>(const std::string &)> &Read);

} // namespace rocmtidy::project

#endif
