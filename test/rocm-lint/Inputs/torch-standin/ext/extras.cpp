// Host code of an extension that uses more of PyTorch's API: argument checks (ATen/TensorUtils.h),
// sparse tensors, tensor indexing, logging and pybind11 objects. It parses whole.
#include <ATen/SparseTensorUtils.h>
#include <ATen/TensorUtils.h>
#include <torch/extension.h>

using namespace at::sparse;
using namespace torch::indexing;

at::Tensor rowsOf(const SparseTensor &sparse, const at::Tensor &dense) {
  at::CheckedFrom c = "rowsOf";
  at::TensorArg sparse_arg(sparse, "sparse", 1), dense_arg(dense, "dense", 2);
  at::checkDim(c, dense_arg, 2);
  at::checkSize(c, dense_arg, {sparse_arg->size(0), dense_arg->size(1)});
  at::checkDeviceType(c, {sparse, dense}, at::kCPU);
  TORCH_CHECK(sparse.sparse_dim() == 2 && sparse.is_coalesced(), "expected a coalesced matrix");
  LOG_IF(INFO, sparse._nnz() == 0) << "empty matrix";
  auto rows = sparse._indices().index({0, Slice()});
  auto out = dense.index({Slice(None, 4), Ellipsis}).clone();
  out[0][0] = 1.0f;
  auto acc = out.accessor<float, 2>();
  decltype(acc)::PtrType first = acc[0].data();
  (void)first;
  return at::_sparse_coo_tensor_unsafe(rows.unsqueeze(0), sparse._values(), {sparse.size(0), 1});
}

void bindExtras(pybind11::module_ &m) {
  using namespace pybind11::literals;
  m.def("rows_of", &rowsOf, "sparse"_a, "dense"_a);
  py::list items = m.attr("items");
  (void)py::len(items);
}
