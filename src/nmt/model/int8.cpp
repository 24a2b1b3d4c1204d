#include "nmt/model/int8.h"

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/cpu/int8_product.h"

namespace nmt::model {

Int8Linear::Int8Linear(const at::Tensor& weight, const at::Tensor& bias) {
  torch::NoGradGuard no_grad;
  auto w = weight.detach().to(torch::kCPU, torch::kFloat).contiguous();
  product_ = std::make_unique<cpu::Int8Product>(w.data_ptr<float>(), w.size(0), w.size(1));
  if (bias.defined()) bias_ = bias.detach().to(torch::kCPU, torch::kFloat).reshape({1, w.size(0)}).contiguous();
}

Int8Linear::~Int8Linear() = default;

at::Tensor Int8Linear::forward(const at::Tensor& x) const {
  const int64_t in = product_->in(), out = product_->out();
  NMT_CHECK(x.size(-1) == in, "int8 linear layer of " << in << " inputs given " << x.size(-1));
  const int64_t rows = x.numel() / in;
  auto flat = x.reshape({rows, in}).to(torch::kFloat).contiguous();
  auto qx = torch::empty({rows, in}, torch::kChar);
  auto row_scales = torch::empty({rows, 1}, torch::kFloat);  // symmetric per row
  auto y = torch::empty({rows, out}, torch::kFloat);
  const float* src = flat.data_ptr<float>();
  auto* q = qx.data_ptr<int8_t>();
  float* scales = row_scales.data_ptr<float>();
  float* dst = y.data_ptr<float>();
  // Rows are independent: blocks of them on LibTorch's threads.
  at::parallel_for(0, rows, 8, [&](int64_t begin, int64_t end) {
    for (int64_t r = begin; r < end; ++r) scales[r] = cpu::quantize_row(src + r * in, in, q + r * in);
    product_->multiply(q + begin * in, end - begin, dst + begin * out);
  });
  if (rows > 0) y = bias_.defined() ? torch::addcmul(bias_, y, row_scales) : y.mul_(row_scales);  // bias + row_scale[m] * acc
  std::vector<int64_t> sizes(x.sizes().begin(), x.sizes().end());
  sizes.back() = out;
  return y.view(sizes);
}

}  // namespace nmt::model
