#include "nmt/text/vocab.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "nmt/common/error.h"
#include "nmt/text/line_reader.h"
#include "nmt/text/sentencepiece_module.h"

namespace nmt::text {

namespace {

// Checks what SentencePiece would otherwise report vaguely or not at all:
// a missing file, bytes that are not UTF-8, a file without any text.
void check_training_input(const std::string& path) {
  LineReader reader(path);
  std::string line;
  int64_t lines_with_text = 0;
  while (reader.next(line)) {
    if (!line.empty()) ++lines_with_text;
  }
  NMT_CHECK(lines_with_text > 0, "vocabulary input " << path << " is empty (no non-blank lines)");
}

void check_options(const VocabOptions& options) {
  NMT_CHECK(!options.inputs.empty(), "vocabulary: no input files given");
  NMT_CHECK(options.size > kEosId + 1,
            "vocabulary size must be greater than " << kEosId + 1 << " (the reserved ids), found "
                                                    << options.size);
  NMT_CHECK(options.type == "bpe" || options.type == "unigram",
            "vocabulary type must be bpe or unigram, found '" << options.type << "'");
  NMT_CHECK(options.character_coverage > 0.0 && options.character_coverage <= 1.0,
            "character coverage must be in (0, 1], found " << options.character_coverage);
  NMT_CHECK(!options.byte_fallback || options.size > kEosId + 1 + 256,
            "vocabulary size with byte fallback must be greater than " << kEosId + 1 + 256
                                                                      << " (the reserved ids and 256 bytes), found "
                                                                      << options.size);
  const auto& rules = normalization_rules();
  if (std::find(rules.begin(), rules.end(), options.normalization) == rules.end()) {
    std::string names;
    for (size_t i = 0; i < rules.size(); ++i) names += (i == 0 ? "" : i + 1 == rules.size() ? " or " : ", ") + rules[i];
    NMT_FAIL("vocabulary normalization must be " << names << ", found '" << options.normalization << "'");
  }
  NMT_CHECK(options.threads >= 1, "vocabulary threads must be at least 1, found " << options.threads);
  NMT_CHECK(options.input_sentence_size >= 0,
            "input sentence size must be >= 0 (0 = all lines), found " << options.input_sentence_size);
}

// Feeds the lines of all inputs to SentencePiece, one at a time. Reading
// ourselves (instead of spm's --input) is what lets .gz files in.
class CorpusSentences {
 public:
  explicit CorpusSentences(const std::vector<std::string>& paths) : paths_(paths) {}

  // Next non-blank line into `line`; false at the end or on a read error.
  bool next(std::string& line) {
    try {
      return advance(line);
    } catch (const Error& e) {  // the file changed since it was checked
      error_ = e.what();
      return false;
    }
  }
  const std::optional<std::string>& error() const { return error_; }

 private:
  bool advance(std::string& line) {
    for (;;) {
      if (!reader_) {
        if (next_path_ == paths_.size()) return false;
        reader_ = std::make_unique<LineReader>(paths_[next_path_++]);
      }
      while (reader_->next(line)) {
        if (!line.empty()) return true;  // blank lines carry nothing to learn from
      }
      reader_.reset();
    }
  }

  const std::vector<std::string>& paths_;
  size_t next_path_ = 0;
  std::unique_ptr<LineReader> reader_;
  std::optional<std::string> error_;
};

// spm refuses a vocabulary larger than the corpus supports and says how large
// it may be: "Vocabulary size too high (8000). Please set it to a value <= 1234."
std::optional<int> suggested_size(const std::string& message) {
  const std::string suggestion = "Please set it to a value <= ";
  const size_t at = message.find(suggestion);
  if (message.find("too high") == std::string::npos || at == std::string::npos) return std::nullopt;
  try {
    return std::stoi(message.substr(at + suggestion.size()));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::unordered_map<std::string, std::string> trainer_arguments(const VocabOptions& options, int size,
                                                               const std::string& prefix) {
  return {
      {"model_prefix", prefix},
      {"vocab_size", std::to_string(size)},
      {"model_type", options.type},
      {"character_coverage", std::to_string(options.character_coverage)},
      {"byte_fallback", options.byte_fallback ? "true" : "false"},
      {"normalization_rule_name", options.normalization},
      {"num_threads", std::to_string(options.threads)},
      {"input_sentence_size", std::to_string(options.input_sentence_size)},
      {"shuffle_input_sentence", "true"},
      {"pad_id", std::to_string(kPadId)},
      {"unk_id", std::to_string(kUnkId)},
      {"bos_id", std::to_string(kBosId)},
      {"eos_id", std::to_string(kEosId)},
      {"minloglevel", "2"},  // spm prints hundreds of INFO/WARNING lines otherwise
  };
}

std::shared_ptr<const SentencePieceModel> checked(std::unique_ptr<SentencePieceModel> processor,
                                                 const std::string& origin) {
  const auto ids = processor->reserved_ids();
  NMT_CHECK(ids[3] >= 0, origin << ": the vocabulary has no </s> piece (eos_id " << ids[3]
                                 << "): a translation model needs one to end sentences");
  return processor;
}

}  // namespace

const std::vector<std::string>& normalization_rules() {
  static const std::vector<std::string> rules = {"nmt_nfkc", "nfkc", "nmt_nfkc_cf", "nfkc_cf", "identity"};
  return rules;
}

int64_t distinct_characters(const std::vector<std::string>& files, int64_t max_lines) {
  // In valid UTF-8 (LineReader checks it) each code point has one byte
  // sequence, so distinct sequences are distinct characters.
  std::unordered_set<std::string> seen;
  for (const auto& path : files) {
    LineReader reader(path);
    std::string line;
    for (int64_t n = 0; n < max_lines && reader.next(line); ++n) {
      for (size_t i = 0; i < line.size();) {
        const auto lead = static_cast<unsigned char>(line[i]);
        const size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        seen.insert(line.substr(i, length));
        i += length;
      }
    }
  }
  return static_cast<int64_t>(seen.size());
}

std::string train_vocab(const VocabOptions& options, const std::string& out_dir) {
  check_options(options);
  for (const auto& path : options.inputs) check_training_input(path);

  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  NMT_CHECK(!ec, "cannot create vocabulary directory " << out_dir << ": " << ec.message());
  const std::string prefix = (std::filesystem::path(out_dir) / "spm").string();

  auto& library = sentencepiece();
  library.set_random_seed(static_cast<unsigned>(options.seed));
  int size = options.size;
  for (int attempt = 0;; ++attempt) {
    CorpusSentences sentences(options.inputs);
    const std::string status = library.train(trainer_arguments(options, size, prefix),
                                             [&](std::string& line) { return sentences.next(line); });
    if (sentences.error()) throw Error(*sentences.error());
    if (status.empty()) break;
    const auto smaller = suggested_size(status);
    // One retry suffices: the size spm suggests is one it can build.
    NMT_CHECK(attempt == 0 && smaller && *smaller < size && *smaller > kEosId + 1,
              "SentencePiece training failed: " << status);
    std::cerr << "note: the corpus is too small for " << size << " pieces; using " << *smaller
              << ", the most SentencePiece can build from it\n";
    size = *smaller;
  }
  return prefix + ".model";
}

Vocab::Vocab(std::shared_ptr<const SentencePieceModel> processor)
    : processor_(std::move(processor)) {
  const auto ids = processor_->reserved_ids();  // pad, unk, bos, eos; -1 for none
  if (ids == std::vector<int>{kPadId, kUnkId, kBosId, kEosId}) return;
  const int n = processor_->size();
  to_ours_.assign(n, -1);
  to_spm_ = {ids[0], ids[1], ids[2], ids[3]};
  for (int r = 0; r < 4; ++r)
    if (ids[r] >= 0) to_ours_[ids[r]] = r;
  for (int s = 0; s < n; ++s) {
    if (to_ours_[s] >= 0) continue;
    to_ours_[s] = static_cast<int>(to_spm_.size());
    to_spm_.push_back(s);
  }
}

std::vector<int> Vocab::spm_ids() const {
  std::vector<int> ids(size());
  for (int i = 0; i < size(); ++i) ids[i] = to_spm(i);
  return ids;
}

Vocab Vocab::load(const std::string& model_path) {
  NMT_CHECK(std::filesystem::is_regular_file(model_path), "cannot open vocabulary " << model_path);
  auto processor = sentencepiece().new_model();
  const std::string status = processor->load_file(model_path);
  NMT_CHECK(status.empty(), model_path << ": not a SentencePiece model (" << status << ")");
  return Vocab(checked(std::move(processor), model_path));
}

Vocab Vocab::from_serialized(const std::string& model_proto) {
  auto processor = sentencepiece().new_model();
  const std::string status = processor->load_serialized(model_proto);
  NMT_CHECK(status.empty(), "stored vocabulary is not a SentencePiece model (" << status << ")");
  return Vocab(checked(std::move(processor), "stored vocabulary"));
}

std::vector<int> Vocab::encode(std::string_view text) const {
  std::vector<int> ids;
  const std::string status = processor_->encode(text, &ids);
  NMT_CHECK(status.empty(), "cannot encode '" << text << "': " << status);
  if (!to_ours_.empty())
    for (auto& id : ids) id = to_ours(id);
  return ids;
}

std::vector<std::string> Vocab::encode_pieces(std::string_view text) const {
  std::vector<std::string> pieces;
  const std::string status = processor_->encode(text, &pieces);
  NMT_CHECK(status.empty(), "cannot encode '" << text << "': " << status);
  return pieces;
}

std::string Vocab::decode(const std::vector<int>& ids) const {
  std::vector<int> pieces;
  pieces.reserve(ids.size());
  for (int id : ids) {
    // spm decodes control ids to "" already; skipping them here keeps that a
    // promise of this class rather than of the model file.
    if (id == kPadId || id == kBosId || id == kEosId) continue;
    NMT_CHECK(id >= 0 && id < size(), "cannot decode id " << id << ": the vocabulary has ids 0.."
                                                          << size() - 1);
    if (to_spm(id) >= 0) pieces.push_back(to_spm(id));
  }
  std::string text;
  const std::string status = processor_->decode(pieces, &text);
  NMT_CHECK(status.empty(), "cannot decode: " << status);
  return text;
}

std::string Vocab::piece(int id) const {
  NMT_CHECK(id >= 0 && id < size(), "no piece for id " << id << ": the vocabulary has ids 0.."
                                                       << size() - 1);
  static const char* const reserved[] = {"<pad>", "<unk>", "<s>", "</s>"};
  return to_spm(id) >= 0 ? processor_->id_to_piece(to_spm(id)) : reserved[id];
}

std::optional<std::string> vocab_difference(const Vocab& a, const Vocab& b) {
  if (a.size() != b.size()) return "sizes " + std::to_string(a.size()) + " and " + std::to_string(b.size());
  for (int id = 0; id < a.size(); ++id) {
    if (a.piece(id) != b.piece(id)) return "id " + std::to_string(id) + " is '" + a.piece(id) + "' and '" + b.piece(id) + "'";
  }
  return std::nullopt;
}

int Vocab::size() const { return to_spm_.empty() ? processor_->size() : static_cast<int>(to_spm_.size()); }

std::string vocab_model_file(const std::string& path) {
  const std::filesystem::path p(path);
  return std::filesystem::is_directory(p) ? (p / "spm.model").string() : path;
}

Vocab load_vocab(const std::string& path) { return Vocab::load(vocab_model_file(path)); }

std::string Vocab::serialized() const { return processor_->serialized(); }

}  // namespace nmt::text
