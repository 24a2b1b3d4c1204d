#include "nmt/text/vocab.h"

#include <gtest/gtest.h>
#include <sentencepiece_processor.h>
#include <sentencepiece_trainer.h>

#include <algorithm>
#include <unordered_map>

#include "nmt/common/error.h"
#include "test_support.h"

namespace nmt::text {
namespace {

using ::nmt::testing::english_lines;
using ::nmt::testing::english_vocab;
using ::nmt::testing::error_message;
using ::nmt::testing::join_lines;
using ::nmt::testing::TempDir;
using ::nmt::testing::write_file;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Options that train on the English lines, written into dir.
VocabOptions english_options(const TempDir& dir, int size) {
  write_file(dir.file("a.txt"), join_lines(english_lines()));
  VocabOptions options;
  options.inputs = {dir.file("a.txt")};
  options.size = size;
  return options;
}

TEST(Vocab, ReservedIdsArePadUnkBosEos) {
  const Vocab& vocab = english_vocab();
  EXPECT_EQ(vocab.size(), ::nmt::testing::kEnglishVocabSize);
  EXPECT_EQ(vocab.piece(kPadId), "<pad>");
  EXPECT_EQ(vocab.piece(kUnkId), "<unk>");
  EXPECT_EQ(vocab.piece(kBosId), "<s>");
  EXPECT_EQ(vocab.piece(kEosId), "</s>");
}

TEST(Vocab, DecodeOfEncodeGivesBackTrainingLines) {
  const Vocab& vocab = english_vocab();
  int checked = 0;
  for (const std::string& line : english_lines()) {
    const std::vector<int> ids = vocab.encode(line);
    ASSERT_FALSE(ids.empty()) << line;
    EXPECT_EQ(vocab.decode(ids), line);
    ++checked;
  }
  EXPECT_GE(checked, 300);
}

TEST(Vocab, EncodeGivesPiecesOnlyWithoutReservedIds) {
  const Vocab& vocab = english_vocab();
  const std::vector<int> ids = vocab.encode(english_lines().front());
  for (int id : ids) {
    EXPECT_GT(id, kEosId);
    EXPECT_LT(id, vocab.size());
  }
  // Frequent words of the training text become few pieces: fewer ids than bytes.
  EXPECT_LT(ids.size(), english_lines().front().size());
}

TEST(Vocab, DecodeSkipsPadBosAndEos) {
  const Vocab& vocab = english_vocab();
  const std::string line = english_lines()[1];
  std::vector<int> ids = {kBosId};
  for (int id : vocab.encode(line)) ids.push_back(id);
  ids.insert(ids.end(), {kEosId, kPadId, kPadId});
  EXPECT_EQ(vocab.decode(ids), line);
}

TEST(Vocab, UnseenCharacterEncodesAsUnk) {
  const std::vector<int> ids = english_vocab().encode("the 漢");
  EXPECT_NE(std::find(ids.begin(), ids.end(), kUnkId), ids.end());
}

TEST(Vocab, DecodeRejectsOutOfRangeId) {
  const Vocab& vocab = english_vocab();
  EXPECT_TRUE(contains(error_message([&] { vocab.decode({5, vocab.size()}); }),
                       "cannot decode id 300"));
}

TEST(Vocab, SerializedModelLoadsBackToTheSameVocabulary) {
  const Vocab& vocab = english_vocab();
  const Vocab copy = Vocab::from_serialized(vocab.serialized());
  EXPECT_EQ(copy.size(), vocab.size());
  for (const std::string& line : english_lines()) ASSERT_EQ(copy.encode(line), vocab.encode(line));
}

TEST(Vocab, LoadOfMissingFileNamesIt) {
  TempDir dir;
  const std::string path = dir.file("nope.model");
  EXPECT_EQ(error_message([&] { Vocab::load(path); }), "cannot open vocabulary " + path);
}

TEST(Vocab, LoadOfCorruptFileNamesIt) {
  TempDir dir;
  const std::string path = dir.file("spm.model");
  write_file(path, "this is not a protobuf");
  const std::string message = error_message([&] { Vocab::load(path); });
  EXPECT_EQ(message.rfind(path + ": not a SentencePiece model", 0), 0u) << message;
  EXPECT_TRUE(contains(error_message([] { Vocab::from_serialized("garbage"); }),
                       "stored vocabulary is not a SentencePiece model"));
}

TEST(Vocab, LoadMapsAModelWithOtherReservedIdsOntoOurs) {
  // spm's defaults: unk=0 bos=1 eos=2, no pad.
  TempDir dir;
  write_file(dir.file("train.txt"), join_lines(english_lines()));
  const std::unordered_map<std::string, std::string> arguments = {
      {"input", dir.file("train.txt")},
      {"model_prefix", dir.file("default")},
      {"vocab_size", "100"},
      {"hard_vocab_limit", "false"},  // a smaller vocabulary is fine for this test
      {"minloglevel", "2"}};
  const auto status = sentencepiece::SentencePieceTrainer::Train(arguments);
  ASSERT_TRUE(status.ok()) << status.message();
  const std::string path = dir.file("default.model");
  sentencepiece::SentencePieceProcessor spm;
  ASSERT_TRUE(spm.Load(path).ok());
  const auto vocab = Vocab::load(path);
  // Ours: pad (no piece), unk = its 0, bos = its 1, eos = its 2, then its 3.. as 4..
  EXPECT_EQ(vocab.size(), spm.GetPieceSize() + 1);
  EXPECT_EQ(vocab.spm_ids()[kPadId], -1);
  EXPECT_EQ(vocab.spm_ids()[kUnkId], 0);
  EXPECT_EQ(vocab.spm_ids()[kBosId], 1);
  EXPECT_EQ(vocab.spm_ids()[kEosId], 2);
  const std::string text = "the quick brown fox";
  std::vector<int> theirs;
  ASSERT_TRUE(spm.Encode(text, &theirs).ok());
  auto ours = vocab.encode(text);
  ASSERT_EQ(ours.size(), theirs.size());
  for (size_t i = 0; i < ours.size(); ++i) EXPECT_EQ(ours[i], theirs[i] + 1) << i;
  EXPECT_EQ(vocab.piece(ours[0]), spm.IdToPiece(theirs[0]));
  EXPECT_EQ(vocab.piece(kPadId), "<pad>");
  ours.push_back(kEosId);
  EXPECT_EQ(vocab.decode(ours), spm.DecodeIds(theirs));
}

TEST(Vocab, LoadRefusesAModelWithoutEndOfSentence) {
  TempDir dir;
  write_file(dir.file("train.txt"), join_lines(english_lines()));
  const std::unordered_map<std::string, std::string> arguments = {
      {"input", dir.file("train.txt")}, {"model_prefix", dir.file("noeos")}, {"vocab_size", "100"},
      {"hard_vocab_limit", "false"},    {"eos_id", "-1"},                    {"minloglevel", "2"}};
  ASSERT_TRUE(sentencepiece::SentencePieceTrainer::Train(arguments).ok());
  const std::string path = dir.file("noeos.model");
  EXPECT_EQ(error_message([&] { Vocab::load(path); }),
            path + ": the vocabulary has no </s> piece (eos_id -1): a translation model needs one to end sentences");
}

TEST(TrainVocab, WritesModelAndVocabIntoANewFolder) {
  TempDir dir;
  VocabOptions options = english_options(dir, 120);
  options.type = "unigram";
  const std::string model = train_vocab(options, dir.file("nested/vocab"));
  EXPECT_EQ(model, dir.file("nested/vocab/spm.model"));
  EXPECT_TRUE(std::filesystem::exists(dir.file("nested/vocab/spm.vocab")));
  EXPECT_EQ(Vocab::load(model).size(), 120);
}

TEST(TrainVocab, TooLargeSizeIsRetriedWithTheSizeSpmSuggests) {
  TempDir dir;
  write_file(dir.file("tiny.txt"), "a small corpus\nwith few words\n");
  VocabOptions options;
  options.inputs = {dir.file("tiny.txt")};
  options.size = 8000;
  ::testing::internal::CaptureStderr();
  const std::string model = train_vocab(options, dir.file("vocab"));
  const std::string note = ::testing::internal::GetCapturedStderr();
  const int size = Vocab::load(model).size();
  EXPECT_LT(size, 8000);
  EXPECT_TRUE(contains(note, "too small for 8000 pieces; using " + std::to_string(size))) << note;
}

// With byte fallback, characters the vocabulary never saw encode as their
// UTF-8 bytes and decode back; without it they are <unk>.
TEST(TrainVocab, ByteFallbackRoundTripsUnseenCharacters) {
  TempDir dir;
  VocabOptions options = english_options(dir, 400);
  options.byte_fallback = true;
  const Vocab vocab = Vocab::load(train_vocab(options, dir.file("vocab")));
  const std::string text = "the 漢字 naïve ☃ ലോകം";
  const auto ids = vocab.encode(text);
  EXPECT_EQ(std::find(ids.begin(), ids.end(), kUnkId), ids.end());
  const auto pieces = vocab.encode_pieces(text);
  EXPECT_NE(std::find(pieces.begin(), pieces.end(), "<0xE6>"), pieces.end()) << "漢 is E6 BC A2 in UTF-8";
  EXPECT_EQ(vocab.decode(ids), text);
  EXPECT_NE(vocab.decode(english_vocab().encode(text)), text) << "without byte fallback: <unk>";
}

// SentencePiece's default NFKC folds a Chinese comma and colon to ASCII, so
// a model could never write the references' forms; identity keeps them.
TEST(TrainVocab, IdentityNormalizationKeepsFullWidthPunctuation) {
  TempDir dir;
  VocabOptions options = english_options(dir, 400);
  options.byte_fallback = true;
  const std::string text = "无法连接：请重试，谢谢";
  options.normalization = "identity";
  const Vocab identity = Vocab::load(train_vocab(options, dir.file("identity")));
  EXPECT_EQ(identity.decode(identity.encode(text)), text);
  options.normalization = "nmt_nfkc";
  const Vocab nfkc = Vocab::load(train_vocab(options, dir.file("nfkc")));
  EXPECT_EQ(nfkc.decode(nfkc.encode(text)), "无法连接:请重试,谢谢");
  options.normalization = "nfd";
  EXPECT_NE(error_message([&] { train_vocab(options, dir.file("nfd")); })
                .find("vocabulary normalization must be nmt_nfkc, nfkc, nmt_nfkc_cf, nfkc_cf or identity, found 'nfd'"),
            std::string::npos);
}

TEST(TrainVocab, ByteFallbackNeedsRoomForTheBytes) {
  TempDir dir;
  VocabOptions options = english_options(dir, 200);
  options.byte_fallback = true;
  EXPECT_EQ(error_message([&] { train_vocab(options, dir.file("vocab")); }),
            "vocabulary size with byte fallback must be greater than 260 (the reserved ids and 256 bytes), found 200");
}

// Distinct code points, over the first lines of each file: an alphabet has
// tens, a Chinese text thousands.
TEST(TrainVocab, DistinctCharactersCountsCodePointsOfTheFirstLines) {
  TempDir dir;
  write_file(dir.file("en.txt"), "abc aab\nnaïve\n");
  EXPECT_EQ(distinct_characters({dir.file("en.txt")}, 100), 8);  // a b c, space, n ï v e
  std::string chinese;
  for (char32_t c = 0x4E00; c < 0x4E00 + 1500; ++c) {
    // Three bytes each: 1110xxxx 10xxxxxx 10xxxxxx.
    chinese += static_cast<char>(0xE0 | (c >> 12));
    chinese += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    chinese += static_cast<char>(0x80 | (c & 0x3F));
    if ((c - 0x4E00) % 100 == 99) chinese += "\n";
  }
  write_file(dir.file("zh.txt"), chinese);
  EXPECT_EQ(distinct_characters({dir.file("en.txt"), dir.file("zh.txt")}, 100), 8 + 1500);
  EXPECT_EQ(distinct_characters({dir.file("zh.txt")}, 3), 300) << "the first 3 lines only";
  EXPECT_GT(distinct_characters({dir.file("zh.txt")}, 100), kLargeAlphabet);
}

TEST(TrainVocab, BadInputsGetMessagesNamingTheFile) {
  TempDir dir;
  VocabOptions options;
  options.size = 100;
  EXPECT_EQ(error_message([&] { train_vocab(options, dir.file("v")); }),
            "vocabulary: no input files given");

  options.inputs = {dir.file("missing.txt")};
  EXPECT_EQ(error_message([&] { train_vocab(options, dir.file("v")); }),
            "cannot open " + dir.file("missing.txt"));

  write_file(dir.file("blank.txt"), "\n\r\n\n");
  options.inputs = {dir.file("blank.txt")};
  EXPECT_EQ(error_message([&] { train_vocab(options, dir.file("v")); }),
            "vocabulary input " + dir.file("blank.txt") + " is empty (no non-blank lines)");

  write_file(dir.file("good.txt"), "fine\n");
  write_file(dir.file("bad.txt"), "fine\nfine\n\xFF\n");
  options.inputs = {dir.file("good.txt"), dir.file("bad.txt")};
  EXPECT_EQ(error_message([&] { train_vocab(options, dir.file("v")); }),
            dir.file("bad.txt") + ":3: invalid UTF-8 at byte 1");
  EXPECT_FALSE(std::filesystem::exists(dir.file("v"))) << "nothing written for bad inputs";

  options.inputs = {dir.file("good.txt")};
  options.type = "wordpiece";
  EXPECT_EQ(error_message([&] { train_vocab(options, dir.file("v")); }),
            "vocabulary type must be bpe or unigram, found 'wordpiece'");
}

}  // namespace
}  // namespace nmt::text
