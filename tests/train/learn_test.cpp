// The end-to-end proof that training works: a tiny Transformer trained by
// train_model, the path `nmt train` takes (a TSV corpus streamed in chunks,
// a SentencePiece vocabulary, token batches, the update step, Adam and its
// schedule, a checkpoint), learns to copy and to reverse random symbol
// sequences it has never seen, translated from the checkpoint it saved; and
// beam search on a model that is still unsure finds outputs at least as
// likely as greedy's.
#include <iostream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "nmt/decode/translator.h"
#include "nmt/train/checkpoint.h"
#include "nmt/train/trainer.h"
#include "text/test_support.h"

namespace nmt::train {
namespace {

using nmt::testing::TempDir;

// A sequence is a string of symbols 'a'..'t'; its text has one one-letter
// word per symbol ("cfak" -> "c f a k"), which the vocabulary makes one piece.
constexpr int kSymbols = 20;
// BPE: the 4 reserved ids, 21 characters ('a'..'t' and the word mark '▁')
// and the 20 merges '▁a'..'▁t', the only pairs of characters the text holds.
constexpr int kVocabSize = 4 + 21 + 20;
using Task = std::string (*)(const std::string&);

std::string copy_task(const std::string& s) { return s; }
std::string reverse_task(const std::string& s) { return {s.rbegin(), s.rend()}; }

std::string random_sequence(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> length(3, 12), symbol(0, kSymbols - 1);
  std::string s(static_cast<size_t>(length(rng)), ' ');
  for (auto& c : s) c = static_cast<char>('a' + symbol(rng));
  return s;
}

std::string words(const std::string& sequence) {
  std::string text;
  for (char c : sequence) {
    if (!text.empty()) text += ' ';
    text += c;
  }
  return text;
}

struct LearnOptions {
  int64_t steps = 600;
  int64_t warmup = 200;
  double lr = 0.1;  // scale of the inverse-square-root schedule: peak 8.8e-4 at step 200
  // Chunks of 64 pairs, and batches that fit 64 of the longest pairs (12
  // pieces and </s> on either side): each batch is one whole chunk, 64
  // consecutive pairs of all lengths. Within larger chunks the batcher puts
  // pairs of one length together, and greedy exact match swung from step to
  // step: with chunks of 300 pairs and batches of 600 tokens, copy was at
  // 100 % from step 700 to 900 and at 60 % at step 1000 (seed 2), reverse
  // fell from 98 % at step 700 to 72 % at 900. With mixed batches (seeds 1-3)
  // both stayed at 96-100 % from step 500 to 1000.
  int64_t chunk_pairs = 64;
  int64_t batch_tokens = 64 * 13;
  size_t train_sentences = 30000;
  uint64_t seed = 1;  // of the data and of the run
  uint64_t run_seed = 0;  // of the run alone, when not 0: other weights on the same data
};

struct Learned {
  LoadedCheckpoint checkpoint;        // the run's last
  TrainResult result;
  std::vector<std::string> held_out;  // 100 sources never trained on
};

// Writes the task's corpus to dir/train.tsv (30,000 random sequences, none of
// the 100 held out), trains a vocabulary on its text, trains a tiny model on
// it with train_model, and loads the checkpoint the run saved.
Learned learn(Task task, const LearnOptions& o, const TempDir& dir) {
  std::mt19937_64 rng(o.seed);
  std::set<std::string> held_out;
  while (held_out.size() < 100) held_out.insert(random_sequence(rng));
  std::string tsv, text;
  for (size_t pairs = 0; pairs < o.train_sentences;) {
    const auto s = random_sequence(rng);
    if (held_out.count(s)) continue;
    tsv += words(s) + "\t" + words(task(s)) + "\n";
    text += words(s) + "\n";
    ++pairs;
  }
  nmt::testing::write_file(dir.file("train.tsv"), tsv);
  nmt::testing::write_file(dir.file("vocab-input.txt"), text);

  text::VocabOptions vo;
  vo.inputs = {dir.file("vocab-input.txt")};
  vo.size = kVocabSize;
  vo.threads = 1;
  const auto vocab = text::Vocab::load(text::train_vocab(vo, dir.file("vocab")));
  std::set<int> pieces;
  for (int i = 0; i < kSymbols; ++i) {
    const auto ids = vocab.encode(std::string(1, static_cast<char>('a' + i)));
    EXPECT_EQ(ids.size(), 1u) << "symbol " << static_cast<char>('a' + i) << " is not one piece";
    if (!ids.empty()) pieces.insert(ids[0]);
  }
  EXPECT_EQ(pieces.size(), static_cast<size_t>(kSymbols)) << "symbols share pieces";

  auto model = model::preset("tiny");
  model.src_vocab = model.tgt_vocab = vocab.size();
  model.dropout = 0.0;
  model.max_positions = 64;
  TrainOptions options;
  options.max_steps = o.steps;
  options.warmup = o.warmup;
  options.lr = o.lr;
  options.chunk_pairs = o.chunk_pairs;
  options.batch_tokens = o.batch_tokens;
  options.max_len = 32;
  options.threads = 1;  // on this tiny model a second thread does not pay
  options.seed = o.run_seed != 0 ? o.run_seed : o.seed;
  options.log_every = 200;
  options.valid_every = 0;  // no dev set
  options.save_every = 0;   // the last step only
  TrainData data;
  data.train.paths = {dir.file("train.tsv")};
  TrainCallbacks callbacks;
  callbacks.message = [](const std::string& line) {
    if (line.rfind("step ", 0) == 0) std::cout << "  " << line << "\n";
  };
  const nlohmann::json config = {{"model", model::to_json(model)}, {"train", to_json(options)}};
  const auto result = train_model(model, options, data, vocab, vocab, dir.file("run"), config, callbacks);
  EXPECT_EQ(result.steps, o.steps);
  return {load_checkpoint(result.checkpoint), result, {held_out.begin(), held_out.end()}};
}

// Greedy translations of the held-out sequences, as `nmt translate` makes
// them: the model and the vocabulary from the checkpoint, text in and out.
int exact_match_percent(const Learned& learned, Task task) {
  const auto vocab = text::Vocab::from_serialized(learned.checkpoint.info.src_vocab);
  std::vector<std::string> sources;
  for (const auto& s : learned.held_out) sources.push_back(words(s));
  decode::TranslateOptions greedy;
  greedy.search.beam = 1;
  decode::Translator translator(learned.checkpoint.model, torch::kCPU);
  const auto out = translator.translate_lines(sources, vocab, vocab, greedy);
  int correct = 0;
  for (size_t i = 0; i < out.size(); ++i) correct += out[i] == words(task(learned.held_out[i]));
  return correct;  // of 100
}

void expect_learns(const std::string& name, Task task) {
  const LearnOptions o;
  TempDir dir;
  const auto learned = learn(task, o, dir);
  EXPECT_EQ(learned.checkpoint.info.step, o.steps);
  const int correct = exact_match_percent(learned, task);
  std::cout << name << ": " << learned.result.steps << " steps of <= " << o.batch_tokens << " tokens in "
            << learned.result.train_seconds << " s; greedy exact match on 100 held-out sequences: " << correct
            << " %\n";
  EXPECT_GE(correct, 95) << name;
}

TEST(LearnTest, Learn_CopyTask) { expect_learns("copy", copy_task); }

TEST(LearnTest, Learn_ReverseTask) { expect_learns("reverse", reverse_task); }

TEST(LearnTest, Beam_NeverWorseThanGreedy) {
  // Trained on reversal for 300 steps (greedy exact match 31-73 % for seeds
  // 1..3): still unsure, so beam and greedy often disagree (on 10-42 of 100
  // sentences for seeds 1..6).
  // Not a theorem: beam search can drop the greedy path (greedy's </s> ranked
  // below the top 4 candidates of its step, where only those may finish):
  // after 150 steps in 0-2 of 100 sentences for seeds 1..6, after 200 and
  // 300 steps in none of 600.
  LearnOptions o;
  o.steps = 300;
  o.seed = 2;
  TempDir dir;
  const auto learned = learn(reverse_task, o, dir);
  const auto vocab = text::Vocab::from_serialized(learned.checkpoint.info.src_vocab);
  std::vector<std::vector<int>> sources;
  for (const auto& s : learned.held_out) sources.push_back(vocab.encode(words(s)));
  decode::Translator translator(learned.checkpoint.model, torch::kCPU);
  auto translate = [&](int64_t beam) {
    decode::TranslateOptions t;
    t.search.beam = beam;
    t.search.length_penalty = 0.0;  // log-probabilities compared as they are
    return translator.translate(sources, t);
  };
  const auto greedy = translate(1), beam = translate(4);
  int better = 0, different = 0;
  for (size_t i = 0; i < greedy.size(); ++i) {
    EXPECT_GE(beam[i][0].log_prob, greedy[i][0].log_prob - 1e-4) << "sentence " << i;
    better += beam[i][0].log_prob > greedy[i][0].log_prob + 1e-4;
    different += beam[i][0].tokens != greedy[i][0].tokens;
  }
  std::cout << "beam 4 differs from greedy on " << different << " of " << greedy.size() << " sentences, with a higher "
            << "log-probability on " << better << "\n";
  EXPECT_GT(better, 0) << "the model is too sure for this test to mean anything: train it less";
}

// Exact matches (of 100) of greedy translations by one model or an ensemble.
int exact_matches(decode::Translator& translator, const Learned& learned, Task task) {
  const auto vocab = text::Vocab::from_serialized(learned.checkpoint.info.src_vocab);
  std::vector<std::string> sources;
  for (const auto& s : learned.held_out) sources.push_back(words(s));
  decode::TranslateOptions greedy;
  greedy.search.beam = 1;
  const auto out = translator.translate_lines(sources, vocab, vocab, greedy);
  int correct = 0;
  for (size_t i = 0; i < out.size(); ++i) correct += out[i] == words(task(learned.held_out[i]));
  return correct;
}

TEST(LearnTest, Ensemble_OfTwoSeedsAtLeastTheBetterOne_OfAModelWithItselfTheModel) {
  // Reversal, 300 steps: models still unsure (greedy exact match 31-73 %),
  // on the same data and vocabulary, with other initial weights and batch orders.
  LearnOptions o;
  o.steps = 300;
  TempDir dir_a, dir_b;
  o.run_seed = 1;
  const auto a = learn(reverse_task, o, dir_a);
  o.run_seed = 2;
  const auto b = learn(reverse_task, o, dir_b);
  const auto vocab_difference = text::vocab_difference(text::Vocab::from_serialized(a.checkpoint.info.tgt_vocab),
                                                       text::Vocab::from_serialized(b.checkpoint.info.tgt_vocab));
  ASSERT_FALSE(vocab_difference) << *vocab_difference;
  ASSERT_EQ(a.held_out, b.held_out);
  decode::Translator alone_a(a.checkpoint.model, torch::kCPU), alone_b(b.checkpoint.model, torch::kCPU);
  decode::Translator both({a.checkpoint.model, b.checkpoint.model}, {}, torch::kCPU);
  const int score_a = exact_matches(alone_a, a, reverse_task), score_b = exact_matches(alone_b, b, reverse_task);
  const int score_both = exact_matches(both, a, reverse_task);
  std::cout << "reverse, 300 steps, greedy exact match of 100: seed 1 " << score_a << ", seed 2 " << score_b
            << ", their ensemble " << score_both << "\n";
  EXPECT_GE(score_both, std::max(score_a, score_b));
  EXPECT_LT(std::max(score_a, score_b), 100) << "the models are too good for this test to mean anything";

  // A model with itself: the same translations with the same log-probabilities, in beam search too.
  const auto vocab = text::Vocab::from_serialized(a.checkpoint.info.src_vocab);
  std::vector<std::vector<int>> sources;
  for (const auto& s : a.held_out) sources.push_back(vocab.encode(words(s)));
  decode::Translator twice({a.checkpoint.model, a.checkpoint.model}, {0.3, 0.7}, torch::kCPU);
  decode::TranslateOptions beam;
  beam.search.beam = 4;
  const auto one = alone_a.translate(sources, beam), two = twice.translate(sources, beam);
  for (size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i][0].tokens, two[i][0].tokens) << "sentence " << i;
    EXPECT_NEAR(one[i][0].log_prob, two[i][0].log_prob, 1e-4) << "sentence " << i;
  }
}

}  // namespace
}  // namespace nmt::train
