// rocm-tidy's stand-in for rocThrust's thrust/tuple.h and thrust/pair.h, served when the analysed
// machine has no rocThrust (Debian's HIP packages have none). Without it a PyTorch extension's kernel
// that returns a thrust::tuple (pytorch3d's rasterizers) is dropped as invalid with its launches.
// clang compiles constexpr functions for the host and the device alike, as the standard tuple's and
// pair's are, so the standard types stand in for rocThrust's: the same get/make_tuple/tie interface.
// One difference: assigning a whole tuple (thrust::tie(a, b) = ...) is constexpr only from C++20, so
// device code that does it under C++17 reports a follow-on diagnostic.
#pragma clang system_header

#ifndef ROCM_TIDY_THRUST_TUPLE_STANDIN_H
#define ROCM_TIDY_THRUST_TUPLE_STANDIN_H

#include <tuple>
#include <utility>

#define ROCM_TIDY_THRUST_TUPLE_STANDIN 1

namespace thrust {
using std::get;
using std::make_pair;
using std::make_tuple;
using std::pair;
using std::tie;
using std::tuple;
using std::tuple_element;
using std::tuple_size;
} // namespace thrust

#endif // ROCM_TIDY_THRUST_TUPLE_STANDIN_H
