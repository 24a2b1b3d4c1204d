#include "nmt/decode/decode_options.h"

namespace nmt::decode {

namespace {

std::vector<DecodeOptionSpec> make_table() {
  using O = TranslateOptions;
  return {
      option_row(&O::search, &SearchOptions::beam, "beam", "--beam,-b", "Beam size, 1 = greedy"),
      option_row(&O::search, &SearchOptions::n_best, "n_best", "--n-best",
                 "Hypotheses per sentence (n-best format when > 1)"),
      option_row(&O::search, &SearchOptions::length_penalty, "length_penalty", "--alpha",
                 "Length penalty alpha (--search nmt): finished hypotheses rank by log P / |y|^alpha (--length-rule "
                 "power, as fairseq's --lenpen and CTranslate2's length_penalty) or log P / ((5 + |y|) / 6)^alpha "
                 "(gnmt), |y| counting </s>; 0 = by log P alone"),
      option_row(&O::search, &SearchOptions::length_rule, "length_rule", "--length-rule",
                 "How --alpha divides a hypothesis's log-probability (--search nmt): power or gnmt",
                 length_rules()),
      option_row(&O::search, &SearchOptions::rule, "search", "--search",
                 "nmt: our beam search; marian: marian-decoder's rules (a shrinking beam of finished hypotheses, "
                 "--normalize, --word-penalty, --max-length-factor; the default for imported Marian models)",
                 {"nmt", "marian"}),
      option_row(&O::search, &SearchOptions::normalize, "normalize", "--normalize",
                 "--search marian: rank finished hypotheses by log P / length^A, length counting </s> (Marian's "
                 "--normalize; 0 = off)"),
      option_row(&O::search, &SearchOptions::word_penalty, "word_penalty", "--word-penalty",
                 "--search marian: subtract this per token before normalising (Marian's --word-penalty)"),
      option_row(&O::max_length_factor, "max_length_factor", "--max-length-factor",
                 "Output at most F x (source pieces + </s>) tokens, as Marian (3 for imported Marian models; 0 = "
                 "--max-length-ratio/--max-length-extra)"),
      with_off_flag(option_row(&O::search, &SearchOptions::allow_unk, "allow_unk", "--allow-unk",
                               "Let <unk> be generated (not for imported Marian models, as in Marian)"),
                    "--no-allow-unk", "Never generate <unk>"),
      option_row(&O::batch_size, "batch_size", "--batch", "Sentences per batch"),
      with_off_flag(option_row(&O::continuous, "continuous", "--continuous",
                               "Continuous batching (CPU engine, --search nmt): a finished sentence's "
                               "rows are given at once to a waiting sentence"),
                    "--no-continuous", "Fixed batches: each batch runs until its longest sentence ends"),
      with_range(option_row(&O::length_ratio, "length_ratio", "--length-ratio",
                            "Brevity penalty's expected length: R x (source pieces + 1) tokens, </s> counted (0 = "
                            "off; unset: the run's own, which nmt train measures on the training pairs: their "
                            "target/source ratio's mean minus one standard deviation)"),
                 0, 100),
      with_range(option_row(&O::brevity_weight, "brevity_penalty", "--brevity-penalty",
                            "Beam search scores a hypothesis that ends at L tokens, shorter than --length-ratio's "
                            "expected E, W x (1 - E / L) lower, both when it competes to finish and in the final "
                            "ranking (Sockeye's constant brevity penalty; --search nmt with --alpha > 0, not for "
                            "glossary constraints); 0 = off"),
                 0, 100),
      option_row(&O::max_length_ratio, "max_length_ratio", "--max-length-ratio",
                 "Output tokens <= ratio x source tokens + extra"),
      option_row(&O::max_length_extra, "max_length_extra", "--max-length-extra", "See --max-length-ratio"),
      option_row(&O::bf16, "bf16", "--bf16",
                 "Matrix products in bfloat16 (autocast, CPU or CUDA): faster, slightly different outputs"),
      option_row(&O::fixed_length, "fixed_length", "--fixed-length", "Generate exactly N tokens per sentence (benchmarks)"),
  };
}

}  // namespace

const std::vector<DecodeOptionSpec>& decode_option_table() {
  static const std::vector<DecodeOptionSpec> table = make_table();
  return table;
}

const std::vector<EngineOptionSpec>& engine_option_table() {
  static const std::vector<EngineOptionSpec> table = [] {
    EngineOptionSpec quantize{
        "quantize", "--quantize", "", "int8: linear layers multiply in int8 (weights per output channel, activations "
        "per call; CPU); none: float32; unset: the run's own (int8 for a student of nmt distill), else none",
        "", OptionKind::text, {"none", "int8"}, {}, {}};
    quantize.get = [](const EngineChoice& c) { return c.int8 ? nlohmann::json(*c.int8 ? "int8" : "none") : nlohmann::json(""); };
    quantize.set = [](const nlohmann::json& v, EngineChoice& c) { c.int8 = v.get<std::string>() == "int8"; };
    EngineOptionSpec shortlist{
        "shortlist", "--shortlist", "", "Score only the target pieces that this shortlist (nmt shortlist) gives each "
        "sentence's source: a smaller output layer, faster (CPU engine); none: without one; unset: the run's own (a "
        "student of nmt distill has RUN_DIR/shortlist.bin)",
        "", OptionKind::text, {}, {}, {}};
    shortlist.get = [](const EngineChoice& c) { return nlohmann::json(c.shortlist.value_or("")); };
    shortlist.set = [](const nlohmann::json& v, EngineChoice& c) { c.shortlist = v.get<std::string>(); };
    return std::vector<EngineOptionSpec>{quantize, shortlist};
  }();
  return table;
}

const std::vector<std::string>& run_default_keys() {
  static const std::vector<std::string> keys = {"search", "normalize", "word_penalty", "max_length_factor",
                                                "allow_unk", "length_ratio"};
  return keys;
}

}  // namespace nmt::decode
