#pragma once
// SentencePiece vocabulary: training and the id <-> text mapping. The
// SentencePiece headers stay in vocab.cpp, so users of Vocab do not pay for
// them (and for protobuf's) at compile time.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>


namespace nmt::text {

class SentencePieceModel;

// Reserved ids, the same as SentencePiece is trained with by train_vocab.
constexpr int kPadId = 0, kUnkId = 1, kBosId = 2, kEosId = 3;

struct VocabOptions {
  std::vector<std::string> inputs;         // training text files (plain or .gz)
  int size = 8000;                         // number of pieces, reserved ids included
  std::string type = "bpe";                // bpe | unigram
  double character_coverage = 1.0;         // below 1, the rarest characters become <unk>
  int threads = 2;
  int64_t input_sentence_size = 2000000;   // lines sampled from the inputs, as spm does
  uint64_t seed = 1;
};

// Trains SentencePiece into out_dir/spm.model (+ spm.vocab), creating out_dir,
// with pad=0 unk=1 bos=2 eos=3. The inputs are checked first (they exist, are
// UTF-8, hold text) so a bad file gets a message naming it. A corpus too small
// for `size` (spm's "Vocabulary size is too high ... <= N") is retried with N
// and a note on stderr. Returns the model path.
std::string train_vocab(const VocabOptions& options, const std::string& out_dir);

class Vocab {
 public:
  // Throws nmt::Error if the file is missing or corrupt, or if its reserved ids
  // differ from kPadId.. kEosId (a model trained by other means).
  static Vocab load(const std::string& model_path);
  // From the bytes serialized() returned (checkpoints carry their vocabulary).
  static Vocab from_serialized(const std::string& model_proto);

  std::vector<int> encode(std::string_view text) const;  // pieces only, no <s> / </s>
  std::string decode(const std::vector<int>& ids) const;  // skips pad, <s>, </s>
  std::vector<std::string> encode_pieces(std::string_view text) const;  // for inspection
  std::string piece(int id) const;
  int size() const;
  std::string serialized() const;  // the model proto bytes

 private:
  explicit Vocab(std::shared_ptr<const SentencePieceModel> processor);

  // Shared and immutable: copies of a Vocab are cheap, and SentencePiece's
  // const encode/decode may be called from several threads.
  std::shared_ptr<const SentencePieceModel> processor_;
};

}  // namespace nmt::text
