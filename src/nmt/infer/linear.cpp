#include "nmt/infer/linear.h"

#include <unordered_map>

#include <oneapi/dnnl/dnnl.hpp>

#include "nmt/common/error.h"
#include "nmt/infer/kernels.h"
#include "nmt/infer/thread_pool.h"
#include "nmt/cpu/dnnl_engine.h"
#include "nmt/cpu/int8_product.h"

namespace nmt::infer {
namespace {

using dt = dnnl::memory::data_type;
using tag = dnnl::memory::format_tag;

// Each thread's own: oneDNN's stream, the primitives' scratch space, and the
// int8 input, grown to the largest call and kept.
struct ThreadScratch {
  dnnl::stream stream{cpu::dnnl_cpu_engine()};
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
  // float32: a oneDNN primitive and the part's weight packed for it.
  dnnl::matmul::primitive_desc pd;
  dnnl::matmul matmul;
  std::vector<uint8_t> packed;  // in pd.weights_desc()'s layout
  // int8: the shared int8 product (cpu/int8_product.h) of the part's rows of W.
  std::unique_ptr<cpu::Int8Product> int8;
};

struct Linear::Impl {
  std::vector<Part> parts;
  std::vector<float> bias;  // (out), or empty
  Activation activation = Activation::kNone;
};

Linear::Linear(const float* weight, const float* bias, int64_t out, int64_t in, Precision precision,
               Activation activation, int parts)
    : impl_(std::make_unique<Impl>()), out_(out), in_(in), precision_(precision) {
  NMT_CHECK(parts >= 1, "a linear layer in " << parts << " parts");
  auto& m = *impl_;
  if (bias != nullptr) m.bias.assign(bias, bias + out);
  m.activation = activation;
  const int64_t n_parts = std::min<int64_t>(parts, out);
  for (int64_t p = 0; p < n_parts; ++p) {
    Part part;
    part.first = out * p / n_parts, part.count = out * (p + 1) / n_parts - part.first;
    const float* rows = weight + part.first * in;  // the part's rows of W (out, in)
    if (precision == Precision::kInt8) {
      part.int8 = std::make_unique<cpu::Int8Product>(rows, part.count, in, out);
    } else {
      make_float32_part(part, rows);
    }
    m.parts.push_back(std::move(part));
  }
}

// y[:, part] (M, count) = x (M, in) . W[part]^T (in, count), M given at each
// call; the bias and the activation in the primitive, so y is written once.
void Linear::make_float32_part(Part& part, const float* rows) const {
  const auto& m = *impl_;
  const dnnl::memory::dim M = DNNL_RUNTIME_DIM_VAL, K = in_, N = part.count;
  dnnl::primitive_attr attr;
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  if (m.activation != Activation::kNone) {
    dnnl::post_ops ops;
    const bool relu = m.activation == Activation::kRelu;
    ops.append_eltwise(1.0f, relu ? dnnl::algorithm::eltwise_relu : dnnl::algorithm::eltwise_swish, relu ? 0.0f : 1.0f,
                       0.0f);
    attr.set_post_ops(ops);
  }
  const dnnl::memory::desc src({M, K}, dt::f32, tag::ab), dst({M, N}, dt::f32, dnnl::memory::dims{out_, 1});
  const dnnl::memory::desc bias_desc({1, N}, dt::f32, tag::ab);
  auto describe = [&](tag weights) {
    const dnnl::memory::desc w({K, N}, dt::f32, weights);
    return m.bias.empty() ? dnnl::matmul::desc(src, w, dst) : dnnl::matmul::desc(src, w, bias_desc, dst);
  };
  try {
    part.pd = dnnl::matmul::primitive_desc(describe(tag::any), attr, cpu::dnnl_cpu_engine());
  } catch (const dnnl::error&) {  // no packed layout for this case: the plain one
    part.pd = dnnl::matmul::primitive_desc(describe(tag::ba), attr, cpu::dnnl_cpu_engine());
  }
  part.matmul = dnnl::matmul(part.pd);
  // The part's rows of W, row-major, are (in, count) in "ba" order: reordered once.
  dnnl::memory user(dnnl::memory::desc({K, N}, dt::f32, tag::ba), cpu::dnnl_cpu_engine(), const_cast<float*>(rows));
  part.packed.resize(part.pd.weights_desc().get_size());
  dnnl::memory packed(part.pd.weights_desc(), cpu::dnnl_cpu_engine(), part.packed.data());
  auto& s = scratch();
  dnnl::reorder(user, packed).execute(s.stream, user, packed);
  s.stream.wait();
}

Linear::~Linear() = default;

void Linear::forward_part(const Part& part, const void* input, int64_t rows, const float* row_scales, float* y) const {
  const auto& m = *impl_;
  float* out = y + part.first;
  if (part.int8) {
    part.int8->multiply(static_cast<const int8_t*>(input), rows, out);
    const float* bias = m.bias.empty() ? nullptr : m.bias.data() + part.first;
    for (int64_t r = 0; r < rows; ++r) {
      scale_bias_activation(out + r * out_, 1, part.count, row_scales + r, bias, m.activation);
    }
    return;
  }
  const auto& engine = cpu::dnnl_cpu_engine();
  auto& s = scratch();  // the running thread's
  std::unordered_map<int, dnnl::memory> args{
      {DNNL_ARG_SRC, dnnl::memory({{rows, in_}, dt::f32, tag::ab}, engine, const_cast<void*>(input))},
      {DNNL_ARG_WEIGHTS, dnnl::memory(part.pd.weights_desc(), engine, const_cast<uint8_t*>(part.packed.data()))},
      {DNNL_ARG_DST, dnnl::memory({{rows, part.count}, dt::f32, dnnl::memory::dims{out_, 1}}, engine, out)},
      {DNNL_ARG_SCRATCHPAD,
       dnnl::memory(part.pd.scratchpad_desc(), engine, grown(s.pad, part.pd.scratchpad_desc().get_size() + 1))}};
  if (!m.bias.empty()) {
    args.emplace(DNNL_ARG_BIAS, dnnl::memory({{1, part.count}, dt::f32, tag::ab}, engine,
                                             const_cast<float*>(m.bias.data() + part.first)));
  }
  part.matmul.execute(s.stream, args);
  s.stream.wait();
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
