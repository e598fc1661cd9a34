// rocm-tidy's declarations-only stand-in for PyTorch's C++ headers (torch/extension.h, ATen/ATen.h,
// ATen/Dispatch.h, c10/...), served when the analysed machine has no PyTorch on the include path, as
// a lint machine outside the project's Python environment usually has not. Without it the kernels of
// a PyTorch extension that take an at::Half, a PackedTensorAccessor32 or a torch::Tensor are dropped
// as invalid, and the launches inside AT_DISPATCH_* lambdas are never seen. Nothing here is compiled
// into a program: functions are declared, not defined, so the analysis sees the calls and their
// types; what they compute is not modelled.
//
// The names follow PyTorch's public C++ API. Tensor members that take sizes or dimensions accept any
// arguments (a variadic template) or a braced list of sizes, so code written for old and new releases
// parses. The dispatch macros instantiate their lambda once for each scalar type the real macro
// handles, with 'scalar_t' (or 'index_t') bound as PyTorch binds it.
#pragma clang system_header

#ifndef ROCM_TIDY_TORCH_STANDIN_H
#define ROCM_TIDY_TORCH_STANDIN_H

// The standard headers PyTorch's own bring with them, which extension code uses without including.
#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <initializer_list>
#include <iosfwd>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#define ROCM_TIDY_TORCH_STANDIN 1

#if defined(__HIP__) && __has_include(<hip/hip_fp16.h>)
#include <hip/hip_fp16.h>
#define ROCM_TIDY_TORCH_DEVICE_HALF 1
#endif

#if defined(__HIP__) || defined(__CUDA__)
#define ROCM_TIDY_TORCH_HD __attribute__((host, device))
#else
#define ROCM_TIDY_TORCH_HD
#endif

#define C10_HOST_DEVICE ROCM_TIDY_TORCH_HD
#if defined(__HIP__) || defined(__CUDA__)
#define C10_DEVICE __attribute__((device))
#define C10_HOST __attribute__((host))
#define C10_LAUNCH_BOUNDS_1(max_threads_per_block) __launch_bounds__(max_threads_per_block)
#define C10_LAUNCH_BOUNDS_2(max_threads_per_block, min_blocks) __launch_bounds__(max_threads_per_block, min_blocks)
#else
#define C10_DEVICE
#define C10_HOST
#define C10_LAUNCH_BOUNDS_1(max_threads_per_block)
#define C10_LAUNCH_BOUNDS_2(max_threads_per_block, min_blocks)
#endif
#define C10_LIKELY(expr) (expr)
#define C10_UNLIKELY(expr) (expr)
#define C10_ALWAYS_INLINE inline
#define C10_NOINLINE
#define C10_API
#define TORCH_API
// A PyTorch built for ROCm gives the wavefront width of the device code's target (64 on gfx9, 32 on
// the wave32 targets) as a constant; CUDA's is 32.
#if defined(__HIP__)
#if defined(__HIP_DEVICE_COMPILE__) && !defined(__GFX8__) && !defined(__GFX9__)
#define C10_WARP_SIZE 32
#else
#define C10_WARP_SIZE 64
#endif
#else
#define C10_WARP_SIZE 32
#endif

namespace c10 {

using DeviceIndex = int8_t;

enum class ScalarType : int8_t {
  Byte,
  Char,
  Short,
  Int,
  Long,
  Half,
  Float,
  Double,
  ComplexHalf,
  ComplexFloat,
  ComplexDouble,
  Bool,
  QInt8,
  QUInt8,
  QInt32,
  BFloat16,
  Float8_e5m2,
  Float8_e4m3fn,
  Float8_e5m2fnuz,
  Float8_e4m3fnuz,
  UInt16,
  UInt32,
  UInt64,
  Undefined
};

enum class DeviceType : int8_t { CPU, CUDA, HIP, Meta, MPS, XPU, PrivateUse1 };
enum class Layout : int8_t { Strided, Sparse, SparseCsr, Mkldnn };
enum class MemoryFormat : int8_t { Contiguous, Preserve, ChannelsLast, ChannelsLast3d };

constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;
constexpr DeviceType kHIP = DeviceType::HIP;
constexpr DeviceType kMeta = DeviceType::Meta;
constexpr Layout kStrided = Layout::Strided;
constexpr Layout kSparse = Layout::Sparse;

// The 16-bit float formats: converted to float for arithmetic, with compound assignment of their own.
// c10::Half also converts to and from the device's __half where the GPU's fp16 header is at hand
// (c10/util/Half.h includes it): extensions overload the shuffles for at::Half through it. The
// conversion to __half is explicit here because arithmetic on a Half would otherwise be ambiguous
// between float's operators and __half's (PyTorch declares Half's own operators instead).
#define ROCM_TIDY_TORCH_FLOAT16(Name, ...)                                                                             \
  struct Name {                                                                                                        \
    unsigned short x;                                                                                                  \
    Name() = default;                                                                                                  \
    ROCM_TIDY_TORCH_HD Name(float);                                                                                    \
    ROCM_TIDY_TORCH_HD operator float() const;                                                                         \
    ROCM_TIDY_TORCH_HD Name &operator+=(const Name &);                                                                 \
    ROCM_TIDY_TORCH_HD Name &operator-=(const Name &);                                                                 \
    ROCM_TIDY_TORCH_HD Name &operator*=(const Name &);                                                                 \
    ROCM_TIDY_TORCH_HD Name &operator/=(const Name &);                                                                 \
    __VA_ARGS__                                                                                                        \
  };
#ifdef ROCM_TIDY_TORCH_DEVICE_HALF
ROCM_TIDY_TORCH_FLOAT16(Half, ROCM_TIDY_TORCH_HD Half(const __half &);
                        ROCM_TIDY_TORCH_HD explicit operator __half() const;)
#else
ROCM_TIDY_TORCH_FLOAT16(Half)
#endif
ROCM_TIDY_TORCH_FLOAT16(BFloat16)
#undef ROCM_TIDY_TORCH_FLOAT16

// The 8-bit float formats: a byte that converts to and from float.
#define ROCM_TIDY_TORCH_FLOAT8(Name)                                                                                   \
  struct Name {                                                                                                        \
    uint8_t x;                                                                                                         \
    Name() = default;                                                                                                  \
    ROCM_TIDY_TORCH_HD Name(float);                                                                                    \
    ROCM_TIDY_TORCH_HD operator float() const;                                                                         \
  };
ROCM_TIDY_TORCH_FLOAT8(Float8_e5m2)
ROCM_TIDY_TORCH_FLOAT8(Float8_e4m3fn)
ROCM_TIDY_TORCH_FLOAT8(Float8_e5m2fnuz)
ROCM_TIDY_TORCH_FLOAT8(Float8_e4m3fnuz)
#undef ROCM_TIDY_TORCH_FLOAT8

template <class T> struct complex {
  T real_;
  T imag_;
  ROCM_TIDY_TORCH_HD complex(const T &re = T(), const T &im = T());
  ROCM_TIDY_TORCH_HD T real() const;
  ROCM_TIDY_TORCH_HD T imag() const;
};

template <class T> using optional = std::optional<T>;
using std::nullopt;
using std::nullopt_t;

template <class T> class ArrayRef {
public:
  ArrayRef();
  ArrayRef(const T &);
  ArrayRef(const T *, size_t);
  ArrayRef(const std::vector<T> &);
  ArrayRef(std::initializer_list<T>);
  template <size_t N> ArrayRef(const T (&)[N]);
  const T *begin() const;
  const T *end() const;
  const T *data() const;
  size_t size() const;
  bool empty() const;
  const T &operator[](size_t) const;
  const T &front() const;
  const T &back() const;
  std::vector<T> vec() const;
};
using IntArrayRef = ArrayRef<int64_t>;

template <class T> struct IntegerRange {
  struct iterator {
    T value;
    T operator*() const;
    iterator &operator++();
    bool operator!=(const iterator &) const;
    bool operator==(const iterator &) const;
  };
  iterator begin() const;
  iterator end() const;
};
template <class T> IntegerRange<T> irange(T end);
template <class T, class U> IntegerRange<std::common_type_t<T, U>> irange(T begin, U end);

struct Device {
  Device(DeviceType, DeviceIndex = -1);
  Device(const std::string &);
  DeviceType type() const;
  DeviceIndex index() const;
  bool has_index() const;
  bool is_cuda() const;
  bool is_cpu() const;
  bool is_hip() const;
  std::string str() const;
  bool operator==(const Device &) const;
  bool operator!=(const Device &) const;
};

struct TypeMeta {
  ScalarType toScalarType() const;
  size_t itemsize() const;
  std::string name() const;
  bool operator==(const TypeMeta &) const;
  bool operator!=(const TypeMeta &) const;
};
bool operator==(const TypeMeta &, ScalarType);
bool operator==(ScalarType, const TypeMeta &);
bool operator!=(const TypeMeta &, ScalarType);
bool operator!=(ScalarType, const TypeMeta &);
ScalarType typeMetaToScalarType(TypeMeta);
const char *toString(ScalarType);
std::string DeviceTypeName(DeviceType, bool = false);
size_t elementSize(ScalarType);
bool isFloatingType(ScalarType);
bool isIntegralType(ScalarType, bool includeBool);
bool isComplexType(ScalarType);

class Scalar {
public:
  Scalar();
  template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>> Scalar(T);
  Scalar(Half);
  Scalar(BFloat16);
  template <class T> T to() const;
  double toDouble() const;
  float toFloat() const;
  int64_t toLong() const;
  int toInt() const;
  bool toBool() const;
  Half toHalf() const;
  bool isFloatingPoint() const;
  bool isIntegral(bool includeBool) const;
};

class TensorOptions {
public:
  TensorOptions();
  TensorOptions(ScalarType);
  TensorOptions(Device);
  TensorOptions(DeviceType);
  TensorOptions(Layout);
  TensorOptions dtype(ScalarType) const;
  TensorOptions dtype(TypeMeta) const;
  TensorOptions dtype(std::optional<ScalarType>) const;
  template <class T> TensorOptions dtype() const;
  TypeMeta dtype() const;
  TensorOptions device(Device) const;
  TensorOptions device(DeviceType, DeviceIndex = -1) const;
  TensorOptions device(std::optional<Device>) const;
  Device device() const;
  TensorOptions device_index(DeviceIndex) const;
  TensorOptions layout(Layout) const;
  TensorOptions requires_grad(bool) const;
  TensorOptions pinned_memory(bool) const;
  TensorOptions memory_format(MemoryFormat) const;
  bool requires_grad() const;
};
TensorOptions dtype(ScalarType);
TensorOptions dtype(TypeMeta);
template <class T> TensorOptions dtype();
TensorOptions device(Device);
TensorOptions device(DeviceType, DeviceIndex = -1);
TensorOptions layout(Layout);
TensorOptions requires_grad(bool = true);

class DeprecatedTypeProperties {
public:
  ScalarType scalarType() const;
  bool is_cuda() const;
  bool is_sparse() const;
  std::string toString() const;
  bool operator==(const DeprecatedTypeProperties &) const;
  bool operator!=(const DeprecatedTypeProperties &) const;
};

template <class T> struct DefaultPtrTraits {
  using PtrType = T *;
};
template <class T> struct RestrictPtrTraits {
  using PtrType = T *__restrict__;
};

// What every accessor has: its sizes, strides and data.
template <class T, template <class> class PtrTraits, class index_t> class AccessorBase {
public:
  using PtrType = typename PtrTraits<T>::PtrType;
  ROCM_TIDY_TORCH_HD index_t size(index_t) const;
  ROCM_TIDY_TORCH_HD index_t stride(index_t) const;
  ROCM_TIDY_TORCH_HD const index_t *sizes() const;
  ROCM_TIDY_TORCH_HD const index_t *strides() const;
  ROCM_TIDY_TORCH_HD T *data() const;
};

// One dimension of a tensor seen through an accessor: indexing removes a dimension until the last
// one gives the element.
template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits, class index_t = int64_t>
class TensorAccessor : public AccessorBase<T, PtrTraits, index_t> {
public:
  ROCM_TIDY_TORCH_HD TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t) const;
};
template <class T, template <class> class PtrTraits, class index_t>
class TensorAccessor<T, 1, PtrTraits, index_t> : public AccessorBase<T, PtrTraits, index_t> {
public:
  ROCM_TIDY_TORCH_HD T &operator[](index_t) const;
};

// The accessor a kernel takes by value.
template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits, class index_t = int64_t>
class GenericPackedTensorAccessor : public AccessorBase<T, PtrTraits, index_t> {
public:
  ROCM_TIDY_TORCH_HD GenericPackedTensorAccessor();
  ROCM_TIDY_TORCH_HD TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t) const;
};
template <class T, template <class> class PtrTraits, class index_t>
class GenericPackedTensorAccessor<T, 1, PtrTraits, index_t> : public AccessorBase<T, PtrTraits, index_t> {
public:
  ROCM_TIDY_TORCH_HD GenericPackedTensorAccessor();
  ROCM_TIDY_TORCH_HD T &operator[](index_t) const;
};
template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits, class index_t = int64_t>
class PackedTensorAccessor : public GenericPackedTensorAccessor<T, N, PtrTraits, index_t> {};
template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 = GenericPackedTensorAccessor<T, N, PtrTraits, int32_t>;
template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 = GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;

// One index of Tensor::index({Slice(), 0, None}): an integer, a slice, None, an ellipsis or a tensor.
struct TensorIndex {
  template <class T> TensorIndex(const T &);
};

// Tensor members that return a tensor: any arguments, or a braced list of sizes first (which a
// variadic template cannot deduce).
#define ROCM_TIDY_TORCH_TENSOR_MEMBER(Name)                                                                            \
  template <class... RocmTidyArgs> Tensor Name(RocmTidyArgs &&...) const;                                              \
  template <class... RocmTidyArgs> Tensor Name(IntArrayRef, RocmTidyArgs &&...) const;

class Tensor {
public:
  Tensor();
  int64_t size(int64_t) const;
  int64_t stride(int64_t) const;
  IntArrayRef sizes() const;
  IntArrayRef strides() const;
  int64_t numel() const;
  int64_t dim() const;
  int64_t ndimension() const;
  int64_t element_size() const;
  size_t nbytes() const;
  size_t itemsize() const;
  int64_t storage_offset() const;
  int64_t get_device() const;
  bool defined() const;
  bool is_cuda() const;
  bool is_cpu() const;
  bool is_hip() const;
  bool is_meta() const;
  bool is_sparse() const;
  bool is_complex() const;
  bool is_floating_point() const;
  bool is_contiguous(MemoryFormat = MemoryFormat::Contiguous) const;
  bool is_same(const Tensor &) const;
  bool is_same_size(const Tensor &) const;
  bool requires_grad() const;
  bool equal(const Tensor &) const;
  bool allclose(const Tensor &, double = 1e-5, double = 1e-8) const;
  ScalarType scalar_type() const;
  TypeMeta dtype() const;
  Device device() const;
  Layout layout() const;
  TensorOptions options() const;
  DeprecatedTypeProperties &type() const;
  std::string toString() const;
  void *data_ptr() const;
  template <class T> T *data_ptr() const;
  template <class T> T *data() const;
  void *mutable_data_ptr() const;
  template <class T> T *mutable_data_ptr() const;
  const void *const_data_ptr() const;
  template <class T> const T *const_data_ptr() const;
  template <class T> T item() const;
  Scalar item() const;
  template <class T, size_t N> TensorAccessor<T, N> accessor() const &;
  template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits, class index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t> generic_packed_accessor() const &;
  template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits, class index_t = int64_t>
  PackedTensorAccessor<T, N, PtrTraits, index_t> packed_accessor() const &;
  template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() const &;
  template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() const &;
  std::vector<Tensor> chunk(int64_t, int64_t = 0) const;
  std::vector<Tensor> split(int64_t, int64_t = 0) const;
  std::vector<Tensor> unbind(int64_t = 0) const;
  std::tuple<Tensor, Tensor> sort(int64_t = -1, bool = false) const;
  std::tuple<Tensor, Tensor> topk(int64_t, int64_t = -1, bool = true, bool = true) const;
  Tensor &grad();
  // Sparse tensors (at::sparse::SparseTensor is a Tensor).
  Tensor _indices() const;
  Tensor _values() const;
  int64_t _nnz() const;
  int64_t sparse_dim() const;
  int64_t dense_dim() const;
  bool is_coalesced() const;
  ROCM_TIDY_TORCH_TENSOR_MEMBER(abs)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(add)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(add_)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(all)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(any)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(argmax)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(argmin)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(bmm)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(clamp)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(clamp_)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(clamp_min)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(clone)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(coalesce)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(contiguous)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(copy_)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(cpu)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(cross)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(cuda)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(cumsum)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(detach)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(div)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(div_)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(eq)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(exp)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(expand)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(expand_as)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(fill_)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(flatten)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(flip)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(gather)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(ge)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(gt)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(half)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(index)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(index_add_)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(index_put_)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(index_fill_)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(index_select)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(indices)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(le)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(log)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(lt)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(masked_fill)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(masked_fill_)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(masked_select)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(matmul)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(max)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(mean)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(min)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(mm)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(mul)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(mul_)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(narrow)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(ne)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(neg)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(new_empty)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(new_full)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(new_ones)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(new_zeros)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(nonzero)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(norm)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(permute)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(pow)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(repeat)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(reshape)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(resize_)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(scatter_)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(scatter_add_)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(select)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(sigmoid)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(slice)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(sqrt)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(squeeze)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(sub)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(sub_)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(sum)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(t)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(to)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(toType)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(transpose)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(type_as)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(unsqueeze)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(values)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(view)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(view_as)
  ROCM_TIDY_TORCH_TENSOR_MEMBER(zero_)
  Tensor index(std::initializer_list<TensorIndex>) const;
  template <class RocmTidyValue> Tensor &index_put_(std::initializer_list<TensorIndex>, const RocmTidyValue &);
  Tensor &operator=(const Scalar &);
  Tensor operator[](int64_t) const;
  Tensor operator-() const;
  Tensor &operator+=(const Tensor &);
  Tensor &operator+=(const Scalar &);
  Tensor &operator-=(const Tensor &);
  Tensor &operator-=(const Scalar &);
  Tensor &operator*=(const Tensor &);
  Tensor &operator*=(const Scalar &);
  Tensor &operator/=(const Tensor &);
  Tensor &operator/=(const Scalar &);
};
#undef ROCM_TIDY_TORCH_TENSOR_MEMBER

#define ROCM_TIDY_TORCH_BINARY(Op)                                                                                     \
  Tensor operator Op(const Tensor &, const Tensor &);                                                                  \
  Tensor operator Op(const Tensor &, const Scalar &);                                                                  \
  Tensor operator Op(const Scalar &, const Tensor &);
ROCM_TIDY_TORCH_BINARY(+)
ROCM_TIDY_TORCH_BINARY(-)
ROCM_TIDY_TORCH_BINARY(*)
ROCM_TIDY_TORCH_BINARY(/)
ROCM_TIDY_TORCH_BINARY(<)
ROCM_TIDY_TORCH_BINARY(>)
ROCM_TIDY_TORCH_BINARY(<=)
ROCM_TIDY_TORCH_BINARY(>=)
ROCM_TIDY_TORCH_BINARY(==)
ROCM_TIDY_TORCH_BINARY(!=)
ROCM_TIDY_TORCH_BINARY(&)
ROCM_TIDY_TORCH_BINARY(|)
#undef ROCM_TIDY_TORCH_BINARY
std::ostream &operator<<(std::ostream &, const Tensor &);
std::ostream &operator<<(std::ostream &, ScalarType);
std::ostream &operator<<(std::ostream &, const Device &);

using TensorList = ArrayRef<Tensor>;

class DeviceGuard {
public:
  explicit DeviceGuard(Device);
};
class OptionalDeviceGuard {
public:
  OptionalDeviceGuard();
  explicit OptionalDeviceGuard(std::optional<Device>);
};

// ATen/TensorUtils.h: a named tensor argument and the checks over them.
using CheckedFrom = const char *;
struct TensorArg {
  const Tensor &tensor;
  const char *name;
  int pos;
  TensorArg(const Tensor &, const char *, int);
  const Tensor *operator->() const;
  const Tensor &operator*() const;
};
#define ROCM_TIDY_TORCH_CHECKS(Name)                                                                                   \
  template <class... RocmTidyArgs> void Name(CheckedFrom, RocmTidyArgs &&...);                                         \
  void Name(CheckedFrom, ArrayRef<TensorArg>);                                                                         \
  template <class... RocmTidyArgs> void Name(CheckedFrom, ArrayRef<TensorArg>, RocmTidyArgs &&...);                    \
  template <class... RocmTidyArgs> void Name(CheckedFrom, ArrayRef<Tensor>, RocmTidyArgs &&...);                       \
  template <class... RocmTidyArgs> void Name(CheckedFrom, const TensorArg &, IntArrayRef, RocmTidyArgs &&...);
ROCM_TIDY_TORCH_CHECKS(checkAllContiguous)
ROCM_TIDY_TORCH_CHECKS(checkAllDefined)
ROCM_TIDY_TORCH_CHECKS(checkAllSameGPU)
ROCM_TIDY_TORCH_CHECKS(checkAllSameNumel)
ROCM_TIDY_TORCH_CHECKS(checkAllSameSize)
ROCM_TIDY_TORCH_CHECKS(checkAllSameType)
ROCM_TIDY_TORCH_CHECKS(checkBackend)
ROCM_TIDY_TORCH_CHECKS(checkContiguous)
ROCM_TIDY_TORCH_CHECKS(checkDefined)
ROCM_TIDY_TORCH_CHECKS(checkDeviceType)
ROCM_TIDY_TORCH_CHECKS(checkDim)
ROCM_TIDY_TORCH_CHECKS(checkDimRange)
ROCM_TIDY_TORCH_CHECKS(checkLayout)
ROCM_TIDY_TORCH_CHECKS(checkNumel)
ROCM_TIDY_TORCH_CHECKS(checkSameDim)
ROCM_TIDY_TORCH_CHECKS(checkSameGPU)
ROCM_TIDY_TORCH_CHECKS(checkSameNumel)
ROCM_TIDY_TORCH_CHECKS(checkSameSize)
ROCM_TIDY_TORCH_CHECKS(checkSameType)
ROCM_TIDY_TORCH_CHECKS(checkScalarType)
ROCM_TIDY_TORCH_CHECKS(checkScalarTypes)
ROCM_TIDY_TORCH_CHECKS(checkSize)
#undef ROCM_TIDY_TORCH_CHECKS
std::optional<Device> device_of(const Tensor &);
std::optional<Device> device_of(const std::optional<Tensor> &);

// The ScalarType constants, in c10 as PyTorch has them (at and torch see them through using).
#define ROCM_TIDY_TORCH_CONSTANT(Name, Enum) constexpr ::c10::ScalarType Name = ::c10::ScalarType::Enum;
ROCM_TIDY_TORCH_CONSTANT(kByte, Byte)
ROCM_TIDY_TORCH_CONSTANT(kChar, Char)
ROCM_TIDY_TORCH_CONSTANT(kShort, Short)
ROCM_TIDY_TORCH_CONSTANT(kInt, Int)
ROCM_TIDY_TORCH_CONSTANT(kLong, Long)
ROCM_TIDY_TORCH_CONSTANT(kHalf, Half)
ROCM_TIDY_TORCH_CONSTANT(kFloat, Float)
ROCM_TIDY_TORCH_CONSTANT(kDouble, Double)
ROCM_TIDY_TORCH_CONSTANT(kBool, Bool)
ROCM_TIDY_TORCH_CONSTANT(kBFloat16, BFloat16)
ROCM_TIDY_TORCH_CONSTANT(kComplexFloat, ComplexFloat)
ROCM_TIDY_TORCH_CONSTANT(kComplexDouble, ComplexDouble)
ROCM_TIDY_TORCH_CONSTANT(kUInt8, Byte)
ROCM_TIDY_TORCH_CONSTANT(kInt8, Char)
ROCM_TIDY_TORCH_CONSTANT(kInt16, Short)
ROCM_TIDY_TORCH_CONSTANT(kInt32, Int)
ROCM_TIDY_TORCH_CONSTANT(kInt64, Long)
ROCM_TIDY_TORCH_CONSTANT(kFloat16, Half)
ROCM_TIDY_TORCH_CONSTANT(kFloat32, Float)
ROCM_TIDY_TORCH_CONSTANT(kFloat64, Double)
ROCM_TIDY_TORCH_CONSTANT(kFloat8_e5m2, Float8_e5m2)
ROCM_TIDY_TORCH_CONSTANT(kFloat8_e4m3fn, Float8_e4m3fn)
ROCM_TIDY_TORCH_CONSTANT(kFloat8_e5m2fnuz, Float8_e5m2fnuz)
ROCM_TIDY_TORCH_CONSTANT(kFloat8_e4m3fnuz, Float8_e4m3fnuz)
ROCM_TIDY_TORCH_CONSTANT(kUInt16, UInt16)
ROCM_TIDY_TORCH_CONSTANT(kUInt32, UInt32)
ROCM_TIDY_TORCH_CONSTANT(kUInt64, UInt64)
#undef ROCM_TIDY_TORCH_CONSTANT

// The scalar type behind each ScalarType, as the dispatch macros bind it.
namespace rocm_tidy {
template <ScalarType> struct CppType;
#define ROCM_TIDY_TORCH_CPP_TYPE(Enum, Type)                                                                           \
  template <> struct CppType<ScalarType::Enum> {                                                                       \
    using type = Type;                                                                                                 \
  };
ROCM_TIDY_TORCH_CPP_TYPE(Byte, uint8_t)
ROCM_TIDY_TORCH_CPP_TYPE(Char, int8_t)
ROCM_TIDY_TORCH_CPP_TYPE(Short, int16_t)
ROCM_TIDY_TORCH_CPP_TYPE(Int, int)
ROCM_TIDY_TORCH_CPP_TYPE(Long, int64_t)
ROCM_TIDY_TORCH_CPP_TYPE(Half, ::c10::Half)
ROCM_TIDY_TORCH_CPP_TYPE(Float, float)
ROCM_TIDY_TORCH_CPP_TYPE(Double, double)
ROCM_TIDY_TORCH_CPP_TYPE(ComplexHalf, ::c10::complex<::c10::Half>)
ROCM_TIDY_TORCH_CPP_TYPE(ComplexFloat, ::c10::complex<float>)
ROCM_TIDY_TORCH_CPP_TYPE(ComplexDouble, ::c10::complex<double>)
ROCM_TIDY_TORCH_CPP_TYPE(Bool, bool)
ROCM_TIDY_TORCH_CPP_TYPE(BFloat16, ::c10::BFloat16)
ROCM_TIDY_TORCH_CPP_TYPE(Float8_e5m2, ::c10::Float8_e5m2)
ROCM_TIDY_TORCH_CPP_TYPE(Float8_e4m3fn, ::c10::Float8_e4m3fn)
ROCM_TIDY_TORCH_CPP_TYPE(Float8_e5m2fnuz, ::c10::Float8_e5m2fnuz)
ROCM_TIDY_TORCH_CPP_TYPE(Float8_e4m3fnuz, ::c10::Float8_e4m3fnuz)
ROCM_TIDY_TORCH_CPP_TYPE(UInt16, uint16_t)
ROCM_TIDY_TORCH_CPP_TYPE(UInt32, uint32_t)
ROCM_TIDY_TORCH_CPP_TYPE(UInt64, uint64_t)
#undef ROCM_TIDY_TORCH_CPP_TYPE
ScalarType scalarTypeOf(ScalarType);
ScalarType scalarTypeOf(const DeprecatedTypeProperties &);
ScalarType scalarTypeOf(TypeMeta);
[[noreturn]] void unhandledScalarType(const char *);
template <class... Parts> [[noreturn]] void checkFailed(const Parts &...);
template <class... Parts> void warn(const Parts &...);
std::ostream &logStream();
} // namespace rocm_tidy

} // namespace c10

namespace at {
using namespace ::c10;

// Factories: sizes as a braced list or any IntArrayRef, then options.
#define ROCM_TIDY_TORCH_FACTORY(Name)                                                                                  \
  Tensor Name(IntArrayRef, TensorOptions = {});                                                                        \
  template <class... RocmTidyArgs> Tensor Name(IntArrayRef, RocmTidyArgs &&...);
ROCM_TIDY_TORCH_FACTORY(empty)
ROCM_TIDY_TORCH_FACTORY(zeros)
ROCM_TIDY_TORCH_FACTORY(ones)
ROCM_TIDY_TORCH_FACTORY(rand)
ROCM_TIDY_TORCH_FACTORY(randn)
ROCM_TIDY_TORCH_FACTORY(empty_strided)
#undef ROCM_TIDY_TORCH_FACTORY
Tensor full(IntArrayRef, const Scalar &, TensorOptions = {});
Tensor randint(int64_t, IntArrayRef, TensorOptions = {});
Tensor randint(int64_t, int64_t, IntArrayRef, TensorOptions = {});
Tensor from_blob(void *, IntArrayRef, TensorOptions = {});
Tensor from_blob(void *, IntArrayRef, IntArrayRef, TensorOptions = {});
Tensor arange(const Scalar &, TensorOptions = {});
Tensor arange(const Scalar &, const Scalar &, TensorOptions = {});
Tensor arange(const Scalar &, const Scalar &, const Scalar &, TensorOptions = {});
Tensor linspace(const Scalar &, const Scalar &, int64_t, TensorOptions = {});
Tensor tensor(ArrayRef<double>, TensorOptions = {});
Tensor cat(TensorList, int64_t = 0);
Tensor stack(TensorList, int64_t = 0);
// Functions that take tensors first: any arguments.
#define ROCM_TIDY_TORCH_FUNCTION(Name) template <class... RocmTidyArgs> Tensor Name(const Tensor &, RocmTidyArgs &&...);
ROCM_TIDY_TORCH_FUNCTION(empty_like)
ROCM_TIDY_TORCH_FUNCTION(zeros_like)
ROCM_TIDY_TORCH_FUNCTION(ones_like)
ROCM_TIDY_TORCH_FUNCTION(full_like)
ROCM_TIDY_TORCH_FUNCTION(rand_like)
ROCM_TIDY_TORCH_FUNCTION(randn_like)
ROCM_TIDY_TORCH_FUNCTION(matmul)
ROCM_TIDY_TORCH_FUNCTION(mm)
ROCM_TIDY_TORCH_FUNCTION(bmm)
ROCM_TIDY_TORCH_FUNCTION(sum)
ROCM_TIDY_TORCH_FUNCTION(mean)
ROCM_TIDY_TORCH_FUNCTION(sqrt)
ROCM_TIDY_TORCH_FUNCTION(exp)
ROCM_TIDY_TORCH_FUNCTION(where)
ROCM_TIDY_TORCH_FUNCTION(clamp)
ROCM_TIDY_TORCH_FUNCTION(softmax)
ROCM_TIDY_TORCH_FUNCTION(index_select)
ROCM_TIDY_TORCH_FUNCTION(gather)
ROCM_TIDY_TORCH_FUNCTION(cumsum)
ROCM_TIDY_TORCH_FUNCTION(sparse_coo_tensor)
Tensor sparse_coo_tensor(const Tensor &, const Tensor &, IntArrayRef, TensorOptions = {});
Tensor _sparse_coo_tensor_unsafe(const Tensor &, const Tensor &, IntArrayRef, TensorOptions = {});
ROCM_TIDY_TORCH_FUNCTION(abs)
ROCM_TIDY_TORCH_FUNCTION(max)
ROCM_TIDY_TORCH_FUNCTION(min)
ROCM_TIDY_TORCH_FUNCTION(pow)
ROCM_TIDY_TORCH_FUNCTION(sigmoid)
ROCM_TIDY_TORCH_FUNCTION(relu)
ROCM_TIDY_TORCH_FUNCTION(_sparse_coo_tensor_unsafe)
#undef ROCM_TIDY_TORCH_FUNCTION

template <class T> constexpr T ceil_div(T a, T b) { return (a + b - 1) / b; }

namespace sparse {
using SparseTensor = Tensor;
} // namespace sparse
namespace internal {
int64_t get_thread_num();
} // namespace internal
namespace indexing {
using ::c10::TensorIndex;
struct Slice {
  template <class... RocmTidyArgs> Slice(RocmTidyArgs &&...);
};
struct EllipsisIndexType {};
struct NoneIndexType {};
extern const EllipsisIndexType Ellipsis;
extern const NoneIndexType None;
} // namespace indexing

// The accumulation and computation types of ATen/AccumulateType.h and ATen/OpMathType.h: reduced
// floats widen to float, integers to int64_t.
template <class T, bool IsCuda> struct AccumulateType {
  using type = T;
};
#define ROCM_TIDY_TORCH_ACCUMULATE(From, To)                                                                           \
  template <bool IsCuda> struct AccumulateType<From, IsCuda> {                                                         \
    using type = To;                                                                                                   \
  };
ROCM_TIDY_TORCH_ACCUMULATE(Half, float)
ROCM_TIDY_TORCH_ACCUMULATE(BFloat16, float)
ROCM_TIDY_TORCH_ACCUMULATE(int8_t, int64_t)
ROCM_TIDY_TORCH_ACCUMULATE(uint8_t, int64_t)
ROCM_TIDY_TORCH_ACCUMULATE(int16_t, int64_t)
ROCM_TIDY_TORCH_ACCUMULATE(int, int64_t)
#undef ROCM_TIDY_TORCH_ACCUMULATE
template <class T, bool IsCuda> using acc_type = typename AccumulateType<T, IsCuda>::type;
template <class T> struct OpMathType {
  using type = T;
};
template <> struct OpMathType<Half> {
  using type = float;
};
template <> struct OpMathType<BFloat16> {
  using type = float;
};
template <class T> using opmath_type = typename OpMathType<T>::type;

template <class F> void parallel_for(int64_t, int64_t, int64_t, const F &);
int get_num_threads();

class NoGradGuard {
public:
  NoGradGuard();
};
} // namespace at

namespace torch {
using namespace ::at;
using Dtype = ::c10::ScalarType;
namespace autograd {
using Variable = ::at::Tensor;
using variable_list = std::vector<::at::Tensor>;
} // namespace autograd
// TORCH_LIBRARY blocks: definitions and implementations of custom operators.
class Library {
public:
  template <class... RocmTidyArgs> Library &def(RocmTidyArgs &&...);
  template <class... RocmTidyArgs> Library &impl(RocmTidyArgs &&...);
};
} // namespace torch

#define TORCH_CHECK(cond, ...) ((cond) ? (void)0 : ::c10::rocm_tidy::checkFailed(__VA_ARGS__))
#define TORCH_CHECK_VALUE(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define TORCH_CHECK_INDEX(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define TORCH_CHECK_TYPE(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define TORCH_CHECK_NOT_IMPLEMENTED(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define TORCH_CHECK_EQ(a, b) TORCH_CHECK((a) == (b))
#define TORCH_CHECK_NE(a, b) TORCH_CHECK((a) != (b))
#define TORCH_CHECK_LE(a, b) TORCH_CHECK((a) <= (b))
#define TORCH_CHECK_LT(a, b) TORCH_CHECK((a) < (b))
#define TORCH_CHECK_GE(a, b) TORCH_CHECK((a) >= (b))
#define TORCH_CHECK_GT(a, b) TORCH_CHECK((a) > (b))
#define TORCH_INTERNAL_ASSERT(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define TORCH_INTERNAL_ASSERT_DEBUG_ONLY(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define TORCH_WARN(...) ::c10::rocm_tidy::warn(__VA_ARGS__)
#define TORCH_WARN_ONCE(...) ::c10::rocm_tidy::warn(__VA_ARGS__)
#define AT_ASSERT(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define AT_ASSERTM(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define AT_CHECK(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define AT_ERROR(...) ::c10::rocm_tidy::checkFailed(__VA_ARGS__)
// c10/util/Logging.h's LOG(INFO) << ...; the severity is not looked at.
#ifndef LOG
#define LOG(severity) ::c10::rocm_tidy::logStream()
#endif
#ifndef LOG_IF
#define LOG_IF(severity, condition)                                                                                    \
  if (!(condition)) {                                                                                                  \
  } else                                                                                                               \
    ::c10::rocm_tidy::logStream()
#endif
#ifndef VLOG
#define VLOG(level) ::c10::rocm_tidy::logStream()
#endif
#define TORCH_LIBRARY(ns, m) static void rocm_tidy_torch_library_##ns(::torch::Library &m)
#define TORCH_LIBRARY_FRAGMENT(ns, m) static void rocm_tidy_torch_library_fragment_##ns(::torch::Library &m)
#define TORCH_LIBRARY_IMPL(ns, k, m) static void rocm_tidy_torch_library_impl_##ns##_##k(::torch::Library &m)
#define TORCH_FN(f) (f)

// The dispatch macros: a switch over the scalar type whose cases each bind 'scalar_t' and call the
// lambda, inside a lambda that is called at once (so 'return' in the caller's lambda is local).
#define AT_PRIVATE_CASE_TYPE_USING_HINT(enum_type, HINT, ...)                                                          \
  case enum_type: {                                                                                                    \
    using HINT = typename ::c10::rocm_tidy::CppType<enum_type>::type;                                                  \
    return __VA_ARGS__();                                                                                              \
  }
#define AT_DISPATCH_CASE(enum_type, ...) AT_PRIVATE_CASE_TYPE_USING_HINT(enum_type, scalar_t, __VA_ARGS__)
#define AT_DISPATCH_SWITCH(TYPE, NAME, ...)                                                                            \
  [&] {                                                                                                                \
    const ::c10::ScalarType rocm_tidy_dispatch_type = ::c10::rocm_tidy::scalarTypeOf(TYPE);                            \
    switch (rocm_tidy_dispatch_type) {                                                                                 \
      __VA_ARGS__                                                                                                      \
    default:                                                                                                           \
      ::c10::rocm_tidy::unhandledScalarType(NAME);                                                                     \
    }                                                                                                                  \
  }()

#define AT_DISPATCH_CASE_FLOATING_TYPES(...)                                                                           \
  AT_DISPATCH_CASE(::c10::ScalarType::Double, __VA_ARGS__)                                                             \
  AT_DISPATCH_CASE(::c10::ScalarType::Float, __VA_ARGS__)
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND_HALF(...)                                                                  \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                                                         \
  AT_DISPATCH_CASE(::c10::ScalarType::Half, __VA_ARGS__)
#define AT_DISPATCH_CASE_REDUCED_FLOATING_TYPES(...)                                                                   \
  AT_DISPATCH_CASE(::c10::ScalarType::Half, __VA_ARGS__)                                                               \
  AT_DISPATCH_CASE(::c10::ScalarType::BFloat16, __VA_ARGS__)
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND(S1, ...)                                                                   \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                                                         \
  AT_DISPATCH_CASE(S1, __VA_ARGS__)
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND2(S1, S2, ...)                                                              \
  AT_DISPATCH_CASE_FLOATING_TYPES_AND(S1, __VA_ARGS__)                                                                 \
  AT_DISPATCH_CASE(S2, __VA_ARGS__)
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND3(S1, S2, S3, ...)                                                          \
  AT_DISPATCH_CASE_FLOATING_TYPES_AND2(S1, S2, __VA_ARGS__)                                                            \
  AT_DISPATCH_CASE(S3, __VA_ARGS__)
#define AT_DISPATCH_CASE_COMPLEX_TYPES(...)                                                                            \
  AT_DISPATCH_CASE(::c10::ScalarType::ComplexDouble, __VA_ARGS__)                                                      \
  AT_DISPATCH_CASE(::c10::ScalarType::ComplexFloat, __VA_ARGS__)
#define AT_DISPATCH_CASE_FLOATING_AND_COMPLEX_TYPES(...)                                                               \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                                                         \
  AT_DISPATCH_CASE_COMPLEX_TYPES(__VA_ARGS__)
#define AT_DISPATCH_CASE_INTEGRAL_TYPES(...)                                                                           \
  AT_DISPATCH_CASE(::c10::ScalarType::Byte, __VA_ARGS__)                                                               \
  AT_DISPATCH_CASE(::c10::ScalarType::Char, __VA_ARGS__)                                                               \
  AT_DISPATCH_CASE(::c10::ScalarType::Int, __VA_ARGS__)                                                                \
  AT_DISPATCH_CASE(::c10::ScalarType::Long, __VA_ARGS__)                                                               \
  AT_DISPATCH_CASE(::c10::ScalarType::Short, __VA_ARGS__)
#define AT_DISPATCH_CASE_INTEGRAL_TYPES_AND(S1, ...)                                                                   \
  AT_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__)                                                                         \
  AT_DISPATCH_CASE(S1, __VA_ARGS__)
#define AT_DISPATCH_CASE_ALL_TYPES(...)                                                                                \
  AT_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__)                                                                         \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)
#define AT_DISPATCH_CASE_ALL_TYPES_AND(S1, ...)                                                                        \
  AT_DISPATCH_CASE_ALL_TYPES(__VA_ARGS__)                                                                              \
  AT_DISPATCH_CASE(S1, __VA_ARGS__)
#define AT_DISPATCH_CASE_ALL_TYPES_AND2(S1, S2, ...)                                                                   \
  AT_DISPATCH_CASE_ALL_TYPES_AND(S1, __VA_ARGS__)                                                                      \
  AT_DISPATCH_CASE(S2, __VA_ARGS__)
#define AT_DISPATCH_CASE_ALL_TYPES_AND3(S1, S2, S3, ...)                                                               \
  AT_DISPATCH_CASE_ALL_TYPES_AND2(S1, S2, __VA_ARGS__)                                                                 \
  AT_DISPATCH_CASE(S3, __VA_ARGS__)
#define AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX(...)                                                                    \
  AT_DISPATCH_CASE_ALL_TYPES(__VA_ARGS__)                                                                              \
  AT_DISPATCH_CASE_COMPLEX_TYPES(__VA_ARGS__)
#define AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND(S1, ...)                                                            \
  AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX(__VA_ARGS__)                                                                  \
  AT_DISPATCH_CASE(S1, __VA_ARGS__)
#define AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND2(S1, S2, ...)                                                       \
  AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND(S1, __VA_ARGS__)                                                          \
  AT_DISPATCH_CASE(S2, __VA_ARGS__)
#define AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND3(S1, S2, S3, ...)                                                   \
  AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND2(S1, S2, __VA_ARGS__)                                                     \
  AT_DISPATCH_CASE(S3, __VA_ARGS__)

#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...)                                                                    \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...)                                                           \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_FLOATING_TYPES_AND_HALF(__VA_ARGS__))
#define AT_DISPATCH_REDUCED_FLOATING_TYPES(TYPE, NAME, ...)                                                            \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_REDUCED_FLOATING_TYPES(__VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND(S1, TYPE, NAME, ...)                                                            \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_FLOATING_TYPES_AND(S1, __VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND2(S1, S2, TYPE, NAME, ...)                                                       \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_FLOATING_TYPES_AND2(S1, S2, __VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND3(S1, S2, S3, TYPE, NAME, ...)                                                   \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_FLOATING_TYPES_AND3(S1, S2, S3, __VA_ARGS__))
#define AT_DISPATCH_COMPLEX_TYPES(TYPE, NAME, ...)                                                                     \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_COMPLEX_TYPES(__VA_ARGS__))
#define AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES(TYPE, NAME, ...)                                                        \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_FLOATING_AND_COMPLEX_TYPES(__VA_ARGS__))
#define AT_DISPATCH_INTEGRAL_TYPES(TYPE, NAME, ...)                                                                    \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__))
#define AT_DISPATCH_INTEGRAL_TYPES_AND(S1, TYPE, NAME, ...)                                                            \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_INTEGRAL_TYPES_AND(S1, __VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES(TYPE, NAME, ...) AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_ALL_TYPES(__VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND(S1, TYPE, NAME, ...)                                                                 \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_ALL_TYPES_AND(S1, __VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND2(S1, S2, TYPE, NAME, ...)                                                            \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_ALL_TYPES_AND2(S1, S2, __VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND3(S1, S2, S3, TYPE, NAME, ...)                                                        \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_ALL_TYPES_AND3(S1, S2, S3, __VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX(TYPE, NAME, ...)                                                             \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX(__VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND(S1, TYPE, NAME, ...)                                                     \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND(S1, __VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND2(S1, S2, TYPE, NAME, ...)                                                \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND2(S1, S2, __VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND3(S1, S2, S3, TYPE, NAME, ...)                                            \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND3(S1, S2, S3, __VA_ARGS__))
#define AT_DISPATCH_INDEX_TYPES(TYPE, NAME, ...)                                                                       \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                                                                       \
                     AT_PRIVATE_CASE_TYPE_USING_HINT(::c10::ScalarType::Int, index_t, __VA_ARGS__)                     \
                         AT_PRIVATE_CASE_TYPE_USING_HINT(::c10::ScalarType::Long, index_t, __VA_ARGS__))

#endif // ROCM_TIDY_TORCH_STANDIN_H
