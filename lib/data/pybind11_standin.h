// rocm-tidy's declarations-only stand-in for pybind11, served as pybind11/pybind11.h (and its other
// public headers) when the analysed machine has none, as torch/extension.h's stand-in includes it. A
// PyTorch extension's binding file (PYBIND11_MODULE with m.def calls) then parses; the bindings
// themselves are not analysed. Members take any arguments.
#pragma clang system_header

#ifndef ROCM_TIDY_PYBIND11_STANDIN_H
#define ROCM_TIDY_PYBIND11_STANDIN_H

// The standard headers pybind11's own bring with them.
#include <array>
#include <cassert>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#define ROCM_TIDY_PYBIND11_STANDIN 1

namespace pybind11 {
class object;
class handle {
public:
  template <class T> T cast() const;
  bool is_none() const;
  object attr(const char *) const;
  template <class... RocmTidyArgs> object operator()(RocmTidyArgs &&...) const;
  object operator[](size_t) const;
  object operator[](const char *) const;
};
class object : public handle {};
class none : public object {};
class str : public object {
public:
  str(const char *);
  str(const std::string &);
};
class tuple : public object {
public:
  tuple(const object &);
  template <class... RocmTidyArgs> explicit tuple(RocmTidyArgs &&...);
};
class list : public object {
public:
  list(const object &);
  template <class... RocmTidyArgs> explicit list(RocmTidyArgs &&...);
  template <class T> void append(T &&);
};
class dict : public object {
public:
  dict(const object &);
  template <class... RocmTidyArgs> explicit dict(RocmTidyArgs &&...);
};
class args : public tuple {};
class kwargs : public dict {};
size_t len(handle);
class array : public object {};
template <class T, int Flags = 0> class array_t : public array {};

struct arg {
  explicit arg(const char *);
  template <class T> arg &operator=(T &&);
};
namespace literals {
arg operator""_a(const char *, size_t);
} // namespace literals
struct kw_only {};
struct pos_only {};
enum class return_value_policy { automatic, take_ownership, copy, move, reference, reference_internal };
template <class... Guards> struct call_guard {};
class gil_scoped_release {
public:
  gil_scoped_release();
};
class gil_scoped_acquire {
public:
  gil_scoped_acquire();
};
namespace detail {
template <class... Args> struct initimpl {};
} // namespace detail
template <class... Args> detail::initimpl<Args...> init();
template <class F> detail::initimpl<F> init(F &&);

class module_ : public object {
public:
  template <class... RocmTidyArgs> module_ &def(const char *, RocmTidyArgs &&...);
  module_ def_submodule(const char *, const char * = nullptr);
  template <class T> module_ &attr(T &&);
  static module_ import(const char *);
};
using module = module_;

template <class T, class... Options> class class_ : public object {
public:
  template <class... RocmTidyArgs> class_(handle, const char *, RocmTidyArgs &&...);
  template <class... RocmTidyArgs> class_ &def(const char *, RocmTidyArgs &&...);
  template <class... Args, class... RocmTidyArgs> class_ &def(const detail::initimpl<Args...> &, RocmTidyArgs &&...);
  template <class... RocmTidyArgs> class_ &def_static(const char *, RocmTidyArgs &&...);
  template <class... RocmTidyArgs> class_ &def_readwrite(const char *, RocmTidyArgs &&...);
  template <class... RocmTidyArgs> class_ &def_readonly(const char *, RocmTidyArgs &&...);
  template <class... RocmTidyArgs> class_ &def_property(const char *, RocmTidyArgs &&...);
  template <class... RocmTidyArgs> class_ &def_property_readonly(const char *, RocmTidyArgs &&...);
};
template <class T> class enum_ : public object {
public:
  template <class... RocmTidyArgs> enum_(handle, const char *, RocmTidyArgs &&...);
  enum_ &value(const char *, T);
  enum_ &export_values();
};
template <class T> object cast(T &&);
} // namespace pybind11

#define PYBIND11_MODULE(name, variable) static void rocm_tidy_pybind11_module_##name(::pybind11::module_ &variable)

#endif // ROCM_TIDY_PYBIND11_STANDIN_H
