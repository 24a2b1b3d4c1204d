#include "nmt/infer/linear.h"

#include <unordered_map>

#include <oneapi/dnnl/dnnl.hpp>

#include "nmt/common/error.h"
#include "nmt/infer/kernels.h"
#include "nmt/infer/thread_pool.h"
#include "nmt/model/dnnl_engine.h"

namespace nmt::infer {
namespace {

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

// Each thread's own: oneDNN's stream, the primitives' scratch space, and the
// int8 input, grown to the largest call and kept.
struct ThreadScratch {
  dnnl::stream stream{model::dnnl_cpu_engine()};
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

// Output columns [first, first + count): a primitive of their own, writing
// into y with y's row stride.
struct Linear::Part {
  int64_t first = 0, count = 0;
  dnnl::matmul::primitive_desc pd;
  dnnl::matmul matmul;
  std::vector<uint8_t> packed;  // the part's weight in pd.weights_desc()'s layout
};

struct Linear::Impl {
  std::vector<Part> parts;
  std::vector<float> bias;            // (out), or empty
  std::vector<float> channel_scales;  // int8: (out)
  Activation activation = Activation::kNone;
};

Linear::Linear(const float* weight, const float* bias, int64_t out, int64_t in, Precision precision,
               Activation activation, int parts)
    : impl_(std::make_unique<Impl>()), out_(out), in_(in), precision_(precision) {
  NMT_CHECK(parts >= 1, "a linear layer in " << parts << " parts");
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
  const size_t element = int8 ? 1 : sizeof(float);
  const int64_t n_parts = std::min<int64_t>(parts, out);
  for (int64_t p = 0; p < n_parts; ++p) {
    Part part;
    part.first = out * p / n_parts, part.count = out * (p + 1) / n_parts - part.first;
    // y[:, part] (M, count) = x (M, in) . W[part]^T (in, count); M given at
    // each call. Float32 adds the bias and applies the activation in the
    // primitive.
    const dnnl::memory::dim M = DNNL_RUNTIME_DIM_VAL, K = in, N = part.count;
    dnnl::primitive_attr attr;
    attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    if (int8) attr.set_output_scales(1 << 1, {DNNL_RUNTIME_F32_VAL});
    const bool fused_bias = !int8 && !m.bias.empty();
    if (!int8 && activation != Activation::kNone) {
      dnnl::post_ops ops;
      ops.append_eltwise(1.0f,
                         activation == Activation::kRelu ? dnnl::algorithm::eltwise_relu : dnnl::algorithm::eltwise_swish,
                         activation == Activation::kRelu ? 0.0f : 1.0f, 0.0f);
      attr.set_post_ops(ops);
    }
    const dnnl::memory::desc src({M, K}, type, tag::ab), dst({M, N}, dt::f32, dnnl::memory::dims{out, 1});
    const dnnl::memory::desc bias_desc({1, N}, dt::f32, tag::ab);
    auto describe = [&](tag weights) {
      const dnnl::memory::desc w({K, N}, type, weights);
      return fused_bias ? dnnl::matmul::desc(src, w, bias_desc, dst) : dnnl::matmul::desc(src, w, dst);
    };
    try {
      part.pd = dnnl::matmul::primitive_desc(describe(tag::any), attr, model::dnnl_cpu_engine());
    } catch (const dnnl::error&) {  // no packed layout for this case: the plain one
      part.pd = dnnl::matmul::primitive_desc(describe(tag::ba), attr, model::dnnl_cpu_engine());
    }
    part.matmul = dnnl::matmul(part.pd);
    // The part's rows of W (out, in), row-major, are (in, count) in "ba"
    // order: reordered once.
    const auto* rows = static_cast<const uint8_t*>(plain) + part.first * in * element;
    dnnl::memory user(dnnl::memory::desc({K, N}, type, tag::ba), model::dnnl_cpu_engine(), const_cast<uint8_t*>(rows));
    part.packed.resize(part.pd.weights_desc().get_size());
    dnnl::memory packed(part.pd.weights_desc(), model::dnnl_cpu_engine(), part.packed.data());
    auto& s = scratch();
    dnnl::reorder(user, packed).execute(s.stream, user, packed);
    s.stream.wait();
    m.parts.push_back(std::move(part));
  }
}

Linear::~Linear() = default;

void Linear::forward_part(const Part& part, const void* input, int64_t rows, const float* row_scales, float* y) const {
  const auto& m = *impl_;
  const auto& engine = model::dnnl_cpu_engine();
  auto& s = scratch();  // the running thread's
  const bool int8 = precision_ == Precision::kInt8;
  float* out = y + part.first;
  std::unordered_map<int, dnnl::memory> args{
      {DNNL_ARG_SRC, dnnl::memory({{rows, in_}, int8 ? dt::s8 : dt::f32, tag::ab}, engine, const_cast<void*>(input))},
      {DNNL_ARG_WEIGHTS, dnnl::memory(part.pd.weights_desc(), engine, const_cast<uint8_t*>(part.packed.data()))},
      {DNNL_ARG_DST, dnnl::memory({{rows, part.count}, dt::f32, dnnl::memory::dims{out_, 1}}, engine, out)},
      {DNNL_ARG_SCRATCHPAD,
       dnnl::memory(part.pd.scratchpad_desc(), engine, grown(s.pad, part.pd.scratchpad_desc().get_size() + 1))}};
  if (int8) {
    args.emplace(DNNL_ARG_ATTR_OUTPUT_SCALES,
                 dnnl::memory({{part.count}, dt::f32, tag::a}, engine,
                              const_cast<float*>(m.channel_scales.data() + part.first)));
  } else if (!m.bias.empty()) {
    args.emplace(DNNL_ARG_BIAS, dnnl::memory({{1, part.count}, dt::f32, tag::ab}, engine,
                                             const_cast<float*>(m.bias.data() + part.first)));
  }
  part.matmul.execute(s.stream, args);
  s.stream.wait();
  if (int8) {
    const float* bias = m.bias.empty() ? nullptr : m.bias.data() + part.first;
    for (int64_t r = 0; r < rows; ++r) {
      scale_bias_activation(out + r * out_, 1, part.count, row_scales + r, bias, m.activation);
    }
  }
}

void Linear::forward(const float* x, int64_t rows, float* y, ThreadPool* pool) const {
  if (rows == 0) return;
  const auto& m = *impl_;
  const void* input = x;
  const float* row_scales = nullptr;
  if (precision_ == Precision::kInt8) {  // once, on the calling thread, for every part
    auto& s = scratch();
    int8_t* q = grown(s.q, rows * in_);
    row_scales = grown(s.row_scales, rows);
    quantize_rows(x, rows, in_, q, s.row_scales.data());
    input = q;
  }
  run_tasks(pool, static_cast<int>(m.parts.size()),
            [&](int p) { forward_part(m.parts[p], input, rows, row_scales, y); });
}

}  // namespace nmt::infer
