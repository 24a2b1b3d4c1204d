#include "nmt/infer/linear.h"

#include <unordered_map>

#include <oneapi/dnnl/dnnl.hpp>

#include "nmt/common/error.h"
#include "nmt/infer/kernels.h"

namespace nmt::infer {
namespace {

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

const dnnl::engine& cpu_engine() {
  static const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

// Each thread's own: oneDNN's stream, the primitives' scratch space, and the
// int8 input, grown to the largest call and kept.
struct ThreadScratch {
  dnnl::stream stream{cpu_engine()};
  std::vector<uint8_t> pad;
  std::vector<int8_t> q;
  std::vector<float> row_scales;
};

ThreadScratch& scratch() {
  thread_local ThreadScratch s;
  return s;
}

template <typename T>
T* grown(std::vector<T>& v, size_t n) {
  if (v.size() < n) v.resize(n);
  return v.data();
}

}  // namespace

struct Linear::Impl {
  dnnl::matmul::primitive_desc pd;
  dnnl::matmul matmul;
  std::vector<uint8_t> packed;        // the weight in pd.weights_desc()'s layout
  std::vector<float> bias;            // (out), or empty
  std::vector<float> channel_scales;  // int8: (out)
  Activation activation = Activation::kNone;
};

Linear::Linear(const float* weight, const float* bias, int64_t out, int64_t in, Precision precision,
               Activation activation)
    : impl_(std::make_unique<Impl>()), out_(out), in_(in), precision_(precision) {
  auto& m = *impl_;
  if (bias != nullptr) m.bias.assign(bias, bias + out);
  m.activation = activation;
  const bool int8 = precision == Precision::kInt8;
  const dt type = int8 ? dt::s8 : dt::f32;
  std::vector<int8_t> qweight;
  const void* plain = weight;
  if (int8) {  // per output channel: the weight's rows are the input's rows here
    qweight.resize(out * in);
    m.channel_scales.resize(out);
    quantize_rows(weight, out, in, qweight.data(), m.channel_scales.data());
    plain = qweight.data();
  }
  // y (M, out) = x (M, in) . W^T (in, out); M given at each call. Float32
  // adds the bias and applies the activation in the primitive.
  const dnnl::memory::dim M = DNNL_RUNTIME_DIM_VAL, K = in, N = out;
  dnnl::primitive_attr attr;
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  if (int8) attr.set_output_scales(1 << 1, {DNNL_RUNTIME_F32_VAL});
  const bool fused_bias = !int8 && !m.bias.empty();
  if (!int8 && activation != Activation::kNone) {
    dnnl::post_ops ops;
    ops.append_eltwise(1.0f, activation == Activation::kRelu ? dnnl::algorithm::eltwise_relu : dnnl::algorithm::eltwise_swish,
                       activation == Activation::kRelu ? 0.0f : 1.0f, 0.0f);
    attr.set_post_ops(ops);
  }
  const dnnl::memory::desc src({M, K}, type, tag::ab), dst({M, N}, dt::f32, tag::ab);
  const dnnl::memory::desc bias_desc({1, N}, dt::f32, tag::ab);
  auto describe = [&](tag weights) {
    const dnnl::memory::desc w({K, N}, type, weights);
    return fused_bias ? dnnl::matmul::desc(src, w, bias_desc, dst) : dnnl::matmul::desc(src, w, dst);
  };
  try {
    m.pd = dnnl::matmul::primitive_desc(describe(tag::any), attr, cpu_engine());
  } catch (const dnnl::error&) {  // no packed layout for this case: the plain one
    m.pd = dnnl::matmul::primitive_desc(describe(tag::ba), attr, cpu_engine());
  }
  m.matmul = dnnl::matmul(m.pd);
  // W (out, in) row-major is (in, out) in "ba" order: reordered once.
  dnnl::memory user(dnnl::memory::desc({K, N}, type, tag::ba), cpu_engine(), const_cast<void*>(plain));
  m.packed.resize(m.pd.weights_desc().get_size());
  dnnl::memory packed(m.pd.weights_desc(), cpu_engine(), m.packed.data());
  auto& s = scratch();
  dnnl::reorder(user, packed).execute(s.stream, user, packed);
  s.stream.wait();
}

Linear::~Linear() = default;

void Linear::forward(const float* x, int64_t rows, float* y) const {
  if (rows == 0) return;
  const auto& m = *impl_;
  const auto& engine = cpu_engine();
  auto& s = scratch();
  const bool int8 = precision_ == Precision::kInt8;
  const void* input = x;
  if (int8) {
    int8_t* q = grown(s.q, rows * in_);
    quantize_rows(x, rows, in_, q, grown(s.row_scales, rows));
    input = q;
  }
  std::unordered_map<int, dnnl::memory> args{
      {DNNL_ARG_SRC, dnnl::memory({{rows, in_}, int8 ? dt::s8 : dt::f32, tag::ab}, engine, const_cast<void*>(input))},
      {DNNL_ARG_WEIGHTS, dnnl::memory(m.pd.weights_desc(), engine, const_cast<uint8_t*>(m.packed.data()))},
      {DNNL_ARG_DST, dnnl::memory({{rows, out_}, dt::f32, tag::ab}, engine, y)},
      {DNNL_ARG_SCRATCHPAD,
       dnnl::memory(m.pd.scratchpad_desc(), engine, grown(s.pad, m.pd.scratchpad_desc().get_size() + 1))}};
  if (int8) {
    args.emplace(DNNL_ARG_ATTR_OUTPUT_SCALES,
                 dnnl::memory({{out_}, dt::f32, tag::a}, engine, const_cast<float*>(m.channel_scales.data())));
  } else if (!m.bias.empty()) {
    args.emplace(DNNL_ARG_BIAS, dnnl::memory({{1, out_}, dt::f32, tag::ab}, engine, const_cast<float*>(m.bias.data())));
  }
  m.matmul.execute(s.stream, args);
  s.stream.wait();
  if (int8) {
    scale_bias_activation(y, rows, out_, s.row_scales.data(), m.bias.empty() ? nullptr : m.bias.data(), m.activation);
  }
}

}  // namespace nmt::infer
