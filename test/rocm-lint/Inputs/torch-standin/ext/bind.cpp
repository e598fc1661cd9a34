// The binding file of an extension: pybind11 through torch/extension.h, a custom operator library,
// tensor arithmetic and factories. It parses whole against the stand-ins.
#include <torch/extension.h>
#include <vector>

at::Tensor rowMaxCuda(const at::Tensor &in);

std::vector<torch::Tensor> normalise(const torch::Tensor &a, const torch::Tensor &b) {
  TORCH_CHECK(a.dim() == 2 && a.size(0) == b.size(0), "shapes differ");
  auto flat = a.view({a.size(0), -1}).contiguous();
  auto zero = at::zeros_like(b).fill_(0);
  auto scale = torch::empty({a.size(0), 3}, torch::dtype(torch::kFloat32).device(a.device()));
  const float total = a.sum().item<float>();
  for (auto i : c10::irange(a.size(0)))
    (void)i;
  if (a.dtype() == torch::kHalf)
    flat = flat.to(torch::kFloat);
  return {flat, zero + scale * total};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("row_max", &rowMaxCuda, "row maxima", py::arg("in"));
  m.def("normalise", &normalise);
}

TORCH_LIBRARY(rows, m) { m.def("row_max(Tensor x) -> Tensor"); }
