// rocm-tidy's declarations-only stand-in for hipCUB, served as hipcub/hipcub.hpp (and each public
// hipcub/ header) when the analysed machine has no hipCUB, as Debian's HIP packages do not. Without
// it every kernel that declares a hipcub::BlockReduce or calls hipcub::WarpReduce::Sum is dropped as
// invalid, with the warp code around it. Nothing here is compiled into a program: the member
// functions are declared, not defined, and accept any arguments (a variadic template), so that the
// analysis sees the code that uses them; what they compute is not modelled.
//
// Names and template parameters follow hipCUB's public API (hipcub/include/hipcub/*.hpp). On AMD the
// default logical warp of the warp-level primitives is the hardware wavefront (64 lanes on gfx9).
#pragma clang system_header

#ifndef ROCM_TIDY_HIPCUB_STANDIN_H
#define ROCM_TIDY_HIPCUB_STANDIN_H

#include <hip/hip_runtime.h>

#define ROCM_TIDY_HIPCUB_STANDIN 1
#define HIPCUB_HOST_DEVICE __host__ __device__
#define HIPCUB_DEVICE __device__
#define HIPCUB_HOST __host__
#define HIPCUB_RUNTIME_FUNCTION __host__
#define HIPCUB_STDERR
#define HIPCUB_ARCH 1
#define BEGIN_HIPCUB_NAMESPACE namespace hipcub {
#define END_HIPCUB_NAMESPACE }
#define HIPCUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#define HIPCUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#define HIPCUB_QUOTIENT_CEILING(a, b) (((a) + (b) - 1) / (b))
#define HIPCUB_WARP_THREADS ::rocprim::warp_size()
#define HIPCUB_DEVICE_WARP_THREADS ::rocprim::warp_size()

namespace rocprim {
// The wavefront width rocPRIM compiles for: 64 on gfx9 (CDNA), the targets rocm-tidy checks for.
__host__ __device__ constexpr unsigned int warp_size() { return 64; }
} // namespace rocprim

namespace hipcub {

// Every member of the stand-in primitives: declared for any arguments, returning what the real
// member returns (the reduced value, nothing for scans and moves, hipError_t for device-wide calls).
#define ROCM_TIDY_HIPCUB_VALUE(Name)                                                                        \
  template <class... RocmTidyArgs> __device__ T Name(RocmTidyArgs &&...)
#define ROCM_TIDY_HIPCUB_VOID(Name)                                                                         \
  template <class... RocmTidyArgs> __device__ void Name(RocmTidyArgs &&...)
#define ROCM_TIDY_HIPCUB_DEVICE_WIDE(Name)                                                                  \
  template <class... RocmTidyArgs> static __host__ hipError_t Name(RocmTidyArgs &&...)

struct NullType {};
template <int N> struct Int2Type { enum { VALUE = N }; };

template <class K, class V> struct KeyValuePair {
  K key;
  V value;
  __host__ __device__ KeyValuePair() {}
  __host__ __device__ KeyValuePair(const K &k, const V &v) : key(k), value(v) {}
};

struct Sum {
  template <class A, class B> __host__ __device__ auto operator()(const A &a, const B &b) const { return a + b; }
};
struct Max {
  template <class A, class B> __host__ __device__ auto operator()(const A &a, const B &b) const { return a < b ? b : a; }
};
struct Min {
  template <class A, class B> __host__ __device__ auto operator()(const A &a, const B &b) const { return b < a ? b : a; }
};
struct Equality {
  template <class A, class B> __host__ __device__ bool operator()(const A &a, const B &b) const { return a == b; }
};
struct Inequality {
  template <class A, class B> __host__ __device__ bool operator()(const A &a, const B &b) const { return a != b; }
};
struct ArgMax {
  template <class P> __host__ __device__ P operator()(const P &a, const P &b) const;
};
struct ArgMin {
  template <class P> __host__ __device__ P operator()(const P &a, const P &b) const;
};

template <class T> struct Traits {
  static __host__ __device__ T Max();
  static __host__ __device__ T Lowest();
};
template <class T> struct NumericTraits : Traits<T> {};

enum CacheLoadModifier { LOAD_DEFAULT, LOAD_CA, LOAD_CG, LOAD_CS, LOAD_CV, LOAD_LDG, LOAD_VOLATILE };
enum CacheStoreModifier { STORE_DEFAULT, STORE_WB, STORE_CG, STORE_CS, STORE_WT, STORE_VOLATILE };
enum BlockLoadAlgorithm {
  BLOCK_LOAD_DIRECT,
  BLOCK_LOAD_STRIPED,
  BLOCK_LOAD_VECTORIZE,
  BLOCK_LOAD_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};
enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT,
  BLOCK_STORE_STRIPED,
  BLOCK_STORE_VECTORIZE,
  BLOCK_STORE_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
enum BlockHistogramAlgorithm { BLOCK_HISTO_SORT, BLOCK_HISTO_ATOMIC };
enum WarpLoadAlgorithm { WARP_LOAD_DIRECT, WARP_LOAD_STRIPED, WARP_LOAD_VECTORIZE, WARP_LOAD_TRANSPOSE };
enum WarpStoreAlgorithm { WARP_STORE_DIRECT, WARP_STORE_STRIPED, WARP_STORE_VECTORIZE, WARP_STORE_TRANSPOSE };

// Warp-level primitives: LOGICAL_WARP_THREADS lanes, by default the whole wavefront.
template <class T, int LOGICAL_WARP_THREADS = HIPCUB_WARP_THREADS, int ARCH = HIPCUB_ARCH> class WarpReduce {
public:
  struct TempStorage {};
  __device__ WarpReduce(TempStorage &);
  ROCM_TIDY_HIPCUB_VALUE(Sum);
  ROCM_TIDY_HIPCUB_VALUE(Reduce);
  ROCM_TIDY_HIPCUB_VALUE(HeadSegmentedSum);
  ROCM_TIDY_HIPCUB_VALUE(TailSegmentedSum);
  ROCM_TIDY_HIPCUB_VALUE(HeadSegmentedReduce);
  ROCM_TIDY_HIPCUB_VALUE(TailSegmentedReduce);
};

template <class T, int LOGICAL_WARP_THREADS = HIPCUB_WARP_THREADS, int ARCH = HIPCUB_ARCH> class WarpScan {
public:
  struct TempStorage {};
  __device__ WarpScan(TempStorage &);
  ROCM_TIDY_HIPCUB_VOID(InclusiveSum);
  ROCM_TIDY_HIPCUB_VOID(ExclusiveSum);
  ROCM_TIDY_HIPCUB_VOID(InclusiveScan);
  ROCM_TIDY_HIPCUB_VOID(ExclusiveScan);
  ROCM_TIDY_HIPCUB_VOID(Scan);
  ROCM_TIDY_HIPCUB_VALUE(Broadcast);
};

template <class T, int ITEMS_PER_THREAD, auto... RocmTidyRest> class WarpLoad {
public:
  struct TempStorage {};
  __device__ WarpLoad(TempStorage &);
  ROCM_TIDY_HIPCUB_VOID(Load);
};
template <class T, int ITEMS_PER_THREAD, auto... RocmTidyRest> class WarpStore {
public:
  struct TempStorage {};
  __device__ WarpStore(TempStorage &);
  ROCM_TIDY_HIPCUB_VOID(Store);
};
template <class T, int ITEMS_PER_THREAD, auto... RocmTidyRest> class WarpExchange {
public:
  struct TempStorage {};
  __device__ WarpExchange(TempStorage &);
  ROCM_TIDY_HIPCUB_VOID(BlockedToStriped);
  ROCM_TIDY_HIPCUB_VOID(StripedToBlocked);
  ROCM_TIDY_HIPCUB_VOID(ScatterToStriped);
};

// Block-level primitives.
#define ROCM_TIDY_HIPCUB_BLOCK_STORAGE(Class)                                                                \
  struct TempStorage {};                                                                                   \
  __device__ Class();                                                                                      \
  __device__ Class(TempStorage &)

template <class T, int BLOCK_DIM_X, auto... RocmTidyRest> class BlockReduce {
public:
  ROCM_TIDY_HIPCUB_BLOCK_STORAGE(BlockReduce);
  ROCM_TIDY_HIPCUB_VALUE(Sum);
  ROCM_TIDY_HIPCUB_VALUE(Reduce);
};

template <class T, int BLOCK_DIM_X, auto... RocmTidyRest> class BlockScan {
public:
  ROCM_TIDY_HIPCUB_BLOCK_STORAGE(BlockScan);
  ROCM_TIDY_HIPCUB_VOID(InclusiveSum);
  ROCM_TIDY_HIPCUB_VOID(ExclusiveSum);
  ROCM_TIDY_HIPCUB_VOID(InclusiveScan);
  ROCM_TIDY_HIPCUB_VOID(ExclusiveScan);
};

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, auto... RocmTidyRest> class BlockLoad {
public:
  ROCM_TIDY_HIPCUB_BLOCK_STORAGE(BlockLoad);
  ROCM_TIDY_HIPCUB_VOID(Load);
};

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, auto... RocmTidyRest> class BlockStore {
public:
  ROCM_TIDY_HIPCUB_BLOCK_STORAGE(BlockStore);
  ROCM_TIDY_HIPCUB_VOID(Store);
};

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, auto... RocmTidyRest> class BlockExchange {
public:
  ROCM_TIDY_HIPCUB_BLOCK_STORAGE(BlockExchange);
  ROCM_TIDY_HIPCUB_VOID(StripedToBlocked);
  ROCM_TIDY_HIPCUB_VOID(BlockedToStriped);
  ROCM_TIDY_HIPCUB_VOID(WarpStripedToBlocked);
  ROCM_TIDY_HIPCUB_VOID(BlockedToWarpStriped);
  ROCM_TIDY_HIPCUB_VOID(ScatterToBlocked);
  ROCM_TIDY_HIPCUB_VOID(ScatterToStriped);
};

template <class Key, int BLOCK_DIM_X, int ITEMS_PER_THREAD, class Value = NullType, auto... RocmTidyRest>
class BlockRadixSort {
public:
  ROCM_TIDY_HIPCUB_BLOCK_STORAGE(BlockRadixSort);
  ROCM_TIDY_HIPCUB_VOID(Sort);
  ROCM_TIDY_HIPCUB_VOID(SortDescending);
  ROCM_TIDY_HIPCUB_VOID(SortBlockedToStriped);
  ROCM_TIDY_HIPCUB_VOID(SortDescendingBlockedToStriped);
};

template <class Key, int BLOCK_DIM_X, int ITEMS_PER_THREAD, class Value = NullType, auto... RocmTidyRest>
class BlockMergeSort {
public:
  ROCM_TIDY_HIPCUB_BLOCK_STORAGE(BlockMergeSort);
  ROCM_TIDY_HIPCUB_VOID(Sort);
  ROCM_TIDY_HIPCUB_VOID(StableSort);
};

template <class T, int BLOCK_DIM_X, auto... RocmTidyRest> class BlockDiscontinuity {
public:
  ROCM_TIDY_HIPCUB_BLOCK_STORAGE(BlockDiscontinuity);
  ROCM_TIDY_HIPCUB_VOID(FlagHeads);
  ROCM_TIDY_HIPCUB_VOID(FlagTails);
  ROCM_TIDY_HIPCUB_VOID(FlagHeadsAndTails);
};

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS, auto... RocmTidyRest> class BlockHistogram {
public:
  ROCM_TIDY_HIPCUB_BLOCK_STORAGE(BlockHistogram);
  ROCM_TIDY_HIPCUB_VOID(InitHistogram);
  ROCM_TIDY_HIPCUB_VOID(Histogram);
  ROCM_TIDY_HIPCUB_VOID(Composite);
};

template <class T, int BLOCK_DIM_X, auto... RocmTidyRest> class BlockAdjacentDifference {
public:
  ROCM_TIDY_HIPCUB_BLOCK_STORAGE(BlockAdjacentDifference);
  ROCM_TIDY_HIPCUB_VOID(SubtractLeft);
  ROCM_TIDY_HIPCUB_VOID(SubtractRight);
  ROCM_TIDY_HIPCUB_VOID(SubtractLeftPartialTile);
  ROCM_TIDY_HIPCUB_VOID(SubtractRightPartialTile);
};

template <class T, int BLOCK_DIM_X, auto... RocmTidyRest> class BlockShuffle {
public:
  ROCM_TIDY_HIPCUB_BLOCK_STORAGE(BlockShuffle);
  ROCM_TIDY_HIPCUB_VOID(Offset);
  ROCM_TIDY_HIPCUB_VOID(Rotate);
  ROCM_TIDY_HIPCUB_VOID(Up);
  ROCM_TIDY_HIPCUB_VOID(Down);
};

// Thread-level data movement and warp shuffles of a logical warp.
template <class... RocmTidyArgs> __device__ void LoadDirectBlocked(RocmTidyArgs &&...);
template <class... RocmTidyArgs> __device__ void LoadDirectStriped(RocmTidyArgs &&...);
template <int BLOCK_THREADS, class... RocmTidyArgs> __device__ void LoadDirectStriped(RocmTidyArgs &&...);
template <class... RocmTidyArgs> __device__ void LoadDirectWarpStriped(RocmTidyArgs &&...);
template <class... RocmTidyArgs> __device__ void StoreDirectBlocked(RocmTidyArgs &&...);
template <class... RocmTidyArgs> __device__ void StoreDirectStriped(RocmTidyArgs &&...);
template <int BLOCK_THREADS, class... RocmTidyArgs> __device__ void StoreDirectStriped(RocmTidyArgs &&...);
template <class... RocmTidyArgs> __device__ void StoreDirectWarpStriped(RocmTidyArgs &&...);
template <CacheLoadModifier M, class P> __device__ auto ThreadLoad(P p) -> decltype(*p);
template <CacheStoreModifier M, class P, class T> __device__ void ThreadStore(P p, T v);
__device__ unsigned int LaneId();
__device__ unsigned int WarpId();
template <int LOGICAL_WARP_THREADS, class T> __device__ T ShuffleIndex(T v, int src, unsigned long long mask);
template <int LOGICAL_WARP_THREADS, class T> __device__ T ShuffleUp(T v, int delta, int first, unsigned long long m);
template <int LOGICAL_WARP_THREADS, class T> __device__ T ShuffleDown(T v, int delta, int last, unsigned long long m);

// Iterators.
template <class T, class O = long long> struct CountingInputIterator {
  __host__ __device__ CountingInputIterator(const T &);
  __host__ __device__ T operator[](O) const;
  __host__ __device__ T operator*() const;
};
template <class T, class O = long long> struct ConstantInputIterator {
  __host__ __device__ ConstantInputIterator(const T &);
  __host__ __device__ T operator[](O) const;
  __host__ __device__ T operator*() const;
};
template <class V, class Op, class It, class O = long long> struct TransformInputIterator {
  __host__ __device__ TransformInputIterator(It, Op);
  __host__ __device__ V operator[](O) const;
  __host__ __device__ V operator*() const;
};
template <class It, class O = long long, class V = int> struct ArgIndexInputIterator {
  __host__ __device__ ArgIndexInputIterator(It);
  __host__ __device__ KeyValuePair<O, V> operator[](O) const;
};
template <CacheLoadModifier M, class T, class O = long long> struct CacheModifiedInputIterator {
  __host__ __device__ CacheModifiedInputIterator(const T *);
  __host__ __device__ T operator[](O) const;
};
struct DiscardOutputIterator {
  __host__ __device__ DiscardOutputIterator &operator*();
  template <class T> __host__ __device__ void operator=(const T &);
  __host__ __device__ DiscardOutputIterator &operator[](long long);
};
template <class T> struct DoubleBuffer {
  T *d_buffers[2];
  int selector;
  __host__ __device__ DoubleBuffer();
  __host__ __device__ DoubleBuffer(T *current, T *alternate);
  __host__ __device__ T *Current();
  __host__ __device__ T *Alternate();
};

// Device-wide algorithms (called from the host, two phases: size query, then run).
struct DeviceReduce {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Sum);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Min);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Max);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(ArgMin);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(ArgMax);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Reduce);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(ReduceByKey);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(TransformReduce);
};
struct DeviceSegmentedReduce {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Sum);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Min);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Max);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(ArgMin);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(ArgMax);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Reduce);
};
struct DeviceScan {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(InclusiveSum);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(ExclusiveSum);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(InclusiveScan);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(ExclusiveScan);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(InclusiveSumByKey);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(ExclusiveSumByKey);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(InclusiveScanByKey);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(ExclusiveScanByKey);
};
struct DeviceRadixSort {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(SortPairs);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(SortPairsDescending);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(SortKeys);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(SortKeysDescending);
};
struct DeviceSegmentedRadixSort : DeviceRadixSort {};
struct DeviceSegmentedSort : DeviceRadixSort {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(StableSortPairs);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(StableSortKeys);
};
struct DeviceMergeSort {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(SortPairs);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(SortKeys);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(StableSortPairs);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(StableSortKeys);
};
struct DeviceSelect {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Flagged);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(If);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Unique);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(UniqueByKey);
};
struct DevicePartition {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Flagged);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(If);
};
struct DeviceRunLengthEncode {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Encode);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(NonTrivialRuns);
};
struct DeviceHistogram {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(HistogramEven);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(HistogramRange);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(MultiHistogramEven);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(MultiHistogramRange);
};
struct DeviceAdjacentDifference {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(SubtractLeft);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(SubtractLeftCopy);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(SubtractRight);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(SubtractRightCopy);
};
struct DeviceSpmv {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(CsrMV);
};
struct DeviceFor {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(ForEach);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(ForEachN);
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Bulk);
};
struct DeviceCopy {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Batched);
};
struct DeviceMemcpy {
  ROCM_TIDY_HIPCUB_DEVICE_WIDE(Batched);
};

#undef ROCM_TIDY_HIPCUB_VALUE
#undef ROCM_TIDY_HIPCUB_VOID
#undef ROCM_TIDY_HIPCUB_DEVICE_WIDE
#undef ROCM_TIDY_HIPCUB_BLOCK_STORAGE

} // namespace hipcub

#endif // ROCM_TIDY_HIPCUB_STANDIN_H
