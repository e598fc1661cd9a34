// Allocations into pointer fields of objects the function owns: a local struct ("layer.w") or one it
// created ("s->buf" after new/malloc). Fields of parameters, of 'this', of objects with destructors
// and of objects handed on stay quiet: their owner frees them.
// RUN: %clang_tidy -checks='-*,rocm-unmatched-device-alloc' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:'

#include <hip/hip_runtime.h>
#include <cstdlib>

bool simulateFailure();
__global__ void axpy(float *y, const float *x, float a);

struct Layer {
  float *w;
  float *b;
  int n;
};

int localStruct(int n) {
  Layer layer;
  layer.n = n;
  if (hipMalloc(&layer.w, n * sizeof(float)) != hipSuccess)
    return 1;
  if (hipMalloc(&layer.b, n * sizeof(float)) != hipSuccess)
    return 2;
  // CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 'layer.w' by 'hipMalloc' is not freed on this path; free it with 'hipFree' before returning or own it with a RAII wrapper [rocm-unmatched-device-alloc]
  // CHECK: :[[@LINE-5]]:7: note: 'layer.w' is allocated here
  axpy<<<1, 64>>>(layer.w, layer.b, 2.0f);
  hipFree(layer.w);
  hipFree(layer.b);
  return 0;
}

struct Ctx {
  float *buf;
  double *acc;
};

// The object is made here and freed here; its field is not.
Ctx *created(int n) {
  Ctx *s = (Ctx *)malloc(sizeof(Ctx));
  if (hipMalloc((void **)&s->buf, n) != hipSuccess) {
    free(s);
    return nullptr;
  }
  if (hipMalloc(&s->acc, n) != hipSuccess) {
    free(s);
    return nullptr;
    // CHECK: :[[@LINE-1]]:5: warning: device memory allocated into 's->buf' by 'hipMalloc' is not freed on this path
    // CHECK: :[[@LINE-8]]:7: note: 's->buf' is allocated here
  }
  return s;
}

// Freed through the field, or dropped by a null: as for a plain pointer.
int nulledField(int n) {
  Layer layer;
  if (hipMalloc(&layer.w, n) != hipSuccess)
    return 1;
  layer.w = nullptr;
  // CHECK: :[[@LINE-1]]:3: warning: device memory allocated into 'layer.w' by 'hipMalloc' is lost when 'layer.w' is set to null here; free it with 'hipFree' first
  // CHECK: :[[@LINE-4]]:7: note: 'layer.w' is allocated here
  return 0;
}

int freedField(int n) {
  Layer layer;
  if (hipMalloc(&layer.w, n) != hipSuccess)
    return 1;
  if (simulateFailure()) {
    hipFree(layer.w);
    return 2;
  }
  hipFree(layer.w);
  return 0;
}

// Not reported: the object leaves the function (returned, copied out, passed by reference), so
// its owner frees the fields later.
bool initLayer(Layer &out, int n);
Layer makeLayer(int n) {
  Layer layer;
  if (hipMalloc(&layer.w, n) != hipSuccess)
    layer.w = nullptr;
  return layer;
}
int copiedOut(Layer *out, int n) {
  Layer layer;
  if (hipMalloc(&layer.w, n) != hipSuccess)
    return 1;
  *out = layer;
  return 0;
}
int handedOn(int n) {
  Layer layer;
  if (hipMalloc(&layer.w, n) != hipSuccess)
    return 1;
  return initLayer(layer, n) ? 0 : 2;
}

// Not reported: fields of a parameter and of 'this' belong to the caller's object.
int intoParam(Layer *l, int n) {
  if (hipMalloc(&l->w, n) != hipSuccess)
    return 1;
  if (hipMalloc(&l->b, n) != hipSuccess)
    return 2;
  return 0;
}
struct Model {
  float *weights = nullptr;
  int load(int n) {
    if (hipMalloc(&weights, n) != hipSuccess)
      return 1;
    if (simulateFailure())
      return 2;
    return 0;
  }
  ~Model() { hipFree(weights); }
};

// Not reported: the struct frees its fields in its destructor.
struct Owned {
  float *p = nullptr;
  ~Owned() { hipFree(p); }
};
int raii(int n) {
  Owned o;
  if (hipMalloc(&o.p, n) != hipSuccess)
    return 1;
  if (simulateFailure())
    return 2;
  return 0;
}

// Not reported: an object that did not come from new/malloc here may be the caller's.
Ctx *lookup(int id);
int aliased(int id, int n) {
  Ctx *s = lookup(id);
  if (hipMalloc(&s->buf, n) != hipSuccess)
    return 1;
  if (simulateFailure())
    return 2;
  return 0;
}
