#include "nmt/decode/translator.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <mutex>
#include <numeric>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/decode/constrained_search.h"
#include "nmt/decode/decode_options.h"
#ifdef NMT_HAVE_ENGINE
#include "nmt/decode/engine_step.h"
#include "nmt/infer/from_model.h"
#endif
#include "nmt/decode/shortlist.h"
#include "nmt/model/bf16.h"
#include "nmt/model/threads.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {

TransformerStep::TransformerStep(model::Transformer model, const torch::Tensor& src)
    : model_(std::move(model)), cache_(model_->make_cache()), source_of_row_(src.size(0)) {
  src_bias_ = model::padding_bias(src);
  memory_ = model_->encode(src, src_bias_);
  std::iota(source_of_row_.begin(), source_of_row_.end(), 0);
}

at::Tensor TransformerStep::log_probs(const std::vector<int64_t>& last) {
  auto tokens = torch::tensor(last, torch::kLong).to(memory_.device()).view({-1, 1});
  auto hidden = model_->decode_step(tokens, memory_, src_bias_, cache_);  // (N, 1, D)
  return torch::log_softmax(model_->logits(hidden.squeeze(1)).to(torch::kFloat), -1);  // (N, V), float32 under bf16 too
}

void TransformerStep::select_rows(const std::vector<int64_t>& host_rows, bool same_sentences) {
  const auto rows = torch::tensor(host_rows, torch::kLong).to(memory_.device());
  if (same_sentences) {
    cache_.select_rows(rows);
    return;
  }
  // The source of every new row; then whether they come in equal runs.
  const int64_t n = static_cast<int64_t>(host_rows.size());
  std::vector<int64_t> source(n);
  for (int64_t i = 0; i < n; ++i) source[i] = source_of_row_.at(host_rows[i]);
  int64_t group = 1;
  while (group < n && source[group] == source[0]) ++group;
  for (int64_t i = 0; i < n && group > 1; ++i) {
    if (n % group != 0 || source[i] != source[i - i % group]) group = 1;
  }
  std::vector<int64_t> kept;  // memory_ rows that stay, in their new order
  for (int64_t i = 0; i < n; i += group) kept.push_back(source[i]);
  bool identity = static_cast<int64_t>(kept.size()) == memory_.size(0);
  for (size_t i = 0; i < kept.size() && identity; ++i) identity = kept[i] == static_cast<int64_t>(i);
  torch::Tensor sources;  // undefined: the encoder side stays
  if (!identity) {
    sources = torch::tensor(kept, torch::kLong).to(memory_.device());
    memory_ = memory_.index_select(0, sources);
    src_bias_ = src_bias_.index_select(0, sources);
  }
  cache_.select_rows(rows, sources, group);
  source_of_row_.resize(n);
  for (int64_t i = 0; i < n; ++i) source_of_row_[i] = i / group;
}

void apply_model_defaults(const nlohmann::json& model_config, TranslateOptions& options,
                          const std::set<std::string>& set_by_user) {
  if (!model_config.contains("decode")) return;
  const auto& d = model_config["decode"];
  for (const auto& spec : decode_option_table()) {
    const auto& keys = run_default_keys();
    if (std::find(keys.begin(), keys.end(), spec.key) == keys.end()) continue;
    if (!d.contains(spec.key) || set_by_user.count(spec.key)) continue;
    try {
      spec.set(d[spec.key], options);
    } catch (const nlohmann::json::exception& e) {
      NMT_FAIL("the model's decode settings are malformed: " << d.dump() << " (" << e.what() << ")");
    }
  }
}

EngineDefaults engine_defaults(const nlohmann::json& model_config, const std::string& run_dir_or_file) {
  EngineDefaults defaults;
  if (!model_config.contains("decode") || !model_config["decode"].is_object()) return defaults;
  const auto& d = model_config["decode"];
  defaults.int8 = d.value("quantize", "") == "int8";
  const std::string shortlist = d.value("shortlist", "");
  if (!shortlist.empty()) {
    const auto dir = std::filesystem::is_directory(run_dir_or_file) ? std::filesystem::path(run_dir_or_file)
                                                                     : std::filesystem::path(run_dir_or_file).parent_path();
    defaults.shortlist = (dir / shortlist).string();
    NMT_CHECK(std::filesystem::exists(defaults.shortlist),
              "the model's decoding defaults name the shortlist " << defaults.shortlist << ", which does not exist "
                                                                  << "(give --shortlist none to translate without one)");
  }
  return defaults;
}

void TranslateStats::add(const TranslateStats& part) {
  sentences += part.sentences;
  generated_tokens += part.generated_tokens;
  truncated_sources += part.truncated_sources;
  shortlist_pieces += part.shortlist_pieces;
  batch_seconds.insert(batch_seconds.end(), part.batch_seconds.begin(), part.batch_seconds.end());
}

torch::Tensor source_batch(const std::vector<const std::vector<int>*>& sources, int64_t max_positions,
                           int64_t* cut) {
  int64_t width = 1;
  for (const auto* s : sources) width = std::max<int64_t>(width, std::min<int64_t>(s->size() + 1, max_positions));
  auto src = torch::full({static_cast<int64_t>(sources.size()), width}, text::kPadId, torch::kLong);
  auto acc = src.accessor<int64_t, 2>();
  for (size_t i = 0; i < sources.size(); ++i) {
    const auto& s = *sources[i];
    const int64_t n = std::min<int64_t>(s.size(), width - 1);
    if (cut != nullptr && n < static_cast<int64_t>(s.size())) ++*cut;
    for (int64_t j = 0; j < n; ++j) acc[i][j] = s[j];
    acc[i][n] = text::kEosId;
  }
  return src;
}

int64_t max_output_length(size_t source_pieces, const TranslateOptions& options, int64_t max_positions) {
  if (options.fixed_length > 0) return std::min(options.fixed_length, max_positions);
  const auto pieces = std::min<int64_t>(static_cast<int64_t>(source_pieces), max_positions - 1);  // as encoded
  const auto limit =
      options.max_length_factor > 0
          ? static_cast<int64_t>(std::ceil(options.max_length_factor * static_cast<double>(pieces + 1)))
          : static_cast<int64_t>(options.max_length_ratio * static_cast<double>(pieces)) + options.max_length_extra;
  return std::clamp<int64_t>(limit, 1, max_positions);
}

namespace {

// Whether translate() ranks finished hypotheses with the brevity penalty
// (TranslateOptions::length_ratio).
bool ranks_by_brevity(const TranslateOptions& options) {
  return options.length_ratio > 0 && options.brevity_weight > 0 && options.search.beam > 1 &&
         shrinks_beam(options.search) && options.fixed_length == 0;
}

// The length, </s> included, that a sentence of `source_pieces` pieces is
// expected to reach (0 where the options do not rank by brevity).
double expected_length(size_t source_pieces, const TranslateOptions& options) {
  return ranks_by_brevity(options) ? options.length_ratio * static_cast<double>(source_pieces + 1) : 0.0;
}

// A sentence of `source_pieces` pieces: its beam's finished hypotheses
// ranked with the brevity penalty, the n-best asked for kept (unchanged
// where the options do not rank by it).
void rank_by_brevity(std::vector<Hypothesis>& finished, size_t source_pieces, const TranslateOptions& options) {
  if (!ranks_by_brevity(options)) return;
  rank_with_brevity_penalty(finished, expected_length(source_pieces, options), options.brevity_weight,
                            options.search.n_best);
}

// The options a search runs with: no </s> with a fixed length; with the
// brevity penalty, short endings giving their places to longer ones while
// the search runs (SearchOptions::brevity_weight) and every finished
// hypothesis of the beam (ranked after, by rank_with_brevity_penalty),
// except for constrained sentences, whose search stops by its n-best.
SearchOptions searched_options(const TranslateOptions& options, bool constrained = false) {
  SearchOptions search = options.search;
  if (options.fixed_length > 0) search.allow_eos = false;
  if (ranks_by_brevity(options) && !constrained) {
    search.n_best = search.beam;
    search.brevity_weight = options.brevity_weight;
  }
  return search;
}

}  // namespace

EnsembleStep::EnsembleStep(std::vector<std::unique_ptr<StepFunction>> members, std::vector<double> weights)
    : members_(std::move(members)), weights_(std::move(weights)) {
  NMT_CHECK(!members_.empty() && members_.size() == weights_.size(), "an ensemble needs one weight per model");
}

at::Tensor EnsembleStep::log_probs(const std::vector<int64_t>& last) {
  at::Tensor sum;
  for (size_t i = 0; i < members_.size(); ++i) {
    auto lp = members_[i]->log_probs(last);
    sum = sum.defined() ? sum.add_(lp, weights_[i]) : lp.mul(weights_[i]);
  }
  return sum;
}

void EnsembleStep::select_rows(const std::vector<int64_t>& rows, bool same_sentences) {
  for (auto& m : members_) m->select_rows(rows, same_sentences);
}

void EnsembleStep::add_sources(const at::Tensor& src, const SourceVocabularies* vocabularies) {
  for (auto& m : members_) m->add_sources(src, vocabularies);
}

Translator::Translator(model::Transformer model, torch::Device device)
    : Translator(std::vector<model::Transformer>{std::move(model)}, {}, device) {}

Translator::Translator(std::vector<model::Transformer> models, std::vector<double> weights, torch::Device device)
    : models_(std::move(models)), weights_(std::move(weights)), device_(device) {
  NMT_CHECK(!models_.empty(), "a translator needs a model");
  if (weights_.empty()) weights_.assign(models_.size(), 1.0 / static_cast<double>(models_.size()));
  NMT_CHECK(weights_.size() == models_.size(), "an ensemble of " << models_.size() << " models needs "
                                                                 << models_.size() << " weights, got " << weights_.size());
  double total = 0;
  for (double w : weights_) {
    NMT_CHECK(w > 0, "ensemble weights must be > 0, got " << w);
    total += w;
  }
  for (double& w : weights_) w /= total;
  for (auto& m : models_) {
    NMT_CHECK(m->config.tgt_vocab == models_.front()->config.tgt_vocab,
              "the models of an ensemble must share the target vocabulary: sizes " << models_.front()->config.tgt_vocab
                                                                                   << " and " << m->config.tgt_vocab);
    m->to(device_);
    m->eval();
  }
}

void Translator::quantize_int8() {
  NMT_CHECK(device_.is_cpu(), "int8 translation runs on the CPU only, not on " << device_.str());
  for (auto& m : models_) m->quantize_int8();
  int8_ = true;
  engine_weights_.clear();
}

#ifdef NMT_HAVE_ENGINE
constexpr bool kHaveEngine = true;
#else
constexpr bool kHaveEngine = false;
#endif

std::string Translator::engine_for(const TranslateOptions& options) const {
  NMT_CHECK(options.engine == "auto" || options.engine == "torch" || options.engine == "cpu",
            "engine must be auto, torch or cpu, got '" << options.engine << "'");
  if (options.engine == "auto") return device_.is_cpu() && !options.bf16 && kHaveEngine ? "cpu" : "torch";
  if (options.engine == "cpu") {
    NMT_CHECK(kHaveEngine, "this nmt was built without oneDNN (libdnnl-dev), so without the CPU engine: use "
                           "--engine torch");
    NMT_CHECK(device_.is_cpu(), "the cpu engine translates on the CPU, not on " << device_.str()
                                                                                << ": use --engine torch");
    NMT_CHECK(!options.bf16, "the cpu engine translates in float32 or int8; use --engine torch for --bf16");
  }
  return options.engine;
}

std::vector<std::shared_ptr<const infer::TransformerWeights>> Translator::engine_weights(int parts) {
#ifdef NMT_HAVE_ENGINE
  std::lock_guard<std::mutex> lock(engine_weights_mutex_);
  auto& weights = engine_weights_[parts];
  if (weights.empty()) {
    const auto precision = int8_ ? infer::Precision::kInt8 : infer::Precision::kFloat32;
    for (const auto& m : models_)
      weights.push_back(std::make_shared<infer::TransformerWeights>(infer::weights_from(m, precision, parts)));
  }
  return weights;
#else
  NMT_FAIL("this nmt was built without oneDNN (libdnnl-dev), so without the CPU engine: use --engine torch");
#endif
}

struct EngineCache::Impl {
  int64_t built = 0;
#ifdef NMT_HAVE_ENGINE
  // By the weights they multiply (one set per model and thread count), which they keep alive.
  std::map<const infer::TransformerWeights*,
           std::pair<std::shared_ptr<const infer::TransformerWeights>, std::unique_ptr<infer::Engine>>>
      engines;

  infer::Engine& get(const std::shared_ptr<const infer::TransformerWeights>& weights, int threads) {
    auto& slot = engines[weights.get()];
    if (!slot.second) {
      slot = {weights, std::make_unique<infer::Engine>(*weights, threads)};
      ++built;
    }
    return *slot.second;
  }
#endif
};

EngineCache::EngineCache() : impl_(std::make_unique<Impl>()) {}
EngineCache::~EngineCache() = default;

size_t EngineCache::size() const {
#ifdef NMT_HAVE_ENGINE
  return impl_->engines.size();
#else
  return 0;
#endif
}

int64_t EngineCache::built() const { return impl_->built; }

namespace {

// The sentences that continuous batching has yet to search, shared by the
// workers: order[0, left), handed out from the end (the longest first).
class WaitingSentences {
 public:
  WaitingSentences(const std::vector<size_t>& order, size_t count) : order_(order), left_(count) {}
  // Up to `most` sentences' source indices, longest first; empty: none left.
  std::vector<size_t> claim(int64_t most) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<size_t> claimed;
    for (; left_ > 0 && static_cast<int64_t>(claimed.size()) < most; --left_) claimed.push_back(order_[left_ - 1]);
    return claimed;
  }

 private:
  const std::vector<size_t>& order_;
  size_t left_;
  std::mutex mutex_;
};

// translate()'s sentences for one worker's running search: claimed from
// the shared list, longest first, their n-best lists handed to `keep`.
class ClaimedSentences : public SentenceSource {
 public:
  using Keep = std::function<void(size_t source, std::vector<Hypothesis> n_best)>;
  ClaimedSentences(WaitingSentences& waiting, const std::vector<std::vector<int>>& sources, int64_t capacity, Keep keep)
      : waiting_(waiting), sources_(sources), capacity_(capacity), keep_(std::move(keep)) {}
  std::vector<std::vector<int>> take(int64_t room, int64_t running) override {
    // Sentences join a quarter of the capacity at a time: the encoder runs
    // faster on several sources than on one after another (measured on the
    // Bible test set, 1 worker: joining one at a time was 20% slower than
    // fixed batches with greedy search, a quarter 3-5% faster).
    if (running > 0 && room < std::max<int64_t>(1, capacity_ / 4)) return {};
    std::vector<std::vector<int>> out;
    for (const auto i : waiting_.claim(room)) {
      claimed_.push_back(i);
      out.push_back(sources_[i]);
    }
    return out;
  }
  void finished(size_t id, std::vector<Hypothesis> n_best) override { keep_(claimed_.at(id), std::move(n_best)); }

 private:
  WaitingSentences& waiting_;
  const std::vector<std::vector<int>>& sources_;
  int64_t capacity_;
  Keep keep_;
  std::vector<size_t> claimed_;  // the source index of each sentence taken
};

// A sentence's part of the target vocabulary: its shortlist's, and the
// pieces of its constraints (null: none).
std::vector<int64_t> shortlist_vocabulary(const Shortlist& shortlist, const std::vector<int>& source,
                                          const Constraints* constraints) {
  auto vocabulary = shortlist.vocabulary({&source});
  if (constraints != nullptr) {  // the search may write any spelling of them
    for (const auto* phrases : {&constraints->include, &constraints->exclude})
      for (const auto& phrase : *phrases)
        for (const auto& spelling : phrase.spellings) vocabulary.insert(vocabulary.end(), spelling.begin(), spelling.end());
    std::sort(vocabulary.begin(), vocabulary.end());
    vocabulary.erase(std::unique(vocabulary.begin(), vocabulary.end()), vocabulary.end());
  }
  return vocabulary;
}

// A running search's feed over a SentenceSource: joined sentences' sources
// go to the step, their n-best lists back to the source.
class SourceFeed : public SentenceFeed {
 public:
  using Batch = std::function<torch::Tensor(const std::vector<std::vector<int>>& sentences)>;
  // Limits and ranking as `options` say; with a shortlist, each sentence's
  // own part of it (shortlist_vocabulary).
  SourceFeed(SentenceSource& source, const TranslateOptions& options, int64_t positions, Batch batch,
             TranslateStats& stats)
      : source_(source), options_(options), positions_(positions), batch_(std::move(batch)),
        shortlist_(options.shortlist.get()), stats_(stats) {}
  int64_t capacity() const override { return options_.batch_size; }
  std::vector<int64_t> join(StepFunction& step, int64_t room) override {
    const auto sentences = source_.take(room, options_.batch_size - room);
    if (sentences.empty()) return {};
    step.add_sources(batch_(sentences), vocabularies(sentences));
    return limits(sentences);
  }
  // The sentences' vocabularies (null without a shortlist), valid until the next call.
  const SourceVocabularies* vocabularies(const std::vector<std::vector<int>>& sentences) {
    if (shortlist_ == nullptr) return nullptr;
    vocabularies_.clear();
    for (const auto& s : sentences) {
      vocabularies_.push_back(shortlist_vocabulary(*shortlist_, s, nullptr));
      stats_.shortlist_pieces += static_cast<int64_t>(vocabularies_.back().size());
    }
    return &vocabularies_;
  }
  double expected_length(int64_t sentence) const override {
    return decode::expected_length(pieces_.at(static_cast<size_t>(sentence)), options_);
  }
  void finished(int64_t sentence, const std::vector<Hypothesis>& n_best) override {
    auto ranked = n_best;
    rank_by_brevity(ranked, pieces_.at(static_cast<size_t>(sentence)), options_);
    if (!ranked.empty()) stats_.generated_tokens += static_cast<int64_t>(ranked[0].tokens.size());
    ++stats_.sentences;
    source_.finished(static_cast<size_t>(sentence), std::move(ranked));
  }
  // The length limit of each sentence, which starts or joins the search
  // now (in that order: sentences are numbered as they come).
  std::vector<int64_t> limits(const std::vector<std::vector<int>>& sentences) {
    std::vector<int64_t> out;
    for (const auto& s : sentences) {
      out.push_back(max_output_length(s.size(), options_, positions_));
      pieces_.push_back(s.size());
    }
    return out;
  }

 private:
  SentenceSource& source_;
  const TranslateOptions& options_;
  int64_t positions_;
  Batch batch_;
  const Shortlist* shortlist_;
  SourceVocabularies vocabularies_;
  std::vector<size_t> pieces_;  // each sentence's source pieces, numbered as limits() saw them
  TranslateStats& stats_;
};

}  // namespace

int64_t Translator::max_positions() const {
  int64_t most = models_.front()->config.max_positions;
  for (const auto& m : models_) most = std::min(most, m->config.max_positions);
  return most;
}

std::unique_ptr<StepFunction> Translator::step_for(
    const torch::Tensor& src, EngineCache* engines,
    const std::vector<std::shared_ptr<const infer::TransformerWeights>>& weights,
    const SourceVocabularies* vocabularies) {
  std::vector<std::unique_ptr<StepFunction>> members;
  for (size_t m = 0; m < models_.size(); ++m) {
#ifdef NMT_HAVE_ENGINE
    if (engines) {
      members.push_back(std::make_unique<EngineStep>(engines->impl_->get(weights[m], model::cpu_threads()), src, vocabularies));
      continue;
    }
#endif
    members.push_back(std::make_unique<TransformerStep>(models_[m], src.to(device_)));
  }
  return members.size() == 1 ? std::move(members.front())
                             : std::unique_ptr<StepFunction>(std::make_unique<EnsembleStep>(std::move(members), weights_));
}

std::string Translator::continuous_refusal(const TranslateOptions& options) const {
  if (engine_for(options) != "cpu") return "on LibTorch's engine (it runs on the CPU engine, --engine cpu)";
  if (options.search.rule != "nmt") return "with --search " + options.search.rule + " (it runs --search nmt)";
  if (options.fixed_length > 0) return "with --fixed-length";
  return "";
}

bool Translator::search_continuously(SentenceSource& source, const TranslateOptions& options, TranslateStats& stats,
                                     EngineCache& engines) {
  const auto refusal = continuous_refusal(options);
  NMT_CHECK(refusal.empty(), "continuous batching does not run " << refusal);
  NMT_CHECK(options.batch_size >= 1, "batch size must be >= 1, got " << options.batch_size);
  const auto start = std::chrono::steady_clock::now();
  const auto first = source.take(options.batch_size, 0);
  if (first.empty()) return false;
  const auto weights = engine_weights(model::cpu_threads());
  torch::InferenceMode inference;
  model::OpenMpThreadsScope openmp(1);  // the engine spreads a step over its own threads
  const int64_t positions = max_positions();
  const auto batch_of = [&](const std::vector<std::vector<int>>& sentences) {
    std::vector<const std::vector<int>*> pointers;
    for (const auto& s : sentences) pointers.push_back(&s);
    return source_batch(pointers, positions, &stats.truncated_sources);
  };
  SourceFeed feed(source, options, positions, batch_of, stats);
  auto step = step_for(batch_of(first), &engines, weights, feed.vocabularies(first));
  const auto limits = feed.limits(first);
  std::vector<double> expected;
  for (const auto& s : first) expected.push_back(expected_length(s.size(), options));
  search(*step, limits, searched_options(options), &feed, &expected);
  stats.batch_seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return true;
}

std::vector<std::vector<Hypothesis>> Translator::translate(const std::vector<std::vector<int>>& sources,
                                                           const TranslateOptions& options, TranslateStats* stats,
                                                           EngineCache* cache,
                                                           const std::vector<Constraints>* constraints) {
  NMT_CHECK(!constraints || constraints->size() == sources.size(),
            constraints->size() << " sets of constraints for " << sources.size() << " sources");
  const auto constrained = [&](size_t i) { return constraints && !(*constraints)[i].empty(); };
  NMT_CHECK(options.batch_size >= 1, "batch size must be >= 1, got " << options.batch_size);
  NMT_CHECK(options.workers >= 1, "workers must be >= 1, got " << options.workers);
  NMT_CHECK(!cache || options.workers == 1, "an engine cache serves one worker, got workers = " << options.workers);
  const bool engine = engine_for(options) == "cpu";
  NMT_CHECK(!options.shortlist || engine, "a shortlist restricts the CPU engine's output layer: use --engine cpu "
                                          "(or auto, on the CPU), not torch");
  NMT_CHECK(!options.shortlist || options.shortlist->tgt_vocab() == models_.front()->config.tgt_vocab,
            "the shortlist covers " << options.shortlist->tgt_vocab() << " target pieces, the model "
                                    << models_.front()->config.tgt_vocab);
  // Each worker runs on the intra-op threads the caller set: the engine
  // spreads a step over them itself (its weights in as many parts).
  const int threads_per_worker = model::cpu_threads();
  std::vector<std::shared_ptr<const infer::TransformerWeights>> weights;  // the engine's, made before any worker starts
  if (engine) weights = engine_weights(threads_per_worker);
  const auto start = std::chrono::steady_clock::now();
  const int64_t max_positions = this->max_positions();
  // By length, the sentences with constraints after the others.
  std::vector<size_t> order(sources.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (constrained(a) != constrained(b)) return constrained(b);
    return sources[a].size() < sources[b].size();
  });

  std::vector<std::vector<Hypothesis>> results(sources.size());
  // Continuous batching takes the sentences without constraints, order[0,
  // unconstrained); fixed batches take the rest (or all).
  const bool continuous = options.continuous && continuous_for(options);
  const size_t unconstrained = static_cast<size_t>(
      std::find_if(order.begin(), order.end(), [&](size_t i) { return constrained(i); }) - order.begin());
  WaitingSentences waiting(order, continuous ? unconstrained : 0);
  // Batch b holds the sentences order[spans[b].first, spans[b].second), so
  // the longest of each kind come last; each writes only its own
  // sentences' results.
  const size_t batch_size = static_cast<size_t>(options.batch_size);
  std::vector<std::pair<size_t, size_t>> spans;
  for (size_t first = continuous ? unconstrained : 0; first < order.size();) {
    size_t last = first + 1;
    while (last < order.size() && last - first < batch_size && constrained(order[last]) == constrained(order[first]))
      ++last;
    spans.emplace_back(first, last);
    first = last;
  }
  const size_t batches = spans.size();
  const size_t continuous_searches = continuous ? (unconstrained + batch_size - 1) / batch_size : 0;
  const size_t workers = std::min<size_t>(options.workers, std::max<size_t>(batches + continuous_searches, 1));
#ifdef NMT_HAVE_ENGINE
  // Each worker's engines, one per model, made at its first batch and kept
  // for the rest, buffers and all: the caller's cache, or this call's own.
  std::vector<EngineCache> own(cache ? 0 : workers);
#endif
  const SearchOptions search_options = searched_options(options), constrained_options = searched_options(options, true);
  // Each sentence's own limit, from its own length: never from the batch's.
  const auto limit_of = [&](size_t i) { return max_output_length(sources[i].size(), options, max_positions); };
  const auto sources_of = [&](const std::vector<size_t>& indices) {
    std::vector<const std::vector<int>*> batch_sources;
    for (const auto i : indices) batch_sources.push_back(&sources[i]);
    return batch_sources;
  };
  const auto batch_of = [&](const std::vector<size_t>& indices, TranslateStats& local) {
    return source_batch(sources_of(indices), max_positions, &local.truncated_sources);
  };
  const auto step_for = [&](const torch::Tensor& src, size_t worker, const SourceVocabularies* vocabularies) {
    EngineCache* engines = nullptr;
#ifdef NMT_HAVE_ENGINE
    if (engine) engines = cache ? cache : &own[worker];
#endif
    return this->step_for(src, engines, weights, vocabularies);
  };
  const auto keep = [&](size_t i, std::vector<Hypothesis> n_best, TranslateStats& local) {
    if (!constrained(i)) rank_by_brevity(n_best, sources[i].size(), options);
    if (!n_best.empty()) local.generated_tokens += static_cast<int64_t>(n_best[0].tokens.size());
    results[i] = std::move(n_best);
  };
  // One running search of up to batch_size sentences, refilled from `waiting`.
  const auto translate_continuously = [&](size_t worker, TranslateStats& local) {
#ifdef NMT_HAVE_ENGINE
    if (!continuous) return false;
    ClaimedSentences claimed(waiting, sources, options.batch_size,
                             [&](size_t i, std::vector<Hypothesis> n_best) { results[i] = std::move(n_best); });
    return search_continuously(claimed, options, local, cache ? *cache : own[worker]);
#else
    (void)worker, (void)local;
    return false;
#endif
  };
  auto translate_batch = [&](size_t b, size_t worker, TranslateStats& local) {
    const auto batch_start = std::chrono::steady_clock::now();
    const auto [first, last] = spans[b];
    const std::vector<size_t> indices(order.begin() + static_cast<int64_t>(first), order.begin() + static_cast<int64_t>(last));
    const auto src = batch_of(indices, local);
    std::vector<int64_t> max_lengths;
    std::vector<double> expected;
    for (const auto i : indices) {
      max_lengths.push_back(limit_of(i));
      expected.push_back(expected_length(sources[i].size(), options));
    }
    std::vector<const Constraints*> batch_constraints;
    if (constrained(order[first])) {
      for (const auto i : indices) batch_constraints.push_back(&(*constraints)[i]);
    }
    SourceVocabularies vocabularies;  // each sentence's part of the target vocabulary (its shortlist)
    if (options.shortlist) {
      for (size_t k = 0; k < indices.size(); ++k) {
        vocabularies.push_back(shortlist_vocabulary(*options.shortlist, sources[indices[k]],
                                                    batch_constraints.empty() ? nullptr : batch_constraints[k]));
        local.shortlist_pieces += static_cast<int64_t>(vocabularies.back().size());
      }
    }
    auto step = step_for(src, worker, options.shortlist ? &vocabularies : nullptr);
    auto found = batch_constraints.empty()
                     ? search(*step, max_lengths, search_options, nullptr, &expected)
                     : constrained_search(*step, max_lengths, constrained_options, batch_constraints);
    for (size_t k = 0; k < indices.size(); ++k) keep(indices[k], std::move(found[k]), local);
    local.batch_seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - batch_start).count());
  };

  // Inference mode and bfloat16 autocast are per thread: each worker sets its own.
  std::vector<TranslateStats> locals(workers);
  // The engine spreads its work over its own threads: oneDNN inside it runs
  // on the thread that calls it.
  const int openmp_threads = engine ? 1 : threads_per_worker;
  std::atomic<size_t> next{0};
  // A worker's share: running searches while sentences wait for one, then
  // fixed batches, the longest first.
  const auto work = [&](size_t w) {
    torch::InferenceMode inference;
    model::Bf16Scope autocast(options.bf16);
    model::OpenMpThreadsScope openmp(openmp_threads);
    while (translate_continuously(w, locals[w])) {
    }
    for (size_t k = next++; k < batches; k = next++) translate_batch(batches - 1 - k, w, locals[w]);
  };
  if (locals.size() <= 1) {
    work(0);
  } else {
    model::run_threads(static_cast<int>(locals.size()), [&](int w) {
      try {
        work(static_cast<size_t>(w));
      } catch (...) {
        next = batches;  // the others stop after their current batch
        waiting.claim(std::numeric_limits<int64_t>::max());
        throw;
      }
    });
  }
  TranslateStats total;
  for (const auto& l : locals) total.add(l);
  total.sentences = static_cast<int64_t>(sources.size());
  total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (stats) *stats = std::move(total);
  return results;
}

std::string best_translation(const std::vector<Hypothesis>& n_best, const text::Vocab& tgt_vocab) {
  return n_best.empty() ? std::string() : tgt_vocab.decode(n_best.front().tokens);
}

std::vector<std::string> Translator::translate_lines(const std::vector<std::string>& lines,
                                                     const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                                                     const TranslateOptions& options, TranslateStats* stats) {
  std::vector<std::vector<int>> sources;
  sources.reserve(lines.size());
  for (const auto& line : lines) sources.push_back(src_vocab.encode(line));
  auto hyps = translate(sources, options, stats);
  std::vector<std::string> out;
  out.reserve(hyps.size());
  for (const auto& n_best : hyps) out.push_back(best_translation(n_best, tgt_vocab));
  return out;
}

}  // namespace nmt::decode
