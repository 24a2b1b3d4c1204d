// checkpoint_diff A.pt B.pt [TOLERANCE]: prints the largest difference
// between the two checkpoints' parameters, each relative to the largest
// value of its tensor, and exits 1 when it exceeds TOLERANCE (default 0:
// identical) or the checkpoints' steps or parameter lists differ.
//
// The attention's key biases are reported apart and not held to TOLERANCE:
// adding one number to every key's logit leaves the softmax unchanged, so
// their gradient is zero in exact arithmetic, and Adam (which divides by the
// gradient's own size) turns the rounding noise of any two summation orders
// into steps of about +-lr. Every other parameter must agree.
#include <cstdlib>
#include <iostream>

#include <torch/torch.h>

#include "nmt/train/checkpoint.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: checkpoint_diff A.pt B.pt [TOLERANCE]\n";
    return 2;
  }
  const double tolerance = argc > 3 ? std::atof(argv[3]) : 0.0;
  nmt::train::LoadedCheckpoint a, b;
  try {
    a = nmt::train::load_checkpoint(argv[1]), b = nmt::train::load_checkpoint(argv[2]);
  } catch (const std::exception& e) {
    std::cout << "error: " << e.what() << "\n";
    return 1;
  }
  if (a.info.step != b.info.step) {
    std::cout << "steps differ: " << a.info.step << " and " << b.info.step << "\n";
    return 1;
  }
  const auto pa = a.model->named_parameters(), pb = b.model->named_parameters();
  if (pa.size() != pb.size()) {
    std::cout << "parameter counts differ: " << pa.size() << " and " << pb.size() << "\n";
    return 1;
  }
  const int64_t d_model = a.model_config.d_model;
  auto ends_with = [](const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
  };
  double worst = 0, worst_key_bias = 0;
  std::string where;
  for (const auto& item : pa) {
    auto x = item.value().detach().clone(), y = pb[item.key()].detach().clone();
    const double top = std::max(x.abs().max().item<double>(), 1e-12);
    // qkv: (q, k, v) parts; kv: (k, v).
    const int64_t key_at = ends_with(item.key(), ".qkv.bias") ? d_model : ends_with(item.key(), ".kv.bias") ? 0 : -1;
    if (key_at >= 0) {
      const double k = (x.narrow(0, key_at, d_model) - y.narrow(0, key_at, d_model)).abs().max().item<double>() / top;
      worst_key_bias = std::max(worst_key_bias, k);
      x.narrow(0, key_at, d_model).zero_(), y.narrow(0, key_at, d_model).zero_();
    }
    const double d = (x - y).abs().max().item<double>() / top;
    if (std::getenv("CHECKPOINT_DIFF_ALL")) std::cout << item.key() << " " << d << "\n";
    if (d > worst) worst = d, where = item.key();
  }
  std::cout << "step " << a.info.step << ": largest relative parameter difference " << worst
            << (where.empty() ? "" : " (" + where + ")") << "; key biases " << worst_key_bias << "\n";
  return worst <= tolerance ? 0 : 1;
}
