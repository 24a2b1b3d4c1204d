#pragma once
// Batch translation: length-sorted batches, the encoder run once per batch,
// incremental decoding with a cache, results restored to input order.
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "nmt/decode/constraints.h"
#include "nmt/decode/search.h"
#include "nmt/model/transformer.h"

namespace nmt::text {
class Vocab;
}
namespace nmt::infer {
struct TransformerWeights;
}
namespace nmt::decode {
class Shortlist;
}

namespace nmt::decode {

struct TranslateOptions {
  SearchOptions search;
  int64_t batch_size = 32;          // sentences per batch
  // Continuous batching (the CPU engine, rule nmt; not
  // for sentences with constraints): each worker searches up to batch_size
  // sentences at once, longest first, and a sentence that finishes is
  // replaced at the next step by a waiting one, instead of its rows idling
  // until the batch's longest sentence ends. Outputs are the same. Off by
  // default: on the Bible test set, whose length-sorted batches leave little
  // to refill, it was 1% faster with one worker and 2.5% slower with two.
  bool continuous = false;
  // A sentence's output has at most ratio x its source pieces + extra tokens
  // (</s> included; at most the model's positions): its own limit, whatever
  // else shares its batch.
  double max_length_ratio = 1.5;
  int64_t max_length_extra = 10;
  // > 0: Marian's limit instead, factor x (source pieces + </s>), rounded up.
  double max_length_factor = 0;
  // The brevity penalty (search.h's brevity_penalty): beam search ranks a
  // finished hypothesis shorter than length_ratio x (source pieces + 1)
  // tokens (</s> counted) brevity_weight x (1 - expected / length) lower.
  // A young model's beam ends its hypotheses early, and more so on some
  // targets (Chinese) than others: this pulls the short ones up to what the
  // training pairs' lengths lead to expect. length_ratio comes from the
  // run (nmt train measures it on the training pairs); 0 (a model without
  // one) or a weight of 0: off. Only where the beam shrinks (rule nmt,
  // length rule power, alpha > 0), and not for sentences with constraints.
  // It decides which hypotheses finish (SearchOptions::brevity_weight) and
  // their order (rank_with_brevity_penalty).
  double length_ratio = 0;
  double brevity_weight = 1.0;
  int64_t fixed_length = 0;         // > 0: exactly this many tokens, </s> never chosen (benchmarks)
  bool bf16 = false;                // matrix products in bfloat16 (autocast), the rest in float32
  // Batches translated at once, each by its own thread (Marian's
  // --cpu-threads, CTranslate2's inter_threads). Each worker's operations use
  // the intra-op threads the caller set (model::set_cpu_threads), usually 1.
  int workers = 1;
  // "torch": LibTorch's model (any device, bf16, int8). "cpu": the CPU
  // inference engine (infer/): float32 or int8, on the CPU. "auto": cpu
  // where it can (a CPU device, no bf16, nmt built with oneDNN), else torch.
  std::string engine = "auto";
  // The CPU engine only: each sentence's output layer restricted to its
  // own part of the shortlist (shortlist.h); null: the whole vocabulary.
  std::shared_ptr<const Shortlist> shortlist;
};

// Drives the model for one batch: the encoder output and the decoder cache.
// The encoder side keeps one row per source sentence still searched: when
// the rows of each sentence are consecutive and equally many (the beams of
// beam search), they share it (see model::DecoderCache::group); otherwise
// it is copied row by row.
class TransformerStep : public StepFunction {
 public:
  TransformerStep(model::Transformer model, const torch::Tensor& src);  // src: (N, S) ids, </s>-terminated, padded
  at::Tensor log_probs(const std::vector<int64_t>& last) override;
  void select_rows(const std::vector<int64_t>& rows, bool same_sentences) override;

 private:
  model::Transformer model_;
  torch::Tensor memory_, src_bias_;  // one row per source
  model::DecoderCache cache_;
  std::vector<int64_t> source_of_row_;  // index into memory_ of each row
};

// An ensemble (Marian's, fairseq's): each model searched with its own
// encoder output and cache, the next token scored by the weighted sum of
// their log-probabilities (weights summing to 1: their average).
class EnsembleStep : public StepFunction {
 public:
  EnsembleStep(std::vector<std::unique_ptr<StepFunction>> members, std::vector<double> weights);
  at::Tensor log_probs(const std::vector<int64_t>& last) override;
  void select_rows(const std::vector<int64_t>& rows, bool same_sentences) override;
  void add_sources(const at::Tensor& src, const SourceVocabularies* vocabularies) override;

 private:
  std::vector<std::unique_ptr<StepFunction>> members_;
  std::vector<double> weights_;
};

// (N, S) ids on the CPU, as the encoder reads them: each source's pieces,
// cut to max_positions - 1, then </s>, then padding. Adds the number of
// sources that were cut to *cut.
torch::Tensor source_batch(const std::vector<const std::vector<int>*>& sources, int64_t max_positions,
                           int64_t* cut = nullptr);

// The output limit of a sentence of `source_pieces` pieces (see TranslateOptions).
int64_t max_output_length(size_t source_pieces, const TranslateOptions& options, int64_t max_positions);

struct TranslateStats {
  int64_t sentences = 0, generated_tokens = 0, truncated_sources = 0;
  double seconds = 0;                 // wall time of the whole call
  std::vector<double> batch_seconds;  // wall time of each batch, in the order they finished
  int64_t shortlist_pieces = 0;       // with a shortlist: the target pieces each sentence scored, summed
  // Adds the counts and batch times of another part of the work (not its
  // wall time, which the caller measures whole).
  void add(const TranslateStats& part);
};

// A model's own decoding defaults, from its configuration's "decode"
// section (an imported Marian model's: Marian's search rules; a trained
// run's: its length ratio), for every field whose name is not in
// `set_by_user`: the keys of run_default_keys (decode_options.h).
void apply_model_defaults(const nlohmann::json& model_config, TranslateOptions& options,
                          const std::set<std::string>& set_by_user);

// A run's engine defaults beside the search's, from the same section (a
// student of nmt distill has them): "quantize": "int8", and "shortlist": a
// file of the run directory, `run_dir_or_file` (a checkpoint's folder). A
// shortlist named there but missing is an error naming it.
struct EngineDefaults {
  bool int8 = false;
  std::string shortlist;  // its path; "" = none
};
EngineDefaults engine_defaults(const nlohmann::json& model_config, const std::string& run_dir_or_file);

// The detokenized text of a sentence's best hypothesis ("" if it has none).
std::string best_translation(const std::vector<Hypothesis>& n_best, const text::Vocab& tgt_vocab);

// CPU engines (their buffers and thread pool) kept from one translate()
// call to the next, for a caller that translates many small batches on one
// thread: each of the server's decoding workers holds one for its life.
// Used by one thread at a time; serves any translators and models.
class EngineCache {
 public:
  EngineCache();
  ~EngineCache();
  EngineCache(const EngineCache&) = delete;
  EngineCache& operator=(const EngineCache&) = delete;
  size_t size() const;  // engines held
  int64_t built() const;  // engines made since it was created

 private:
  friend class Translator;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Where continuous batching takes its sentences (Translator::
// search_continuously): translate()'s length-sorted list, shared by its
// workers, or the server's queue. Used by the thread that runs the search.
class SentenceSource {
 public:
  virtual ~SentenceSource() = default;
  // Sentences (each one's pieces, without </s>) to start a search
  // (`running` = 0; none: there is nothing to search) or to join one between
  // steps: at most `room`. A source may give fewer or none while sentences
  // run, to let them join in larger groups (the encoder runs faster on
  // several sources than on one after another).
  virtual std::vector<std::vector<int>> take(int64_t room, int64_t running) = 0;
  // The n-best of the id-th sentence taken (ids count from 0 in the order
  // the sentences were taken), as soon as it is found.
  virtual void finished(size_t id, std::vector<Hypothesis> n_best) = 0;
};

class Translator {
 public:
  Translator(model::Transformer model, torch::Device device);
  // An ensemble: models that share the vocabularies (the caller checks),
  // weights one per model (empty: equal), normalised to sum to 1.
  Translator(std::vector<model::Transformer> models, std::vector<double> weights, torch::Device device);
  // sources: piece ids without </s> -> n-best per sentence, in input order.
  // With `cache` (one worker only), the CPU engine comes from it and stays
  // there for the next call; without, each call makes its own. With
  // `constraints` (one per source, as many as sources), the sentences that
  // have some are searched by constrained_search (constrained_search.h), in
  // batches of their own, so the others translate as without them; a
  // sentence's shortlist gains its phrases' pieces.
  std::vector<std::vector<Hypothesis>> translate(const std::vector<std::vector<int>>& sources,
                                                 const TranslateOptions& options, TranslateStats* stats = nullptr,
                                                 EngineCache* cache = nullptr,
                                                 const std::vector<Constraints>* constraints = nullptr);
  // Text in, detokenized text out (the best hypothesis of each line).
  std::vector<std::string> translate_lines(const std::vector<std::string>& lines, const text::Vocab& src_vocab,
                                           const text::Vocab& tgt_vocab, const TranslateOptions& options,
                                           TranslateStats* stats = nullptr);
  const model::Transformer& model() const { return models_.front(); }  // the first of an ensemble
  size_t size() const { return models_.size(); }
  const std::vector<model::Transformer>& models() const { return models_; }
  const std::vector<double>& weights() const { return weights_; }  // one per model, summing to 1
  const torch::Device& device() const { return device_; }
  // The engine that translate() uses with these options: "torch" or "cpu".
  std::string engine_for(const TranslateOptions& options) const;
  // Whether search_continuously runs with these options: the CPU engine,
  // search rule nmt, no fixed length.
  bool continuous_for(const TranslateOptions& options) const { return continuous_refusal(options).empty(); }
  // Why it does not ("with --fixed-length", ...), or "" where it does.
  std::string continuous_refusal(const TranslateOptions& options) const;
  // Continuous batching: one running search on the CPU engine (from
  // `engines`, one worker's) of up to options.batch_size sentences from
  // `source`, each finished one replaced between steps by what the source
  // gives, until it gives none and the last running sentence has finished.
  // A sentence's n-best is the same as translate() gives it. False: the
  // source gave nothing to start with. Adds to *stats (one batch time).
  bool search_continuously(SentenceSource& source, const TranslateOptions& options, TranslateStats& stats,
                           EngineCache& engines);
  // From now on linear layers multiply in int8 (CPU only; see model/int8.h).
  void quantize_int8();

 private:
  // The engine's copies of the models' weights, packed for float32 or int8
  // (quantize_int8) in `parts` column parts (a worker's threads), made at
  // the first translation that needs them and kept.
  std::vector<std::shared_ptr<const infer::TransformerWeights>> engine_weights(int parts);
  // The most positions every model has.
  int64_t max_positions() const;
  // The search's step over src (N, S): the CPU engine from `engines` with
  // `weights` (each source restricted to its vocabulary, when given), or LibTorch's model
  // when engines is null; an ensemble's members summed.
  std::unique_ptr<StepFunction> step_for(const torch::Tensor& src, EngineCache* engines,
                                         const std::vector<std::shared_ptr<const infer::TransformerWeights>>& weights,
                                         const SourceVocabularies* vocabularies);

  std::vector<model::Transformer> models_;
  std::vector<double> weights_;
  torch::Device device_;
  bool int8_ = false;
  std::map<int, std::vector<std::shared_ptr<const infer::TransformerWeights>>> engine_weights_;  // by parts
  std::mutex engine_weights_mutex_;  // translate() may be called from several threads (the server's workers)
};

}  // namespace nmt::decode
