#include "nmt/interop/marian.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include <torch/torch.h>
#include <yaml-cpp/yaml.h>

#include "nmt/common/config_file.h"
#include "nmt/common/durable_file.h"
#include "nmt/common/error.h"
#include "nmt/interop/npz.h"
#include "nmt/train/checkpoint.h"

namespace fs = std::filesystem;

namespace nmt::interop {
namespace {

// Marian's options, with what the importer needs to know of each.
class MarianOptions {
 public:
  MarianOptions(nlohmann::json yml, std::string origin) : yml_(std::move(yml)), origin_(std::move(origin)) {}
  const nlohmann::json& json() const { return yml_; }
  template <typename T>
  T get(const std::string& key, T fallback) const {
    if (!yml_.contains(key) || yml_[key].is_null()) return fallback;
    try {
      return yml_[key].get<T>();
    } catch (const nlohmann::json::exception&) {
      NMT_FAIL(origin_ << ": option " << key << " has an unexpected value " << yml_[key].dump());
    }
  }
  std::string text(const std::string& key, const std::string& fallback = "") const {
    if (!yml_.contains(key) || yml_[key].is_null()) return fallback;
    return yml_[key].is_string() ? yml_[key].get<std::string>() : yml_[key].dump();
  }
  // Refuses the model when `bad` holds, naming the option and its value.
  void refuse_if(bool bad, const std::string& key, const std::string& why) const {
    NMT_CHECK(!bad, origin_ << " uses " << key << ": " << text(key) << ", which nmt cannot run: " << why);
  }

 private:
  nlohmann::json yml_;
  std::string origin_;
};

// The model's own configuration, stored as an int8 array of YAML text.
MarianOptions model_options(std::map<std::string, NpyArray>& arrays, const std::string& path) {
  auto it = arrays.find("special:model.yml");
  NMT_CHECK(it != arrays.end(), path << " has no special:model.yml: not a Marian model (or one saved before "
                                        "Marian stored its configuration in the model)");
  std::string text = it->second.bytes;
  text = text.substr(0, text.find('\0'));
  arrays.erase(it);
  try {
    return MarianOptions(parse_yaml(text, YamlBooleans::yaml_cpp), path);
  } catch (const YAML::Exception& e) {
    NMT_FAIL(path << ": special:model.yml is not YAML: " << e.what());
  }
}

// Drops the dropout ops ('d'), which do nothing when translating.
std::string without_dropout(std::string ops) {
  ops.erase(std::remove(ops.begin(), ops.end(), 'd'), ops.end());
  return ops;
}

class Arrays {
 public:
  Arrays(std::map<std::string, NpyArray> arrays, std::string path) : arrays_(std::move(arrays)), path_(std::move(path)) {}
  bool has(const std::string& name) const { return arrays_.count(name) > 0; }
  // The float32 array `name`, checked against `shape` ({} = any), marked used.
  torch::Tensor take(const std::string& name, std::vector<int64_t> shape = {}) {
    auto it = arrays_.find(name);
    NMT_CHECK(it != arrays_.end(), path_ << " has no array " << name << " (the configuration says it should)");
    const auto& a = it->second;
    NMT_CHECK(a.dtype == "<f4", path_ << ":" << name << " is " << a.dtype << ", expected float32");
    auto t = torch::from_blob(const_cast<char*>(a.bytes.data()), a.shape, torch::kFloat).clone();
    if (!shape.empty()) {
      // Biases and LayerNorm vectors are stored (1, n).
      if (shape.size() == 1 && t.dim() == 2 && t.size(0) == 1) t = t.view({t.size(1)});
      NMT_CHECK(t.sizes().vec() == shape, path_ << ":" << name << " has shape " << t.sizes() << ", expected "
                                                << c10::IntArrayRef(shape));
    }
    used_.insert(name);
    return t;
  }
  std::vector<std::string> unused() const {
    std::vector<std::string> names;
    for (const auto& [name, a] : arrays_)
      if (!used_.count(name)) names.push_back(name);
    return names;
  }

 private:
  std::map<std::string, NpyArray> arrays_;
  std::set<std::string> used_;
  std::string path_;
};

model::ModelConfig model_config(const MarianOptions& o, const text::Vocab& src, const text::Vocab& tgt,
                                std::vector<std::string>& notes) {
  o.refuse_if(o.text("type", "transformer") != "transformer", "type",
              "only Marian's transformer models are supported (not RNN, multi-source or language models)");
  o.refuse_if(o.text("transformer-decoder-autoreg", "self-attention") != "self-attention",
              "transformer-decoder-autoreg", "the decoder must use self-attention (not average attention or an RNN)");
  o.refuse_if(o.get<int64_t>("transformer-ffn-depth", 2) != 2, "transformer-ffn-depth", "feed-forward blocks of 2 layers only");
  const int64_t dec_ffn_depth = o.get<int64_t>("transformer-decoder-ffn-depth", 0);
  o.refuse_if(dec_ffn_depth != 0 && dec_ffn_depth != 2, "transformer-decoder-ffn-depth", "feed-forward blocks of 2 layers only");
  const int64_t ffn = o.get<int64_t>("transformer-dim-ffn", 2048);
  const int64_t dec_ffn = o.get<int64_t>("transformer-decoder-dim-ffn", 0);
  o.refuse_if(dec_ffn != 0 && dec_ffn != ffn, "transformer-decoder-dim-ffn",
              "the decoder's feed-forward width must be the encoder's");
  const std::string activation = o.text("transformer-ffn-activation", "swish");
  o.refuse_if(activation != "swish" && activation != "relu", "transformer-ffn-activation", "relu or swish only");
  o.refuse_if(o.get<bool>("transformer-train-position-embeddings", false), "transformer-train-position-embeddings",
              "learned positions are not supported, only sinusoidal ones");
  o.refuse_if(o.get<bool>("transformer-disable-position-embeddings", false), "transformer-disable-position-embeddings",
              "a model without positions is not supported");
  o.refuse_if(o.text("transformer-attention-mask", "default") != "default", "transformer-attention-mask",
              "only the default attention masks are supported");
  o.refuse_if(o.get<bool>("transformer-alibi-shift", false), "transformer-alibi-shift", "ALiBi is not supported");
  o.refuse_if(without_dropout(o.text("transformer-postprocess-emb", "d")) != "", "transformer-postprocess-emb",
              "a LayerNorm on the embeddings is not supported");
  o.refuse_if(o.get<bool>("transformer-no-projection", false), "transformer-no-projection",
              "the attention's output projection must be there");
  o.refuse_if(o.get<bool>("transformer-no-affine", false), "transformer-no-affine", "LayerNorm without scale and bias");
  o.refuse_if(o.get<bool>("transformer-no-bias", false), "transformer-no-bias", "layers without biases");
  o.refuse_if(o.get<bool>("transformer-pool", false), "transformer-pool", "pooling layers are not supported");
  o.refuse_if(!o.json().value("transformer-tied-layers", nlohmann::json::array()).empty(), "transformer-tied-layers",
              "layers that share weights are not supported");
  o.refuse_if(o.get<int64_t>("factors-dim-emb", 0) > 0, "factors-dim-emb", "factored vocabularies are not supported");
  o.refuse_if(o.get<int64_t>("lemma-dim-emb", 0) > 0, "lemma-dim-emb", "factored vocabularies are not supported");
  o.refuse_if(o.get<bool>("ulr", false), "ulr", "universal lexical representations are not supported");
  o.refuse_if(o.get<bool>("right-left", false), "right-left", "right-to-left decoding is not supported");
  const std::string pre = without_dropout(o.text("transformer-preprocess", "")),
                    post = without_dropout(o.text("transformer-postprocess", "dan")),
                    top = without_dropout(o.text("transformer-postprocess-top", ""));
  const bool post_norm = pre.empty() && post == "an" && top.empty();
  const bool pre_norm = pre == "n" && post == "a" && top == "n";
  NMT_CHECK(post_norm || pre_norm, "the Marian model's transformer-preprocess '" << o.text("transformer-preprocess")
                                   << "', transformer-postprocess '" << o.text("transformer-postprocess")
                                   << "' and transformer-postprocess-top '" << o.text("transformer-postprocess-top")
                                   << "' are not supported: nmt runs post-norm ('', 'dan', '') and pre-norm "
                                      "('n', 'da', 'n') models");

  model::ModelConfig c;
  c.d_model = o.get<int64_t>("dim-emb", 512);
  c.heads = o.get<int64_t>("transformer-heads", 8);
  c.encoder_layers = o.get<int64_t>("enc-depth", 6);
  c.decoder_layers = o.get<int64_t>("dec-depth", 6);
  c.ffn = ffn;
  c.dropout = 0;
  c.pre_norm = pre_norm;
  c.activation = activation;
  c.layer_norm_eps = 1e-6;
  c.positions = "halves";
  // Marian's positions have no end; its decoder stops at 3x the source
  // (max-length-factor), its corpus reader at 1000 source pieces.
  c.max_positions = 4096;
  c.src_vocab = src.size();
  c.tgt_vocab = tgt.size();
  c.share_embeddings = o.get<bool>("tied-embeddings-all", false);
  c.tie_output = c.share_embeddings || o.get<bool>("tied-embeddings", false);
  if (o.get<bool>("tied-embeddings-src", false)) notes.push_back("tied-embeddings-src: source and target embeddings are one matrix");
  return c;
}

// The row of the model's vocabulary matrices that each of our ids reads
// (-1: none), and whether it is that row's own id (an output the model can
// give); `size`: the model's vocabulary.
struct ModelRows {
  std::vector<int> row;
  std::vector<bool> own;
  int64_t size = 0;
  std::string origin;  // for messages
};

// The model's ids are the SentencePiece model's (Marian's default).
ModelRows rows_from_spm(const text::Vocab& vocab, const std::string& origin) {
  ModelRows r;
  r.row = vocab.spm_ids();
  for (int id : r.row) r.size = std::max<int64_t>(r.size, id + 1);
  r.own.assign(r.row.size(), true);
  r.origin = origin;
  return r;
}

// The model's ids come from a Marian .yml vocabulary (OPUS-MT's
// opus.spm32k-spm32k.vocab.yml: piece -> id), the SentencePiece model only
// segments. A piece the .yml lacks reads its <unk> row but is never an output.
ModelRows rows_from_yml(const text::Vocab& vocab, const std::string& path) {
  std::map<std::string, int> ids;
  try {
    for (const auto& kv : YAML::LoadFile(path)) ids[kv.first.as<std::string>()] = kv.second.as<int>();
  } catch (const YAML::Exception& e) {
    NMT_FAIL("cannot read the Marian vocabulary " << path << ": " << e.what());
  }
  NMT_CHECK(ids.count("</s>") && ids.count("<unk>"), path << " has no </s> or <unk> entry: not a Marian vocabulary");
  ModelRows r;
  r.origin = "vocabulary " + path;
  for (const auto& [piece, id] : ids) r.size = std::max<int64_t>(r.size, id + 1);
  for (int i = 0; i < vocab.size(); ++i) {
    if (i == text::kPadId || i == text::kBosId) {
      r.row.push_back(-1), r.own.push_back(false);
      continue;
    }
    const auto it = ids.find(i == text::kEosId ? "</s>" : i == text::kUnkId ? "<unk>" : vocab.piece(i));
    r.row.push_back(it != ids.end() ? it->second : ids["<unk>"]);
    r.own.push_back(it != ids.end());
  }
  return r;
}

// Rows of a Marian (vocabulary x D) matrix in our id order, zero for the
// ids it lacks.
torch::Tensor rows_for(const torch::Tensor& marian, const ModelRows& rows, const std::string& name) {
  NMT_CHECK(marian.size(0) == rows.size,
            name << " has " << marian.size(0) << " rows but the " << rows.origin << " has " << rows.size
                 << " entries: not the vocabulary this model was trained with (an OPUS-MT model's ids come from its "
                    ".yml vocabulary: --vocab-yml)");
  auto out = torch::zeros({static_cast<int64_t>(rows.row.size()), marian.size(1)});
  for (size_t i = 0; i < rows.row.size(); ++i)
    if (rows.row[i] >= 0) out[static_cast<int64_t>(i)].copy_(marian[rows.row[i]]);
  return out;
}

// The output bias in our id order: -1e9 for ids that are not outputs of the
// model, so they take no probability from its words.
torch::Tensor bias_for(const torch::Tensor& marian, const ModelRows& rows) {
  auto out = torch::full({static_cast<int64_t>(rows.row.size())}, model::kBlockedOutputBias);
  for (size_t i = 0; i < rows.row.size(); ++i)
    if (rows.row[i] >= 0 && rows.own[i]) out[static_cast<int64_t>(i)] = marian[rows.row[i]];
  return out;
}

}  // namespace

MarianModel read_marian_model(const std::string& npz_path, const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                              const std::string& src_yml, const std::string& tgt_yml) {
  auto raw = read_npz(npz_path);
  const auto options = model_options(raw, npz_path);
  MarianModel m;
  m.marian = options.json();
  m.config = model_config(options, src_vocab, tgt_vocab, m.notes);
  const auto& c = m.config;
  Arrays a(std::move(raw), npz_path);
  const int64_t D = c.d_model, F = c.ffn;
  std::map<std::string, torch::Tensor> ours;  // our parameter name -> value

  // Embeddings and output.
  const auto src_rows = src_yml.empty() ? rows_from_spm(src_vocab, "SentencePiece vocabulary") : rows_from_yml(src_vocab, src_yml);
  const std::string tgt_yml_or_src = tgt_yml.empty() ? src_yml : tgt_yml;
  const auto tgt_rows_of = tgt_yml_or_src.empty() ? rows_from_spm(tgt_vocab, "SentencePiece vocabulary")
                                                  : rows_from_yml(tgt_vocab, tgt_yml_or_src);
  if (c.share_embeddings) {
    NMT_CHECK(src_rows.row == tgt_rows_of.row,
              "the Marian model ties all embeddings (tied-embeddings-all) but the source and target vocabularies "
              "read different rows: give one vocabulary for both");
    ours["src_embed.weight"] = rows_for(a.take("Wemb"), src_rows, "Wemb");
  } else {
    const std::string src_name = a.has("encoder_Wemb") ? "encoder_Wemb" : "Wemb";
    ours["src_embed.weight"] = rows_for(a.take(src_name), src_rows, src_name);
    ours["tgt_embed.weight"] = rows_for(a.take("decoder_Wemb"), tgt_rows_of, "decoder_Wemb");
  }
  auto& tgt_rows = c.share_embeddings ? ours["src_embed.weight"] : ours["tgt_embed.weight"];
  tgt_rows[text::kBosId].zero_();  // Marian's decoder starts from a zero vector
  const int64_t V = a.has("decoder_ff_logit_out_b") ? a.take("decoder_ff_logit_out_b").numel() : 0;
  const auto out_bias = V > 0 ? bias_for(a.take("decoder_ff_logit_out_b", {V}), tgt_rows_of)
                              : bias_for(torch::zeros({tgt_rows_of.size}), tgt_rows_of);
  if (c.tie_output) {
    ours["output_bias"] = out_bias;
  } else {
    torch::Tensor w = a.has("decoder_ff_logit_out_Wt") ? a.take("decoder_ff_logit_out_Wt")
                                                       : a.take("decoder_ff_logit_out_W").t();
    ours["output.weight"] = rows_for(w, tgt_rows_of, "decoder_ff_logit_out_Wt");
    ours["output.bias"] = out_bias;
  }

  auto dense = [&](const std::string& ours_prefix, const std::vector<std::string>& weights,
                   const std::vector<std::string>& biases, int64_t in, int64_t out) {
    std::vector<torch::Tensor> w, b;
    for (const auto& name : weights) w.push_back(a.take(name, {in, out}).t());  // (out, in), as Linear
    for (const auto& name : biases) b.push_back(a.take(name, {out}));
    ours[ours_prefix + ".weight"] = torch::cat(w, 0).contiguous();
    ours[ours_prefix + ".bias"] = torch::cat(b, 0);
  };
  auto norm = [&](const std::string& ours_prefix, const std::string& marian_prefix) {
    const std::string tail = c.pre_norm ? "_pre" : "";
    ours[ours_prefix + ".weight"] = a.take(marian_prefix + "_ln_scale" + tail, {D});
    ours[ours_prefix + ".bias"] = a.take(marian_prefix + "_ln_bias" + tail, {D});
  };
  auto attention = [&](const std::string& ours_prefix, const std::string& p, bool cross) {
    if (cross) {
      dense(ours_prefix + ".q", {p + "_Wq"}, {p + "_bq"}, D, D);
      dense(ours_prefix + ".kv", {p + "_Wk", p + "_Wv"}, {p + "_bk", p + "_bv"}, D, D);
    } else {
      dense(ours_prefix + ".qkv", {p + "_Wq", p + "_Wk", p + "_Wv"}, {p + "_bq", p + "_bk", p + "_bv"}, D, D);
    }
    dense(ours_prefix + ".out", {p + "_Wo"}, {p + "_bo"}, D, D);
  };
  auto ffn = [&](const std::string& ours_prefix, const std::string& p) {
    dense(ours_prefix + ".w1", {p + "_W1"}, {p + "_b1"}, D, F);
    dense(ours_prefix + ".w2", {p + "_W2"}, {p + "_b2"}, F, D);
  };
  // Post-norm: the sub-layer's LayerNorm is named after its output
  // (_Wo_ln_, _ffn_ffn_ln_); pre-norm: after its input (_Wo_ln_*_pre, _ffn_ln_*_pre).
  auto ffn_norm = [&](const std::string& p) { return c.pre_norm ? p : p + "_ffn"; };
  for (int64_t l = 0; l < c.encoder_layers; ++l) {
    const std::string ours_l = "encoder." + std::to_string(l), p = "encoder_l" + std::to_string(l + 1);
    attention(ours_l + ".self_attn", p + "_self", false);
    norm(ours_l + ".norm1", p + "_self_Wo");
    ffn(ours_l + ".ffn", p + "_ffn");
    norm(ours_l + ".norm2", ffn_norm(p + "_ffn"));
  }
  for (int64_t l = 0; l < c.decoder_layers; ++l) {
    const std::string ours_l = "decoder." + std::to_string(l), p = "decoder_l" + std::to_string(l + 1);
    attention(ours_l + ".self_attn", p + "_self", false);
    norm(ours_l + ".norm1", p + "_self_Wo");
    attention(ours_l + ".cross_attn", p + "_context", true);
    norm(ours_l + ".norm2", p + "_context_Wo");
    ffn(ours_l + ".ffn", p + "_ffn");
    norm(ours_l + ".norm3", ffn_norm(p + "_ffn"));
  }
  if (c.pre_norm) {
    ours["encoder_norm.weight"] = a.take("encoder_top_ln_scale", {D});
    ours["encoder_norm.bias"] = a.take("encoder_top_ln_bias", {D});
    ours["decoder_norm.weight"] = a.take("decoder_top_ln_scale", {D});
    ours["decoder_norm.bias"] = a.take("decoder_top_ln_bias", {D});
  }
  const auto left = a.unused();
  if (!left.empty()) {
    std::ostringstream names;
    for (size_t i = 0; i < left.size(); ++i) names << (i ? ", " : "") << left[i];
    NMT_FAIL(npz_path << " holds arrays this importer does not know how to use (" << names.str()
                      << "): a Marian feature nmt does not run");
  }

  m.model = model::Transformer(c);
  torch::NoGradGuard no_grad;
  for (auto& p : m.model->named_parameters()) {
    auto it = ours.find(p.key());
    NMT_CHECK(it != ours.end(), "the Marian import left parameter " << p.key() << " unset (a bug in nmt)");
    NMT_CHECK(it->second.sizes() == p.value().sizes(), "the Marian import made " << p.key() << " of shape "
                                                          << it->second.sizes() << " for " << p.value().sizes());
    p.value().copy_(it->second);
  }
  m.model->eval();
  return m;
}

std::string import_marian(const MarianImport& options, const std::string& out_dir, std::vector<std::string>* notes) {
  // Never over another run: its config.json would be replaced, and its own
  // later checkpoints would still be the ones a --model RUN_DIR reads.
  NMT_CHECK(!fs::exists(out_dir) || train::latest_checkpoint(out_dir).empty(),
            out_dir << " already holds checkpoints (" << train::latest_checkpoint(out_dir)
                    << "): give nmt import marian a new --out directory");
  NMT_CHECK(!options.src_vocab.empty(), "nmt import marian needs --vocab (the model's SentencePiece vocabulary, e.g. "
                                        "vocab.spm or source.spm)");
  const auto src_vocab = text::Vocab::load(options.src_vocab);
  const auto tgt_vocab = options.tgt_vocab.empty() ? src_vocab : text::Vocab::load(options.tgt_vocab);
  auto m = read_marian_model(options.npz, src_vocab, tgt_vocab, options.src_yml, options.tgt_yml);
  if (notes) *notes = m.notes;
  fs::create_directories(out_dir);
  nlohmann::json config;
  config["model"] = model::to_json(m.config);
  config["data"] = {{"src_lang", options.src_lang}, {"tgt_lang", options.tgt_lang}};
  // marian-decoder's defaults, for this model's translations.
  config["decode"] = {{"search", "marian"}, {"normalize", 0.0}, {"word_penalty", 0.0}, {"max_length_factor", 3.0},
                      {"allow_unk", false}};
  config["imported"] = {{"from", fs::absolute(options.npz).string()}, {"format", "marian"},
                        {"marian_version", m.marian.value("version", "")}, {"marian", m.marian}};
  train::CheckpointInfo info;
  info.config = config;
  info.src_vocab = src_vocab.serialized();
  info.tgt_vocab = tgt_vocab.serialized();
  const std::string path = (fs::path(out_dir) / train::checkpoint_name(0)).string();
  train::save_checkpoint(path, m.model, nullptr, info);
  write_file_durably((fs::path(out_dir) / "config.json").string(), config.dump(2) + "\n", "run config");
  return path;
}

}  // namespace nmt::interop
