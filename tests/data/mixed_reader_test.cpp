// train --mix: the general corpus's pairs in turn with the training corpus's,
// in the order mixed_reader.h states (worked out by hand below), resumable,
// and the option's errors.
#include "nmt/data/mixed_reader.h"

#include <gtest/gtest.h>

#include "nmt/data/batch_stream.h"
#include "text/test_support.h"

namespace nmt::data {
namespace {

using ::nmt::testing::english_vocab;
using ::nmt::testing::error_message;
using ::nmt::testing::TempDir;
using ::nmt::testing::write_file;

// m1..m8 (two plain files) mixed with g1..g3 (TSV).
struct Mixed {
  TempDir dir;
  CorpusSpec spec;
  explicit Mixed(const std::string& share) {
    write_file(dir.file("m.en"), "m1\nm2\nm3\nm4\nm5\nm6\nm7\nm8\n");
    write_file(dir.file("m.es"), "M1\nM2\nM3\nM4\nM5\nM6\nM7\nM8\n");
    write_file(dir.file("g.tsv"), "g1\tG1\ng2\tG2\ng3\tG3\n");
    spec.paths = {dir.file("m.en"), dir.file("m.es")};
    set_mix(spec, dir.file("g.tsv") + ":" + share);
  }
};

std::string sources(PairReader& reader) {
  std::string out;
  SentencePair pair;
  while (reader.next(pair)) out += (out.empty() ? "" : " ") + pair.src;
  return out;
}

TEST(MixedReader, GeneralPairsFollowInTheStatedOrderAndGoOnAcrossEpochs) {
  Mixed mixed("0.2");  // one general pair per four training pairs: floor(i / 4) after the i-th
  EXPECT_EQ(sources(*open_training_corpus(mixed.spec, 0)), "m1 m2 m3 m4 g1 m5 m6 m7 m8 g2");
  // Epoch 1 starts at general pair 1 * floor(8 / 4) = 2 (g3), then wraps to g1.
  EXPECT_EQ(sources(*open_training_corpus(mixed.spec, 1)), "m1 m2 m3 m4 g3 m5 m6 m7 m8 g1");
  EXPECT_EQ(sources(*open_training_corpus(mixed.spec, 2)), "m1 m2 m3 m4 g2 m5 m6 m7 m8 g3");
  // Half and half: one general pair after each training pair.
  Mixed half("0.5");
  EXPECT_EQ(sources(*open_training_corpus(half.spec, 0)), "m1 g1 m2 g2 m3 g3 m4 g1 m5 g2 m6 g3 m7 g1 m8 g2");
}

TEST(MixedReader, PairsAndLocationsComeFromTheirOwnFile) {
  Mixed mixed("0.5");
  auto reader = open_training_corpus(mixed.spec, 0);
  SentencePair pair;
  ASSERT_TRUE(reader->next(pair));
  EXPECT_EQ(pair.tgt, "M1");
  EXPECT_EQ(reader->location(), mixed.dir.file("m.en") + ":1");
  ASSERT_TRUE(reader->next(pair));
  EXPECT_EQ(pair.tgt, "G1");
  EXPECT_EQ(reader->location(), mixed.dir.file("g.tsv") + ":1");
  EXPECT_EQ(describe(mixed.spec), mixed.dir.file("m.en") + " / " + mixed.dir.file("m.es") + " mixed with " +
                                      mixed.dir.file("g.tsv") + " (50% of the pairs)");
  // Without a mix, the corpus alone.
  CorpusSpec plain = mixed.spec;
  plain.mix_path.clear();
  EXPECT_EQ(sources(*open_training_corpus(plain, 3)), "m1 m2 m3 m4 m5 m6 m7 m8");
}

TEST(MixedReader, BadOptionsNameTheOptionAndTheProblem) {
  TempDir dir;
  write_file(dir.file("g.tsv"), "g1\tG1\n");
  write_file(dir.file("empty.tsv"), "");
  CorpusSpec spec;
  spec.paths = {dir.file("g.tsv")};
  EXPECT_EQ(error_message([&] { set_mix(spec, dir.file("g.tsv")); }),
            "--mix " + dir.file("g.tsv") + ": give FILE:SHARE, the general corpus and the share of pairs taken from "
            "it, e.g. general.tsv:0.3");
  for (const std::string share : {"0", "1", "1.5", "x", "0.3x", ""}) {
    EXPECT_NE(error_message([&] { set_mix(spec, dir.file("g.tsv") + ":" + share); })
                  .find("SHARE must be a number between 0 and 1"),
              std::string::npos)
        << share;
  }
  EXPECT_NE(error_message([&] { set_mix(spec, dir.file("g.txt") + ":0.3"); }).find("cannot tell the format of"),
            std::string::npos);
  EXPECT_EQ(error_message([&] { set_mix(spec, dir.file("nope.tsv") + ":0.3"); }), "cannot open " + dir.file("nope.tsv"));
  set_mix(spec, dir.file("empty.tsv") + ":0.3");
  EXPECT_EQ(error_message([&] { open_training_corpus(spec, 0); }),
            "parallel corpus " + dir.file("empty.tsv") + " is empty");
}

TEST(MixedReader, BatchStreamResumesAMixedEpochExactly) {
  TempDir dir;
  const auto& lines = ::nmt::testing::english_lines();
  std::string main_tsv, general_tsv;
  for (size_t i = 0; i < lines.size(); ++i) {
    (i % 3 == 0 ? general_tsv : main_tsv) += lines[i] + "\t" + lines[(i + 1) % lines.size()] + "\n";
  }
  write_file(dir.file("main.tsv"), main_tsv);
  write_file(dir.file("general.tsv"), general_tsv);
  CorpusSpec spec;
  spec.paths = {dir.file("main.tsv")};
  set_mix(spec, dir.file("general.tsv") + ":0.4");
  StreamOptions options;
  options.batch.batch_tokens = 600, options.max_len = 60, options.chunk_pairs = 50, options.seed = 3;
  const auto& vocab = english_vocab();
  BatchStream full(spec, vocab, vocab, options);
  std::vector<std::pair<StreamPosition, Batch>> reference;
  while (full.position().epoch < 2) {
    const auto position = full.position();
    reference.emplace_back(position, full.next());
  }
  ASSERT_GT(reference.size(), 8u);
  for (size_t start : {size_t{3}, reference.size() / 2 + 1, reference.size() - 2}) {
    BatchStream resumed(spec, vocab, vocab, options, reference[start].first);
    for (size_t i = start; i < reference.size(); ++i) {
      ASSERT_EQ(resumed.position(), reference[i].first) << "resumed at " << start;
      const Batch got = resumed.next();
      ASSERT_EQ(got.src, reference[i].second.src) << "resumed at " << start << ", batch " << i;
      ASSERT_EQ(got.tgt_out, reference[i].second.tgt_out) << "resumed at " << start << ", batch " << i;
    }
  }
}

}  // namespace
}  // namespace nmt::data
