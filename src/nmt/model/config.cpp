#include "nmt/model/config.h"

#include <nlohmann/json.hpp>

#include "nmt/common/config_file.h"
#include "nmt/common/error.h"

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

nlohmann::json to_json(const ModelConfig& c) {
  return {{"src_vocab", c.src_vocab},   {"tgt_vocab", c.tgt_vocab},
          {"d_model", c.d_model},       {"heads", c.heads},
          {"encoder_layers", c.encoder_layers}, {"decoder_layers", c.decoder_layers},
          {"ffn", c.ffn},               {"dropout", c.dropout},
          {"pre_norm", c.pre_norm},     {"share_embeddings", c.share_embeddings},
          {"tie_output", c.tie_output},
          {"max_positions", c.max_positions}, {"activation", c.activation},
          {"layer_norm_eps", c.layer_norm_eps}, {"positions", c.positions}};
}

namespace {
std::vector<std::string> field_names() {
  std::vector<std::string> names;
  const auto fields = to_json(ModelConfig{});  // (items() of a temporary would outlive it)
  for (const auto& [key, value] : fields.items()) names.push_back(key);
  return names;
}
}  // namespace

ModelConfig model_config_from_json(const nlohmann::json& j, ModelConfig c) {
  NMT_CHECK(j.is_object(), "model config must be an object, got: " << j.dump());
  for (const auto& [key, value] : j.items()) {
    try {
      if (key == "src_vocab") c.src_vocab = value.get<int64_t>();
      else if (key == "tgt_vocab") c.tgt_vocab = value.get<int64_t>();
      else if (key == "d_model") c.d_model = value.get<int64_t>();
      else if (key == "heads") c.heads = value.get<int64_t>();
      else if (key == "encoder_layers") c.encoder_layers = value.get<int64_t>();
      else if (key == "decoder_layers") c.decoder_layers = value.get<int64_t>();
      else if (key == "ffn") c.ffn = value.get<int64_t>();
      else if (key == "dropout") c.dropout = value.get<double>();
      else if (key == "pre_norm") c.pre_norm = value.get<bool>();
      else if (key == "share_embeddings") c.share_embeddings = value.get<bool>();
      else if (key == "tie_output") c.tie_output = value.get<bool>();
      else if (key == "max_positions") c.max_positions = value.get<int64_t>();
      else if (key == "activation") c.activation = value.get<std::string>();
      else if (key == "layer_norm_eps") c.layer_norm_eps = value.get<double>();
      else if (key == "positions") c.positions = value.get<std::string>();
      else NMT_FAIL("unknown model config field '" << key << "'" << did_you_mean(key, field_names()));
    } catch (const nlohmann::json::exception&) {
      NMT_FAIL("model config field '" << key << "' has the wrong type: " << value.dump() << yaml_boolean_hint(value));
    }
  }
  return c;
}

std::optional<ConfigDifference> first_difference(const ModelConfig& a, const ModelConfig& b) {
  const auto ja = to_json(a), jb = to_json(b);
  for (const auto& [key, value] : ja.items()) {
    if (jb[key] != value) return ConfigDifference{key, value.dump(), jb[key].dump()};
  }
  return std::nullopt;
}

}  // namespace nmt::model
