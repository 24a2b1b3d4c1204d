#include "nmt/model/int8.h"

#include <torch/torch.h>

#include "nmt/common/error.h"

#ifndef NMT_HAVE_DNNL
namespace nmt::model {
struct Int8Linear::Impl {};
bool int8_available() { return false; }
Int8Linear::Int8Linear(const at::Tensor&, const at::Tensor&) {
  NMT_FAIL("int8 needs oneDNN: nmt was built without it (install libdnnl-dev and rebuild)");
}
Int8Linear::~Int8Linear() = default;
at::Tensor Int8Linear::forward(const at::Tensor&) const { return {}; }
}  // namespace nmt::model
#else

#include <unordered_map>
#include <vector>

#include <oneapi/dnnl/dnnl.hpp>

#include "nmt/model/dnnl_engine.h"

namespace nmt::model {
namespace {

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

}  // namespace

const dnnl::engine& dnnl_cpu_engine() {
  static const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

struct Int8Linear::Impl {
  int64_t in = 0, out = 0;
  at::Tensor weight_scales;  // (out) float32
  at::Tensor bias;           // (1, out) float32, or undefined
  at::Tensor packed;         // the int8 weight in the primitive's layout (bytes)
  dnnl::matmul::primitive_desc pd;
  dnnl::matmul matmul;       // executable from several threads at once: the scratchpad is the caller's
};

bool int8_available() { return true; }

Int8Linear::Int8Linear(const at::Tensor& weight, const at::Tensor& bias) : impl_(std::make_unique<Impl>()) {
  torch::NoGradGuard no_grad;
  auto& m = *impl_;
  auto w = weight.detach().to(torch::kCPU, torch::kFloat).contiguous();
  m.out = w.size(0), m.in = w.size(1);
  // Symmetric per output channel: the largest |w| of a row maps to 127.
  m.weight_scales = w.abs().amax(1).clamp_min(1e-12).div(127.0).contiguous();
  auto qweight = w.div(m.weight_scales.unsqueeze(1)).round().clamp(-127, 127).to(torch::kChar).contiguous();
  if (bias.defined()) m.bias = bias.detach().to(torch::kCPU, torch::kFloat).reshape({1, m.out}).contiguous();

  // acc (M, out) = weight_scale[n] * (x_int8 (M, in) . w_int8 (in, out)); M given per call. The row
  // scales and the bias are applied afterwards (forward), since oneDNN 2.6
  // takes output scales per column or per tensor, not per row.
  const dnnl::memory::dim M = DNNL_RUNTIME_DIM_VAL, K = m.in, N = m.out;
  dnnl::primitive_attr attr;
  attr.set_output_scales(1 << 1, {DNNL_RUNTIME_F32_VAL});
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  const dnnl::memory::desc src({M, K}, dt::s8, tag::ab), dst({M, N}, dt::f32, tag::ab);
  try {
    m.pd = dnnl::matmul::primitive_desc(dnnl::matmul::desc(src, dnnl::memory::desc({K, N}, dt::s8, tag::any), dst),
                                        attr, dnnl_cpu_engine());
  } catch (const dnnl::error&) {  // no packed layout for run-time M: the plain one
    m.pd = dnnl::matmul::primitive_desc(dnnl::matmul::desc(src, dnnl::memory::desc({K, N}, dt::s8, tag::ba), dst),
                                        attr, dnnl_cpu_engine());
  }
  m.matmul = dnnl::matmul(m.pd);
  // The weight (out, in) row-major is (in, out) in "ba" order; reorder it once.
  dnnl::memory user(dnnl::memory::desc({K, N}, dt::s8, tag::ba), dnnl_cpu_engine(), qweight.data_ptr());
  m.packed = torch::empty({static_cast<int64_t>(m.pd.weights_desc().get_size())}, torch::kByte);
  dnnl::memory packed(m.pd.weights_desc(), dnnl_cpu_engine(), m.packed.data_ptr());
  dnnl::stream stream(dnnl_cpu_engine());
  dnnl::reorder(user, packed).execute(stream, user, packed);
  stream.wait();
}

Int8Linear::~Int8Linear() = default;

at::Tensor Int8Linear::forward(const at::Tensor& x) const {
  const auto& m = *impl_;
  NMT_CHECK(x.size(-1) == m.in, "int8 linear layer of " << m.in << " inputs given " << x.size(-1));
  const int64_t rows = x.numel() / m.in;
  auto flat = x.reshape({rows, m.in}).to(torch::kFloat).contiguous();
  // Symmetric per row: the largest |x| of a row maps to 127. One scale per
  // row, not per call, so that a sentence's result does not depend on the
  // other rows of its batch.
  auto row_scales = flat.abs().amax(1, /*keepdim=*/true).div_(127.0f);  // (rows, 1)
  row_scales.masked_fill_(row_scales.eq(0), 1.0f);
  auto qx = flat.div(row_scales).round_().clamp_(-127, 127).to(torch::kChar);
  auto y = torch::empty({rows, m.out}, torch::kFloat);
  if (rows > 0) {
    const auto& engine = dnnl_cpu_engine();
    auto scratch = torch::empty({static_cast<int64_t>(m.pd.scratchpad_desc().get_size())}, torch::kByte);
    std::unordered_map<int, dnnl::memory> args{
        {DNNL_ARG_SRC, dnnl::memory({{rows, m.in}, dt::s8, tag::ab}, engine, qx.data_ptr())},
        {DNNL_ARG_WEIGHTS, dnnl::memory(m.pd.weights_desc(), engine, m.packed.data_ptr())},
        {DNNL_ARG_DST, dnnl::memory({{rows, m.out}, dt::f32, tag::ab}, engine, y.data_ptr())},
        {DNNL_ARG_ATTR_OUTPUT_SCALES, dnnl::memory({{m.out}, dt::f32, tag::a}, engine, m.weight_scales.data_ptr())},
        {DNNL_ARG_SCRATCHPAD, dnnl::memory(m.pd.scratchpad_desc(), engine, scratch.data_ptr())}};
    thread_local dnnl::stream stream(engine);
    m.matmul.execute(stream, args);
    stream.wait();
    if (m.bias.defined()) {
      y = torch::addcmul(m.bias, y, row_scales);  // bias + row_scale[m] * acc
    } else {
      y.mul_(row_scales);
    }
  }
  std::vector<int64_t> sizes(x.sizes().begin(), x.sizes().end());
  sizes.back() = m.out;
  return y.view(sizes);
}

}  // namespace nmt::model
#endif  // NMT_HAVE_DNNL
