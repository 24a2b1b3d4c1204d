#pragma once
// SentencePiece vocabulary: training and the id <-> text mapping. The
// SentencePiece headers stay in vocab.cpp, so users of Vocab do not pay for
// them (and for protobuf's) at compile time.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>


namespace nmt::text {

class SentencePieceModel;
class Vocab;

// How two vocabularies differ ("sizes 4000 and 8000", "id 57 is '▁the' and
// 'the'"), or nothing when they map every id to the same piece.
std::optional<std::string> vocab_difference(const Vocab& a, const Vocab& b);

// Reserved ids, the same as SentencePiece is trained with by train_vocab.
constexpr int kPadId = 0, kUnkId = 1, kBosId = 2, kEosId = 3;

struct VocabOptions {
  std::vector<std::string> inputs;         // training text files (plain or .gz)
  int size = 8000;                         // number of pieces, reserved ids included
  std::string type = "bpe";                // bpe | unigram
  double character_coverage = 1.0;         // below 1, the rarest characters become <unk> (or bytes)
  bool byte_fallback = false;              // characters outside the vocabulary as their UTF-8 bytes, never <unk>
  // SentencePiece's normalization rule: nmt_nfkc (its default: NFKC, which
  // also folds full-width punctuation such as ，and ： to ASCII) or identity
  // (the text as written: what a Chinese or Japanese target needs, whose
  // references keep the full-width forms).
  std::string normalization = "nmt_nfkc";
  int threads = 2;
  int64_t input_sentence_size = 2000000;   // lines sampled from the inputs, as spm does
  uint64_t seed = 1;
};

// The normalization rules SentencePiece knows, VocabOptions::normalization's
// allowed values.
const std::vector<std::string>& normalization_rules();

// Distinct characters (code points) in the first max_lines lines of each
// file: what tells a script of thousands of characters (Chinese, Japanese)
// from an alphabet.
int64_t distinct_characters(const std::vector<std::string>& files, int64_t max_lines);
// More distinct characters than this: `nmt train` trains its vocabulary
// with character coverage 0.9995 and byte fallback.
constexpr int64_t kLargeAlphabet = 1000;

// Trains SentencePiece into out_dir/spm.model (+ spm.vocab), creating out_dir,
// with pad=0 unk=1 bos=2 eos=3. The inputs are checked first (they exist, are
// UTF-8, hold text) so a bad file gets a message naming it. A corpus too small
// for `size` (spm's "Vocabulary size is too high ... <= N") is retried with N
// and a note on stderr. Returns the model path.
std::string train_vocab(const VocabOptions& options, const std::string& out_dir);

// A SentencePiece model trained elsewhere may number its special pieces
// otherwise (Marian's: </s> = 0, <unk> = 1, no <s> or padding). Its ids are
// then mapped onto ours: our pad, unk, bos and eos first (pad and bos without
// a piece when it has none), then its other pieces in their order. So the
// model always sees kPadId..kEosId, whoever trained the vocabulary.
class Vocab {
 public:
  // Throws nmt::Error if the file is missing or corrupt, or if it has no
  // </s> piece.
  static Vocab load(const std::string& model_path);
  // From the bytes serialized() returned (checkpoints carry their vocabulary).
  static Vocab from_serialized(const std::string& model_proto);

  std::vector<int> encode(std::string_view text) const;  // pieces only, no <s> / </s>
  std::string decode(const std::vector<int>& ids) const;  // skips pad, <s>, </s>
  std::vector<std::string> encode_pieces(std::string_view text) const;  // for inspection
  std::string piece(int id) const;
  int size() const;                // ids the model sees, the 4 reserved ones included
  std::string serialized() const;  // the model proto bytes
  // SentencePiece's own id for each of our ids (-1 for one it lacks): the
  // row of an imported embedding matrix that our id reads.
  std::vector<int> spm_ids() const;

 private:
  explicit Vocab(std::shared_ptr<const SentencePieceModel> processor);
  int to_ours(int spm_id) const { return to_ours_.empty() ? spm_id : to_ours_[spm_id]; }
  int to_spm(int id) const { return to_spm_.empty() ? id : to_spm_[id]; }

  // Shared and immutable: copies of a Vocab are cheap, and SentencePiece's
  // const encode/decode may be called from several threads.
  std::shared_ptr<const SentencePieceModel> processor_;
  // Empty when SentencePiece's ids are ours (vocabularies from `nmt vocab`).
  std::vector<int> to_ours_, to_spm_;
};

// A vocabulary directory (holding spm.model) or a .model file.
Vocab load_vocab(const std::string& path);
// The .model file of such a path.
std::string vocab_model_file(const std::string& path);

}  // namespace nmt::text
