#include "nmt/model/int8.h"

#include <algorithm>
#include <mutex>
#include <sstream>

#include <ATen/Context.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/torch.h>

#include "nmt/common/error.h"

namespace nmt::model {
namespace {

c10::OperatorHandle op(const char* name) {
  return c10::Dispatcher::singleton().findSchemaOrThrow(name, "");
}

}  // namespace

void select_int8_engine() {
  static std::once_flag once;
  std::call_once(once, [] {
    auto& context = at::globalContext();
    const auto& engines = context.supportedQEngines();
    auto has = [&](at::QEngine e) { return std::find(engines.begin(), engines.end(), e) != engines.end(); };
    if (has(at::QEngine::ONEDNN)) {
      context.setQEngine(at::QEngine::ONEDNN);
    } else if (has(at::QEngine::X86)) {
      context.setQEngine(at::QEngine::X86);
    } else if (has(at::QEngine::FBGEMM)) {
      context.setQEngine(at::QEngine::FBGEMM);
    } else {
      std::ostringstream names;
      for (auto e : engines) names << ' ' << c10::toString(e);
      NMT_FAIL("--quantize int8: this LibTorch has no x86 int8 engine (it offers:" << names.str() << ")");
    }
  });
}

Int8Linear::Int8Linear(const at::Tensor& weight, const at::Tensor& bias) {
  select_int8_engine();
  torch::NoGradGuard no_grad;
  auto w = weight.detach().to(torch::kCPU, torch::kFloat).contiguous();
  // Symmetric per output channel: the largest |w| of a row maps to 127.
  auto scales = w.abs().amax(1).clamp_min(1e-12).div(127.0).to(torch::kDouble);
  auto zero_points = torch::zeros({w.size(0)}, torch::kLong);
  auto qweight = at::quantize_per_channel(w, scales, zero_points, 0, torch::kQInt8);
  c10::optional<at::Tensor> b;
  if (bias.defined()) b = bias.detach().to(torch::kCPU, torch::kFloat).contiguous();
  static const auto prepack = op("quantized::linear_prepack");
  torch::jit::Stack stack{qweight, b};
  prepack.callBoxed(&stack);
  packed_ = std::move(stack.at(0));
}

at::Tensor Int8Linear::forward(const at::Tensor& x) const {
  static const auto linear = op("quantized::linear_dynamic");
  torch::jit::Stack stack{x.contiguous(), packed_, /*reduce_range=*/false};
  linear.callBoxed(&stack);
  return stack.at(0).toTensor();
}

}  // namespace nmt::model
