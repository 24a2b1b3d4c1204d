// The Python module's native part, nmt._nmt: a thin layer over the library
// calls the command line makes (translate, score, train). The GIL is
// released while translating and training; training calls back into Python
// with it held, and a Ctrl-C in Python stops training after the current
// step with a checkpoint, as SIGINT does for `nmt train`.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/decode/constraints.h"
#include "nmt/decode/engine_setup.h"
#include "nmt/decode/glossary.h"
#include "nmt/decode/stream.h"
#include "nmt/decode/translator.h"
#include "nmt/dist/world.h"
#include "nmt/eval/score_json.h"
#include "nmt/model/threads.h"
#include "nmt/text/vocab.h"
#include "nmt/train/checkpoint.h"
#include "nmt/train/run_config.h"

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
      : threads_(threads) {
    NMT_CHECK(threads >= 1, "threads must be >= 1, got " << threads);
    NMT_CHECK(quantize.empty() || quantize == "int8" || quantize == "none",
              "quantize must be None, 'none' or 'int8', got '" << quantize << "'");
    const auto loaded = train::load_models(paths);
    src_vocab_ = std::make_unique<text::Vocab>(text::Vocab::from_serialized(loaded.src_vocab));
    tgt_vocab_ = std::make_unique<text::Vocab>(text::Vocab::from_serialized(loaded.tgt_vocab));
    decode::apply_model_defaults(loaded.checkpoints.front().info.config, options_, {});
    translator_ = std::make_unique<decode::Translator>(loaded.models, weights, torch::Device(device));
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
    NMT_CHECK(beam >= 1, "beam must be >= 1, got " << beam);
    NMT_CHECK(n_best >= 1 && n_best <= beam, "n_best (" << n_best << ") must be between 1 and beam (" << beam << ")");
    NMT_CHECK(constraints.empty() || constraints.size() == lines.size(),
              "constraints: " << constraints.size() << " lists for " << lines.size() << " lines");
    auto options = options_;
    options.search.beam = beam, options.search.n_best = n_best;
    std::vector<decode::Constraints> wanted;
    if (!glossary_tsv.empty() || !constraints.empty()) {
      if (!speller_) speller_ = std::make_unique<decode::PhraseSpeller>(*tgt_vocab_);
      wanted.resize(lines.size());
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
    std::vector<std::vector<decode::Hypothesis>> found;
    {
      py::gil_scoped_release released;
      std::vector<std::vector<int>> sources;
      sources.reserve(lines.size());
      for (const auto& line : lines) sources.push_back(src_vocab_->encode(line));
      decode::StreamOptions stream;
      stream.translate = options;
      stream.threads = threads_;
      decode::StreamStats stats;
      found = decode::translate_sources(*translator_, sources, stream, stats, wanted.empty() ? nullptr : &wanted);
    }
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

 private:
  int threads_;
  std::unique_ptr<text::Vocab> src_vocab_, tgt_vocab_;
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
           py::arg("glossary_tsv"), py::arg("glossary_ignore_case"), py::arg("constraints"));
  m.def("score", &score, py::arg("hyps"), py::arg("refs"), py::arg("metric"), py::arg("tokenize"),
        py::arg("lowercase"));
  m.def("train", &train, py::arg("config_file"), py::arg("overrides_json"), py::arg("callback"));
}

}  // namespace nmt::python
