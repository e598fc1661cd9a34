// Minimal standard library pieces for rocm-unmatched-device-alloc tests: the no-return calls,
// the host heap, a smart pointer and a container.
#ifndef ROCM_TIDY_TEST_ALLOC_STD_H
#define ROCM_TIDY_TEST_ALLOC_STD_H
extern "C" {
[[noreturn]] void exit(int) noexcept;
[[noreturn]] void abort() noexcept;
void free(void *) noexcept;
void *malloc(__SIZE_TYPE__) noexcept;
int printf(const char *, ...);
}
namespace std {
[[noreturn]] void terminate() noexcept;
struct exception { virtual ~exception(); };
struct runtime_error : exception { explicit runtime_error(const char *); };
template <class T> struct default_delete { void operator()(T *) const; };
template <class T, class D = default_delete<T>> struct unique_ptr {
  unique_ptr();
  explicit unique_ptr(T *, D d = D());
  void reset(T *p = nullptr);
  T *get() const;
};
template <class T> struct vector {
  void push_back(const T &);
  template <class... A> void emplace_back(A &&...) {}
  T &operator[](__SIZE_TYPE__);
};
template <class Sig> struct function {
  template <class F> function(F) {}
};
} // namespace std
#endif
