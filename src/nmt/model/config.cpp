#include "nmt/model/config.h"

#include <nlohmann/json.hpp>

#include "nmt/common/error.h"
#include "nmt/model/config_options.h"

namespace nmt::model {

ModelConfig preset(const std::string& name) {
  ModelConfig c;
  if (name == "tiny") {
    c.d_model = 64, c.heads = 4, c.encoder_layers = 2, c.decoder_layers = 2, c.ffn = 256;
  } else if (name == "small") {
    c.d_model = 256, c.heads = 4, c.encoder_layers = 3, c.decoder_layers = 3, c.ffn = 1024;
  } else if (name == "base") {
    c.d_model = 512, c.heads = 8, c.encoder_layers = 6, c.decoder_layers = 6, c.ffn = 2048;
  } else if (name == "big") {
    c.d_model = 1024, c.heads = 16, c.encoder_layers = 6, c.decoder_layers = 6, c.ffn = 4096;
    c.dropout = 0.3;
  } else if (name == "student-tiny") {
    // Students for distillation (nmt distill), after Bergamot's: a deep
    // encoder, which runs once per sentence, and a 2-layer decoder, which
    // runs once per output token; pre-norm, as --preset auto.
    c.d_model = 256, c.heads = 8, c.encoder_layers = 6, c.decoder_layers = 2, c.ffn = 1536, c.pre_norm = true;
  } else if (name == "student-base") {
    c.d_model = 512, c.heads = 8, c.encoder_layers = 6, c.decoder_layers = 2, c.ffn = 2048, c.pre_norm = true;
  } else {
    NMT_FAIL("unknown preset '" << name << "' (expected tiny, small, base, big, student-tiny or student-base)");
  }
  return c;
}

void ModelConfig::validate() const {
  NMT_CHECK(d_model > 0 && heads > 0 && d_model % heads == 0,
            "model.d_model (" << d_model << ") must be a positive multiple of model.heads (" << heads << ")");
  NMT_CHECK(d_model % 2 == 0, "model.d_model must be even for sinusoidal positions, got " << d_model);
  NMT_CHECK(encoder_layers > 0 && decoder_layers > 0, "model.encoder_layers and model.decoder_layers must be > 0");
  NMT_CHECK(ffn > 0, "model.ffn must be > 0, got " << ffn);
  NMT_CHECK(dropout >= 0 && dropout < 1, "model.dropout must be in [0, 1), got " << dropout);
  NMT_CHECK(src_vocab > 4 && tgt_vocab > 4, "vocabulary sizes must exceed the 4 reserved ids");
  NMT_CHECK(!share_embeddings || src_vocab == tgt_vocab,
            "model.share_embeddings needs one joint vocabulary, got sizes " << src_vocab << " and " << tgt_vocab);
  NMT_CHECK(max_positions > 1, "model.max_positions must be > 1");
  NMT_CHECK(activation == "relu" || activation == "swish", "model.activation must be relu or swish, got '" << activation << "'");
  NMT_CHECK(layer_norm_eps > 0, "model.layer_norm_eps must be > 0, got " << layer_norm_eps);
  NMT_CHECK(positions == "interleaved" || positions == "halves",
            "model.positions must be interleaved or halves, got '" << positions << "'");
}

namespace {

std::vector<ModelOptionSpec> make_table() {
  using C = ModelConfig;
  return {
      option_row(&C::src_vocab, "src_vocab", "", "Source vocabulary size (the vocabulary's)"),
      option_row(&C::tgt_vocab, "tgt_vocab", "", "Target vocabulary size (the vocabulary's)"),
      option_row(&C::d_model, "d_model", "--d-model", "Model width"),
      option_row(&C::heads, "heads", "--heads", "Attention heads"),
      option_row(&C::encoder_layers, "encoder_layers", "--encoder-layers", "Encoder layers"),
      option_row(&C::decoder_layers, "decoder_layers", "--decoder-layers", "Decoder layers"),
      option_row(&C::ffn, "ffn", "--ffn", "Feed-forward inner width"),
      option_row(&C::dropout, "dropout", "--dropout", "Dropout rate"),
      with_off_flag(option_row(&C::pre_norm, "pre_norm", "--pre-norm",
                               "LayerNorm before each sub-layer (the default of --preset auto; the other presets put "
                               "it after, as the paper)"),
                    "--post-norm", "LayerNorm after each sub-layer, as the paper"),
      option_row(&C::share_embeddings, "share_embeddings", "",
                 "One embedding table for source and target (a joint vocabulary only)"),
      option_row(&C::tie_output, "tie_output", "", "The output layer is the target embedding, transposed"),
      option_row(&C::max_positions, "max_positions", "--max-positions", "Longest sequence the model handles"),
      option_row(&C::activation, "activation", "", "Feed-forward activation (swish: x * sigmoid(x), Marian's)",
                 {"relu", "swish"}),
      option_row(&C::layer_norm_eps, "layer_norm_eps", "", "LayerNorm's epsilon (Marian's: 1e-6)"),
      option_row(&C::positions, "positions", "",
                 "Sinusoid columns: interleaved (sin, cos, sin ...) or halves (all sines, then all cosines, as "
                 "Marian)",
                 {"interleaved", "halves"}),
  };
}

}  // namespace

const std::vector<ModelOptionSpec>& model_option_table() {
  static const std::vector<ModelOptionSpec> table = make_table();
  return table;
}

const std::vector<std::string>& model_shape_keys() {
  static const std::vector<std::string> keys = {"d_model", "heads", "encoder_layers", "decoder_layers", "ffn"};
  return keys;
}

nlohmann::json to_json(const ModelConfig& c) { return options_to_json(model_option_table(), c); }

ModelConfig model_config_from_json(const nlohmann::json& j, ModelConfig c) {
  return options_from_json(model_option_table(), j, c, "model");
}

std::optional<ConfigDifference> first_difference(const ModelConfig& a, const ModelConfig& b) {
  const auto ja = to_json(a), jb = to_json(b);
  for (const auto& [key, value] : ja.items()) {
    if (jb[key] != value) return ConfigDifference{key, value.dump(), jb[key].dump()};
  }
  return std::nullopt;
}

}  // namespace nmt::model
