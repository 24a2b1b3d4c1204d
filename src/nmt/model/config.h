#pragma once
// Model hyper-parameters: a plain struct with the paper's defaults, presets,
// and JSON (de)serialisation so every checkpoint says how it was built.
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace nmt::model {

struct ModelConfig {
  int64_t src_vocab = 8000;
  int64_t tgt_vocab = 8000;
  int64_t d_model = 256;
  int64_t heads = 4;
  int64_t encoder_layers = 3;
  int64_t decoder_layers = 3;
  int64_t ffn = 1024;
  double dropout = 0.1;
  bool pre_norm = false;         // false: x = LN(x + f(x)) as in the paper
  bool share_embeddings = false; // one embedding table for source and target (joint vocabulary only)
  bool tie_output = false;       // output projection = target embedding (transposed)
  int64_t max_positions = 1024;  // longest sequence the positional table covers
  // What imported models (Marian's) differ in; ours keep the defaults.
  std::string activation = "relu";     // feed-forward: relu | swish (x * sigmoid(x))
  double layer_norm_eps = 1e-5;        // Marian: 1e-6
  std::string positions = "interleaved";  // sinusoid columns: interleaved (sin, cos, sin...) | halves (Marian: all
                                          // sines, then all cosines, frequencies 10000^(-i/(D/2-1)))

  int64_t head_dim() const { return d_model / heads; }
  void validate() const;         // throws nmt::Error naming the bad field
};

// tiny (tests), small (256/4/3+3/1024), base (512/8/6+6/2048), big (1024/16/6+6/4096);
// students for distillation: student-tiny (256/8/6+2/1536), student-base (512/8/6+2/2048), pre-norm.
ModelConfig preset(const std::string& name);

nlohmann::json to_json(const ModelConfig& config);
// Unknown keys are an error (a typo must not silently fall back to a default).
ModelConfig model_config_from_json(const nlohmann::json& j, ModelConfig base = {});

// The first field in which two configs differ, with both values as JSON
// text, for messages such as "model.ffn is 96 there but 64 here".
struct ConfigDifference {
  std::string field, a, b;
};
std::optional<ConfigDifference> first_difference(const ModelConfig& a, const ModelConfig& b);

}  // namespace nmt::model
