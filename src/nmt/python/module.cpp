// The Python module's native part, nmt._nmt: a thin layer over the library
// calls the command line makes (translate, score, train). The GIL is
// released while translating and training; training calls back into Python
// with it held, and a Ctrl-C in Python stops training after the current
// step with a checkpoint, as SIGINT does for `nmt train`.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <unordered_map>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/decode/alignment.h"
#include "nmt/decode/constraints.h"
#include "nmt/decode/decode_options.h"
#include "nmt/decode/engine_setup.h"
#include "nmt/decode/glossary.h"
#include "nmt/decode/score_pairs.h"
#include "nmt/decode/stream.h"
#include "nmt/decode/translator.h"
#include "nmt/dist/world.h"
#include "nmt/eval/score_json.h"
#include "nmt/model/config_options.h"
#include "nmt/model/threads.h"
#include "nmt/text/vocab.h"
#include "nmt/train/checkpoint.h"
#include "nmt/train/run_config.h"
#include "nmt/train/train_options.h"

namespace py = pybind11;

namespace nmt::python {
namespace {

// One model or an ensemble, with its vocabularies and its decoding defaults.
class Translator {
 public:
  // quantize: "" (the run's default), "none" or "int8"; shortlist: "" (the
  // run's default), "none" or a file (decode/engine_setup.h).
  Translator(const std::vector<std::string>& paths, const std::string& device, int threads, int workers,
             const std::string& quantize, const std::vector<double>& weights, const std::string& shortlist)
      : threads_(threads), device_(device) {
    NMT_CHECK(threads >= 1, "threads must be >= 1, got " << threads);
    NMT_CHECK(quantize.empty() || quantize == "int8" || quantize == "none",
              "quantize must be None, 'none' or 'int8', got '" << quantize << "'");
    const auto loaded = train::load_models(paths);
    src_vocab_ = std::make_unique<text::Vocab>(text::Vocab::from_serialized(loaded.src_vocab));
    tgt_vocab_ = std::make_unique<text::Vocab>(text::Vocab::from_serialized(loaded.tgt_vocab));
    decode::apply_model_defaults(loaded.checkpoints.front().info.config, options_, {});
    translator_ = std::make_unique<decode::Translator>(loaded.models, weights, device_);
    decode::EngineChoice choice;
    if (!quantize.empty()) choice.int8 = quantize == "int8";
    if (!shortlist.empty()) choice.shortlist = shortlist;
    decode::set_up_engine(loaded.checkpoints.front().info.config, paths.front(), choice, *src_vocab_, *tgt_vocab_,
                          *translator_, options_);
    NMT_CHECK(workers >= 0 && workers <= threads, "workers (" << workers << ") must be between 0 and threads ("
                                                              << threads << ")");
    options_.workers = workers;  // 0: nmt translate's choice for each call (decode/stream.h)
  }

  // Best translations, or with n_best > 1, (text, score, log_prob) tuples
  // per line. glossary_tsv: a glossary's lines (decode/glossary.h), "" for
  // none; constraints: empty, or per line the phrases its translation must
  // contain.
  py::object translate(const std::vector<std::string>& lines, int64_t beam, int64_t n_best,
                       const std::string& glossary_tsv, bool glossary_ignore_case,
                       const std::vector<std::vector<std::string>>& constraints) {
    auto options = options_;
    options.search.beam = beam, options.search.n_best = n_best;
    std::vector<std::vector<int>> sources;
    sources.reserve(lines.size());
    for (const auto& line : lines) sources.push_back(src_vocab_->encode(line));
    const auto found = search(sources, lines, options, glossary_tsv, glossary_ignore_case, constraints);
    if (n_best == 1) {
      std::vector<std::string> out;
      for (const auto& hyps : found) out.push_back(decode::best_translation(hyps, *tgt_vocab_));
      return py::cast(out);
    }
    py::list out;
    for (const auto& hyps : found) {
      py::list line;
      for (const auto& h : hyps) line.append(py::make_tuple(tgt_vocab_->decode(h.tokens), h.score, h.log_prob));
      out.append(line);
    }
    return out;
  }

  // CTranslate2's translate_batch: sources are lines of text, or with
  // `tokens` lists of source pieces (an unknown piece is <unk>, as
  // CTranslate2 maps it); one dict per source with its hypotheses (text, or
  // pieces for pieces), and what the return_* flags ask for. An unset
  // optional keeps the run's decoding default.
  py::list translate_batch(const py::list& sources, bool tokens, int64_t beam, int64_t n_best,
                           std::optional<double> length_penalty, std::optional<int64_t> max_decoding_length,
                           std::optional<bool> disable_unk, std::optional<std::string> rule,
                           std::optional<double> word_penalty, std::optional<double> brevity_penalty,
                           std::optional<double> length_ratio, std::optional<int64_t> batch_size, bool return_scores,
                           bool return_attention, bool return_alignment, const std::string& glossary_tsv,
                           bool glossary_ignore_case, const std::vector<std::vector<std::string>>& constraints) {
    auto options = options_;
    options.search.beam = beam, options.search.n_best = n_best;
    if (rule) {
      try {
        set_option(*find_option(decode::decode_option_table(), "search"), *rule, options);  // its choices
      } catch (const Error& e) {
        NMT_FAIL("search " << e.what());
      }
    }
    if (length_penalty) (options.search.rule == "marian" ? options.search.normalize : options.search.length_penalty) = *length_penalty;
    if (word_penalty) options.search.word_penalty = *word_penalty;
    if (brevity_penalty) options.brevity_weight = *brevity_penalty;
    if (length_ratio) options.length_ratio = *length_ratio;
    if (disable_unk) options.search.allow_unk = !*disable_unk;
    if (max_decoding_length) {
      NMT_CHECK(*max_decoding_length >= 1, "max_decoding_length must be >= 1, got " << *max_decoding_length);
      // At most that many pieces, whatever the source's length; </s> not
      // counted. Our rule ends a row at its limit with </s>; Marian's ends
      // it with the token it chose there.
      options.max_length_factor = 0, options.max_length_ratio = 0;
      options.max_length_extra = *max_decoding_length + (options.search.rule == "marian" ? 0 : 1);
    }
    if (batch_size) {
      NMT_CHECK(*batch_size >= 1, "max_batch_size must be >= 1, got " << *batch_size);
      options.batch_size = *batch_size;
    }
    const auto ids = encode(sources, tokens, *src_vocab_);
    std::vector<std::string> lines;
    if (!glossary_tsv.empty()) {
      for (size_t i = 0; i < ids.size(); ++i) lines.push_back(tokens ? src_vocab_->decode(ids[i]) : sources[i].cast<std::string>());
    }
    const auto found = search(ids, lines, options, glossary_tsv, glossary_ignore_case, constraints);
    std::vector<decode::AttentionMatrix> attention;  // every hypothesis of every sentence, in order
    if (return_attention || return_alignment) {
      std::vector<std::vector<int>> pair_sources, pair_targets;
      for (size_t i = 0; i < found.size(); ++i) {
        for (const auto& h : found[i]) pair_sources.push_back(ids[i]), pair_targets.push_back(h.tokens);
      }
      py::gil_scoped_release released;
      model::set_cpu_threads(threads_);
      model::Transformer first_model = translator_->model();  // a handle: the attention of the first of an ensemble
      attention = decode::cross_attention(first_model, pair_sources, pair_targets, options.batch_size);
    }
    py::list out;
    size_t pair = 0;
    for (const auto& hyps : found) {
      py::dict result;
      py::list hypotheses, scores, log_probs, matrices, alignments;
      for (const auto& h : hyps) {
        if (tokens) {
          hypotheses.append(py::cast(pieces(h.tokens, *tgt_vocab_, false)));
        } else {
          hypotheses.append(tgt_vocab_->decode(h.tokens));
        }
        scores.append(h.score);
        log_probs.append(h.log_prob);
        if (return_attention) matrices.append(py::cast(attention[pair]));
        if (return_alignment) alignments.append(decode::hard_alignment(attention[pair]));
        ++pair;
      }
      result["hypotheses"] = hypotheses;
      if (return_scores) {
        result["scores"] = scores;
        result["log_probs"] = log_probs;
      }
      if (return_attention) result["attention"] = matrices;
      if (return_alignment) result["alignments"] = alignments;
      out.append(result);
    }
    return out;
  }

  // CTranslate2's score_batch: each target's pieces and </s> with their
  // log-probabilities given its source, teacher-forced (decode/score_pairs.h;
  // an ensemble's weighted as its search weights them).
  py::list score_batch(const py::list& sources, const py::list& targets, bool tokens, std::optional<int64_t> batch_size) {
    NMT_CHECK(sources.size() == targets.size(),
              "score_batch: " << sources.size() << " sources but " << targets.size() << " targets");
    NMT_CHECK(!batch_size || *batch_size >= 1, "max_batch_size must be >= 1, got " << *batch_size);
    const auto src = encode(sources, tokens, *src_vocab_), tgt = encode(targets, tokens, *tgt_vocab_);
    std::vector<decode::PairScore> scores;
    {
      py::gil_scoped_release released;
      model::set_cpu_threads(threads_);
      scores = decode::score_pairs(*translator_, src, tgt, batch_size.value_or(options_.batch_size));
    }
    py::list out;
    for (size_t i = 0; i < scores.size(); ++i) {
      py::dict result;
      result["tokens"] = pieces(tgt[i], *tgt_vocab_, true);
      result["log_probs"] = scores[i].token_log_probs;
      out.append(result);
    }
    return out;
  }

 private:
  // Lines of text, or lists of pieces, to piece ids.
  std::vector<std::vector<int>> encode(const py::list& items, bool tokens, const text::Vocab& vocab) {
    std::vector<std::vector<int>> ids;
    ids.reserve(items.size());
    for (const auto& item : items) {
      if (!tokens) {
        ids.push_back(vocab.encode(item.cast<std::string>()));
        continue;
      }
      const auto& index = piece_index(vocab);
      std::vector<int> line;
      for (const auto& piece : item.cast<std::vector<std::string>>()) {
        const auto found = index.find(piece);
        line.push_back(found == index.end() ? text::kUnkId : found->second);
      }
      ids.push_back(std::move(line));
    }
    return ids;
  }

  const std::unordered_map<std::string, int>& piece_index(const text::Vocab& vocab) {
    auto& index = &vocab == src_vocab_.get() ? src_pieces_ : tgt_pieces_;
    if (index.empty()) {
      for (int id = text::kEosId + 1; id < vocab.size(); ++id) index.emplace(vocab.piece(id), id);
    }
    return index;
  }

  static std::vector<std::string> pieces(const std::vector<int>& ids, const text::Vocab& vocab, bool with_eos) {
    std::vector<std::string> out;
    for (int id : ids) out.push_back(vocab.piece(id));
    if (with_eos) out.push_back(vocab.piece(text::kEosId));
    return out;
  }

  // The n-best lists of `sources` under `options`, with a glossary's terms
  // (matched in `lines`, the sources' text) and per-line constraints.
  std::vector<std::vector<decode::Hypothesis>> search(const std::vector<std::vector<int>>& sources,
                                                      const std::vector<std::string>& lines,
                                                      const decode::TranslateOptions& options,
                                                      const std::string& glossary_tsv, bool glossary_ignore_case,
                                                      const std::vector<std::vector<std::string>>& constraints) {
    const int64_t beam = options.search.beam, n_best = options.search.n_best;
    NMT_CHECK(beam >= 1, "beam must be >= 1, got " << beam);
    NMT_CHECK(n_best >= 1 && n_best <= beam, "n_best (" << n_best << ") must be between 1 and beam (" << beam << ")");
    NMT_CHECK(constraints.empty() || constraints.size() == sources.size(),
              "constraints: " << constraints.size() << " lists for " << sources.size() << " lines");
    std::vector<decode::Constraints> wanted;
    if (!glossary_tsv.empty() || !constraints.empty()) {
      if (!speller_) speller_ = std::make_unique<decode::PhraseSpeller>(*tgt_vocab_);
      wanted.resize(sources.size());
      if (!glossary_tsv.empty()) {
        const auto glossary = decode::Glossary::parse(glossary_tsv, "glossary", *tgt_vocab_, glossary_ignore_case);
        for (const auto& note : glossary.unspellable()) {
          if (PyErr_WarnEx(PyExc_UserWarning, (note + ": that term is not enforced").c_str(), 1) != 0)
            throw py::error_already_set();
        }
        for (size_t i = 0; i < lines.size(); ++i) wanted[i] = glossary.constraints_for(lines[i]);
      }
      for (size_t i = 0; i < constraints.size(); ++i) {
        decode::add_constraints(
            wanted[i], decode::required_phrases(*speller_, constraints[i], "line " + std::to_string(i) + "'s constraint"));
      }
    }
    py::gil_scoped_release released;
    decode::StreamOptions stream;
    stream.translate = options;
    stream.threads = threads_;
    decode::StreamStats stats;
    return decode::translate_sources(*translator_, sources, stream, stats, wanted.empty() ? nullptr : &wanted);
  }

  int threads_;
  torch::Device device_;
  std::unique_ptr<text::Vocab> src_vocab_, tgt_vocab_;
  std::unordered_map<std::string, int> src_pieces_, tgt_pieces_;  // piece -> id, made at the first call with pieces
  std::unique_ptr<decode::Translator> translator_;
  std::unique_ptr<decode::PhraseSpeller> speller_;  // made at the first call with constraints
  decode::TranslateOptions options_;
};

// sacreBLEU's figures, as `nmt score --json` gives them, with its text line.
py::dict score(const std::vector<std::string>& hyps, const std::vector<std::string>& refs, const std::string& metric,
               const std::string& tokenize, bool lowercase) {
  NMT_CHECK(hyps.size() == refs.size(), "score: " << hyps.size() << " hypotheses but " << refs.size() << " references");
  nlohmann::ordered_json j;
  std::string text;
  const eval::ReferenceSets ref_sets{refs};
  if (metric == "bleu") {
    const auto s = eval::corpus_bleu(hyps, ref_sets, {eval::parse_bleu_tokenizer(tokenize), lowercase});
    j = eval::to_json(s), text = s.text();
  } else if (metric == "chrf" || metric == "chrf++") {
    const auto s = eval::corpus_chrf(hyps, ref_sets, {metric == "chrf" ? 0 : 2, lowercase});
    j = eval::to_json(s), text = s.text();
  } else if (metric == "ter") {
    const auto s = eval::corpus_ter(hyps, ref_sets, {});
    j = eval::to_json(s), text = s.text();
  } else {
    NMT_FAIL("unknown metric '" << metric << "' (expected bleu, chrf, chrf++ or ter)");
  }
  j["text"] = text;
  j["metric"] = metric;
  return py::module_::import("json").attr("loads")(j.dump());
}

// nmt train with a resolved configuration: `overrides_json` over the file's
// (and the defaults); `callback(line)` gets every log line.
py::dict train(const std::string& config_file, const std::string& overrides_json, py::object callback) {
  const auto config = train::resolve_train_config(config_file, nlohmann::json::parse(overrides_json));
  dist::World one_process;
  bool interrupted = false;
  auto say = [&](const std::string& line) {
    py::gil_scoped_acquire held;
    if (!callback.is_none()) callback(line);
  };
  train::TrainRunOptions run;
  run.say = say;
  train::TrainCallbacks callbacks;
  callbacks.message = say;
  // Python handles signals in the main thread, between bytecodes: check
  // for them after every step (this thread is the caller's).
  callbacks.stop_requested = [&] {
    py::gil_scoped_acquire held;
    if (PyErr_CheckSignals() != 0) {
      PyErr_Clear();
      interrupted = true;
    }
    return interrupted;
  };
  std::optional<train::TrainResult> result;
  {
    py::gil_scoped_release released;
    result = train::run_training(config, run, callbacks, one_process);
  }
  if (interrupted) {
    PyErr_SetString(PyExc_KeyboardInterrupt, ("training stopped; resume from " + result->checkpoint).c_str());
    throw py::error_already_set();
  }
  py::dict out;
  if (!result) return out;  // a dry run
  out["steps"] = result->steps;
  out["train_seconds"] = result->train_seconds;
  out["target_tokens"] = result->target_tokens;
  out["last_loss"] = result->last_loss;
  out["dev_nll"] = result->dev_nll;
  out["checkpoint"] = result->checkpoint;
  out["stop_reason"] = result->stop_reason;
  return out;
}

// The rows of an option table (common/option_table.h) as dicts; `defaults`
// null: none (the model's depend on the preset).
template <typename Options>
py::list option_rows(const std::vector<OptionSpec<Options>>& table, const Options* defaults) {
  const char* kinds[] = {"int", "float", "str", "bool", "list[str]"};
  const auto loads = py::module_::import("json").attr("loads");
  py::list out;
  for (const auto& spec : table) {
    py::dict row;
    row["key"] = spec.key;
    row["flag"] = spec.flag;
    row["off_flag"] = spec.off_flag;
    row["type"] = kinds[static_cast<int>(spec.kind)];
    row["default"] = defaults != nullptr ? loads(spec.get(*defaults).dump()) : py::none();
    row["help"] = spec.help;
    row["choices"] = spec.choices;
    out.append(row);
  }
  return out;
}

// A section's options as nmt train declares them: train
// (train/train_options.h), model (model/config_options.h) or data
// (train/run_config.h).
py::list train_options(const std::string& section) {
  if (section == "train") {
    const train::TrainOptions defaults;
    return option_rows(train::train_option_table(), &defaults);
  }
  if (section == "model") return option_rows<model::ModelConfig>(model::model_option_table(), nullptr);
  NMT_CHECK(section == "data", "train_options: section must be 'train', 'model' or 'data', got '" << section << "'");
  const nlohmann::json defaults;  // each row's own
  return option_rows(train::data_option_table(), &defaults);
}

}  // namespace

PYBIND11_MODULE(_nmt, m) {
  m.doc() = "nmt's native part; use the nmt package";
  py::register_exception<nmt::Error>(m, "Error", PyExc_ValueError);
  py::class_<Translator>(m, "Translator")
      .def(py::init<const std::vector<std::string>&, const std::string&, int, int, const std::string&,
                    const std::vector<double>&, const std::string&>(),
           py::arg("paths"), py::arg("device"), py::arg("threads"), py::arg("workers"), py::arg("quantize"),
           py::arg("weights"), py::arg("shortlist"))
      .def("translate", &Translator::translate, py::arg("lines"), py::arg("beam"), py::arg("n_best"),
           py::arg("glossary_tsv"), py::arg("glossary_ignore_case"), py::arg("constraints"))
      .def("translate_batch", &Translator::translate_batch, py::arg("sources"), py::arg("tokens"), py::arg("beam"),
           py::arg("n_best"), py::arg("length_penalty"), py::arg("max_decoding_length"), py::arg("disable_unk"),
           py::arg("search"), py::arg("word_penalty"), py::arg("brevity_penalty"), py::arg("length_ratio"),
           py::arg("batch_size"), py::arg("return_scores"),
           py::arg("return_attention"), py::arg("return_alignment"), py::arg("glossary_tsv"),
           py::arg("glossary_ignore_case"), py::arg("constraints"))
      .def("score_batch", &Translator::score_batch, py::arg("sources"), py::arg("targets"), py::arg("tokens"),
           py::arg("batch_size"));
  m.def("score", &score, py::arg("hyps"), py::arg("refs"), py::arg("metric"), py::arg("tokenize"),
        py::arg("lowercase"));
  m.def("train", &train, py::arg("config_file"), py::arg("overrides_json"), py::arg("callback"));
  m.def("train_options", &train_options, py::arg("section"));
}

}  // namespace nmt::python
