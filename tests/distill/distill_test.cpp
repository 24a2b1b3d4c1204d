// The distilled corpus against a hand-made teacher (what is written, what an
// interrupted run keeps and skips), and a student trained on a teacher's
// outputs learning the teacher's task.
#include "nmt/distill/distilled_corpus.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "nmt/decode/translator.h"
#include "nmt/text/line_reader.h"
#include "nmt/train/checkpoint.h"
#include "nmt/train/trainer.h"
#include "text/test_support.h"

namespace nmt::distill {
namespace {

using ::nmt::testing::error_message;
using ::nmt::text::read_file;
using ::nmt::testing::TempDir;
using ::nmt::testing::write_file;

// "w1 w2 w3" -> "w3 w2 w1": a teacher whose task is word reversal.
std::string reversed_words(const std::string& line) {
  std::vector<std::string> words;
  std::istringstream in(line);
  for (std::string w; in >> w;) words.push_back(w);
  std::string out;
  for (auto it = words.rbegin(); it != words.rend(); ++it) out += (out.empty() ? "" : " ") + *it;
  return out;
}

std::vector<std::string> reverse_all(const std::vector<std::string>& sources) {
  std::vector<std::string> out;
  for (const auto& s : sources) out.push_back(reversed_words(s));
  return out;
}

data::CorpusSpec numbered_corpus(const TempDir& dir, int lines) {
  std::string tsv;
  for (int i = 1; i <= lines; ++i) tsv += "s" + std::to_string(i) + " x\tt" + std::to_string(i) + "\n";
  write_file(dir.file("corpus.tsv"), tsv);
  data::CorpusSpec spec;
  spec.paths = {dir.file("corpus.tsv")};
  return spec;
}

TEST(DistilledCorpus, SourcesBesideTheTeachersTranslationsInOrder) {
  TempDir dir;
  write_file(dir.file("a.en"), "one two\nthree\tfour\n\nfive\n");
  write_file(dir.file("a.es"), "uno dos\ntres cuatro\n\ncinco\n");
  data::CorpusSpec spec;
  spec.paths = {dir.file("a.en"), dir.file("a.es")};
  std::vector<int64_t> chunks;
  const auto progress = distill_corpus(spec, reverse_all, dir.file("d.tsv"), 3,
                                       [&](int64_t lines) { chunks.push_back(lines); });
  // A tab inside a source becomes a space: one field per side.
  EXPECT_EQ(read_file(dir.file("d.tsv")), "one two\ttwo one\nthree four\tfour three\n\t\nfive\tfive\n");
  EXPECT_EQ(progress.kept, 0);
  EXPECT_EQ(progress.written, 4);
  EXPECT_EQ(chunks, (std::vector<int64_t>{3, 4}));
}

TEST(DistilledCorpus, AnInterruptedRunGoesOnFromItsLastCompleteLine) {
  TempDir dir;
  const auto spec = numbered_corpus(dir, 35);
  distill_corpus(spec, reverse_all, dir.file("whole.tsv"), 10);

  // The teacher fails on its third chunk: two chunks (20 lines) are on disk.
  int calls = 0;
  auto failing = [&](const std::vector<std::string>& sources) {
    if (++calls == 3) throw std::runtime_error("killed");
    return reverse_all(sources);
  };
  EXPECT_THROW(distill_corpus(spec, failing, dir.file("d.tsv"), 10), std::runtime_error);
  // ...and a line cut short by a kill mid-write.
  { std::ofstream(dir.file("d.tsv"), std::ios::app) << "s21 x\tx s2"; }
  std::vector<std::string> asked;
  auto counting = [&](const std::vector<std::string>& sources) {
    asked.insert(asked.end(), sources.begin(), sources.end());
    return reverse_all(sources);
  };
  const auto progress = distill_corpus(spec, counting, dir.file("d.tsv"), 10);
  EXPECT_EQ(progress.kept, 20);
  EXPECT_EQ(progress.written, 15);
  ASSERT_EQ(asked.size(), 15u) << "only the sources not on disk go to the teacher";
  EXPECT_EQ(asked.front(), "s21 x");
  EXPECT_EQ(read_file(dir.file("d.tsv")), read_file(dir.file("whole.tsv")));
  // Complete: a third run translates nothing.
  asked.clear();
  EXPECT_EQ(distill_corpus(spec, counting, dir.file("d.tsv"), 10).written, 0);
  EXPECT_TRUE(asked.empty());
}

TEST(DistilledCorpus, ATeacherThatMiscountsOrAForeignCorpusIsAnError) {
  TempDir dir;
  const auto spec = numbered_corpus(dir, 5);
  auto short_teacher = [](const std::vector<std::string>& s) { return std::vector<std::string>(s.size() - 1); };
  EXPECT_EQ(error_message([&] { distill_corpus(spec, short_teacher, dir.file("d.tsv"), 4); }),
            "the teacher gave 3 translations for 4 sources");
  write_file(dir.file("long.tsv"), std::string(7, '\n'));
  EXPECT_EQ(error_message([&] { distill_corpus(spec, reverse_all, dir.file("long.tsv"), 4); }),
            dir.file("long.tsv") + " has 7 lines but " + dir.file("corpus.tsv") +
                " only 5 pairs: is it the distilled corpus of another corpus?");
}

// Sequences of the symbols a..t as one-letter words ("c f a k").
std::string random_words(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> length(3, 12), symbol(0, 19);
  std::string text;
  for (int n = length(rng); n > 0; --n) text += std::string(text.empty() ? "" : " ") + static_cast<char>('a' + symbol(rng));
  return text;
}

TEST(Distill, StudentLearnsTheTeachersTaskNotTheCorpusTargets) {
  // The corpus's targets are copies of its sources; the teacher reverses
  // them. A tiny student trained on the distilled corpus (the path nmt
  // distill takes: distill_corpus, then train_model on its TSV) must reverse
  // sequences it never saw, as translated from its checkpoint.
  TempDir dir;
  std::mt19937_64 rng(7);
  std::set<std::string> held_out;
  while (held_out.size() < 100) held_out.insert(random_words(rng));
  std::string corpus, text;
  for (int pairs = 0; pairs < 30000;) {
    const auto s = random_words(rng);
    if (held_out.count(s)) continue;
    corpus += s + "\t" + s + "\n", text += s + "\n", ++pairs;
  }
  write_file(dir.file("corpus.tsv"), corpus);
  write_file(dir.file("text.txt"), text);
  data::CorpusSpec spec;
  spec.paths = {dir.file("corpus.tsv")};
  distill_corpus(spec, reverse_all, dir.file("distilled.tsv"), 5000);

  text::VocabOptions vo;
  vo.inputs = {dir.file("text.txt")};
  vo.size = 4 + 21 + 20;  // the reserved ids, 'a'..'t' and '▁', and '▁a'..'▁t': one piece per symbol
  vo.threads = 1;
  const auto vocab = text::Vocab::load(text::train_vocab(vo, dir.file("vocab")));
  auto model = model::preset("tiny");
  model.src_vocab = model.tgt_vocab = vocab.size();
  model.dropout = 0.0, model.max_positions = 64;
  train::TrainOptions options;
  options.max_steps = 600, options.warmup = 200, options.lr = 0.1;
  options.chunk_pairs = 64, options.batch_tokens = 64 * 13;  // mixed-length batches (learn_test.cpp says why)
  options.max_len = 32, options.threads = 1, options.seed = 1;
  options.log_every = 200, options.valid_every = 0, options.save_every = 0;
  train::TrainData data;
  data.train.paths = {dir.file("distilled.tsv")};
  const nlohmann::json config = {{"model", model::to_json(model)}, {"train", train::to_json(options)}};
  const auto result = train::train_model(model, options, data, vocab, vocab, dir.file("student"), config, {});
  const auto student = train::load_checkpoint(result.checkpoint);

  std::vector<std::string> sources(held_out.begin(), held_out.end());
  decode::TranslateOptions greedy;
  greedy.search.beam = 1;
  decode::Translator translator(student.model, torch::kCPU);
  const auto out = translator.translate_lines(sources, vocab, vocab, greedy);
  int reversed = 0, copied = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    reversed += out[i] == reversed_words(sources[i]);
    copied += out[i] == sources[i];
  }
  std::cout << "student after " << result.steps << " steps: " << reversed << " of 100 held-out sequences reversed, "
            << copied << " copied\n";
  EXPECT_GE(reversed, 95);
}

}  // namespace
}  // namespace nmt::distill
