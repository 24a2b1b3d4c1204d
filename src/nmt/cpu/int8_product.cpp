#include "nmt/cpu/int8_product.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "nmt/common/error.h"
#include "nmt/cpu/int8_avx2.h"
#include "nmt/cpu/isa.h"

#ifdef NMT_HAVE_DNNL
#include <oneapi/dnnl/dnnl.hpp>

#include "nmt/cpu/dnnl_engine.h"
#endif

namespace nmt::cpu {

const char* int8_kernel_name(Int8Kernel kernel) {
  switch (kernel) {
    case Int8Kernel::kOnednnVnni: return "oneDNN (VNNI)";
    case Int8Kernel::kAvx2: return "nmt avx2";
    default: return "nmt generic";
  }
}

Int8Kernel int8_kernel() {
#ifdef NMT_HAVE_DNNL
  if (int8_vnni()) return Int8Kernel::kOnednnVnni;
#endif
#if defined(__x86_64__)
  if (cpu_isa() != Isa::kGeneric) return Int8Kernel::kAvx2;
#endif
  return Int8Kernel::kGeneric;
}

float quantize_row(const float* x, int64_t n, int8_t* q) {
  float max = 0;
  for (int64_t i = 0; i < n; ++i) max = std::max(max, std::abs(x[i]));
  const float scale = max == 0 ? 1.0f : max / 127.0f;
  for (int64_t i = 0; i < n; ++i) q[i] = static_cast<int8_t>(std::nearbyint(x[i] / scale));
  return scale;
}

#ifdef NMT_HAVE_DNNL
// acc (M, out) = channel_scale[n] * (x (M, in) . q (in, out)), M given per
// call: one primitive for every batch size, the weight packed once.
struct Int8Product::Onednn {
  dnnl::matmul::primitive_desc pd;
  dnnl::matmul matmul;
  std::vector<uint8_t> packed;

  Onednn(const int8_t* q, int64_t out, int64_t in, int64_t ldy) {
    using dt = dnnl::memory::data_type;
    using tag = dnnl::memory::format_tag;
    const auto& engine = dnnl_cpu_engine();
    const dnnl::memory::dim M = DNNL_RUNTIME_DIM_VAL, K = in, N = out;
    dnnl::primitive_attr attr;
    attr.set_output_scales(1 << 1, {DNNL_RUNTIME_F32_VAL});
    attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    const dnnl::memory::desc src({M, K}, dt::s8, tag::ab), dst({M, N}, dt::f32, dnnl::memory::dims{ldy, 1});
    auto describe = [&](tag weights) {
      return dnnl::matmul::desc(src, dnnl::memory::desc({K, N}, dt::s8, weights), dst);
    };
    try {
      pd = dnnl::matmul::primitive_desc(describe(tag::any), attr, engine);
    } catch (const dnnl::error&) {  // no packed layout for this case: the plain one
      pd = dnnl::matmul::primitive_desc(describe(tag::ba), attr, engine);
    }
    matmul = dnnl::matmul(pd);
    // q (out, in) row-major is (in, out) in "ba" order: reordered once.
    dnnl::memory user(dnnl::memory::desc({K, N}, dt::s8, tag::ba), engine, const_cast<int8_t*>(q));
    packed.resize(pd.weights_desc().get_size());
    dnnl::memory to(pd.weights_desc(), engine, packed.data());
    dnnl::stream stream(engine);
    dnnl::reorder(user, to).execute(stream, user, to);
    stream.wait();
  }

  void multiply(const int8_t* x, int64_t rows, int64_t in, int64_t out, const float* scales, float* y,
                int64_t ldy) const {
    using dt = dnnl::memory::data_type;
    using tag = dnnl::memory::format_tag;
    const auto& engine = dnnl_cpu_engine();
    thread_local dnnl::stream stream(engine);
    thread_local std::vector<uint8_t> pad;
    const size_t pad_bytes = pd.scratchpad_desc().get_size() + 1;
    if (pad.size() < pad_bytes) pad.resize(pad_bytes);
    std::unordered_map<int, dnnl::memory> args{
        {DNNL_ARG_SRC, dnnl::memory({{rows, in}, dt::s8, tag::ab}, engine, const_cast<int8_t*>(x))},
        {DNNL_ARG_WEIGHTS, dnnl::memory(pd.weights_desc(), engine, const_cast<uint8_t*>(packed.data()))},
        {DNNL_ARG_DST, dnnl::memory({{rows, out}, dt::f32, dnnl::memory::dims{ldy, 1}}, engine, y)},
        {DNNL_ARG_ATTR_OUTPUT_SCALES, dnnl::memory({{out}, dt::f32, tag::a}, engine, const_cast<float*>(scales))},
        {DNNL_ARG_SCRATCHPAD, dnnl::memory(pd.scratchpad_desc(), engine, pad.data())}};
    matmul.execute(stream, args);
    stream.wait();
  }
};
#else
struct Int8Product::Onednn {};
#endif

Int8Product::Int8Product(const float* weight, int64_t out, int64_t in, int64_t ldy)
    : out_(out), in_(in), ldy_(ldy == 0 ? out : ldy), kernel_(int8_kernel()), scales_(out) {
  NMT_CHECK(out > 0 && in > 0 && ldy_ >= out, "an int8 product of " << out << " x " << in << " into rows of " << ldy_);
  std::vector<int8_t> q(out * in);
  for (int64_t n = 0; n < out; ++n) scales_[n] = quantize_row(weight + n * in, in, q.data() + n * in);
  switch (kernel_) {
#ifdef NMT_HAVE_DNNL
    case Int8Kernel::kOnednnVnni: onednn_ = std::make_unique<Onednn>(q.data(), out, in, ldy_); break;
#endif
#if defined(__x86_64__)
    case Int8Kernel::kAvx2:
      weight_.resize(avx2_packed_bytes(out, in));
      avx2_pack(q.data(), out, in, weight_.data());
      break;
#endif
    default: weight_ = std::move(q); break;
  }
}

Int8Product::~Int8Product() = default;

void Int8Product::multiply(const int8_t* x, int64_t rows, float* y) const {
  if (rows <= 0) return;
  const int64_t ldy = ldy_;
  switch (kernel_) {
#ifdef NMT_HAVE_DNNL
    case Int8Kernel::kOnednnVnni: onednn_->multiply(x, rows, in_, out_, scales_.data(), y, ldy); return;
#endif
#if defined(__x86_64__)
    case Int8Kernel::kAvx2: avx2_multiply(weight_.data(), scales_.data(), out_, in_, x, rows, y, ldy); return;
#endif
    default: break;
  }
  for (int64_t r = 0; r < rows; ++r) {
    const int8_t* a = x + r * in_;
    for (int64_t n = 0; n < out_; ++n) {
      const int8_t* w = weight_.data() + n * in_;
      int32_t sum = 0;
      for (int64_t k = 0; k < in_; ++k) sum += int32_t{a[k]} * int32_t{w[k]};
      y[r * ldy + n] = static_cast<float>(sum) * scales_[n];
    }
  }
}

}  // namespace nmt::cpu
