// Built alone into libnmt_sentencepiece.so; see sentencepiece_module.h for why.
#include "nmt/text/sentencepiece_module.h"

#include <sentencepiece_processor.h>
#include <sentencepiece_trainer.h>

namespace nmt::text {
namespace {

std::string message(const sentencepiece::util::Status& status) {
  if (status.ok()) return {};
  const std::string text = status.message();
  return text.empty() ? "unknown error" : text;
}

class Model final : public SentencePieceModel {
 public:
  std::string load_file(const std::string& path) override { return message(sp_.Load(path)); }
  std::string load_serialized(const std::string& proto) override { return message(sp_.LoadFromSerializedProto(proto)); }
  std::string encode(std::string_view text, std::vector<int>* ids) const override {
    return message(sp_.Encode(text, ids));
  }
  std::string encode(std::string_view text, std::vector<std::string>* pieces) const override {
    return message(sp_.Encode(text, pieces));
  }
  std::string decode(const std::vector<int>& ids, std::string* text) const override {
    return message(sp_.Decode(ids, text));
  }
  std::string id_to_piece(int id) const override { return sp_.IdToPiece(id); }
  int size() const override { return sp_.GetPieceSize(); }
  std::vector<int> reserved_ids() const override { return {sp_.pad_id(), sp_.unk_id(), sp_.bos_id(), sp_.eos_id()}; }
  std::string serialized() const override { return sp_.serialized_model_proto(); }

 private:
  sentencepiece::SentencePieceProcessor sp_;
};

class Sentences final : public sentencepiece::SentenceIterator {
 public:
  explicit Sentences(const std::function<bool(std::string&)>& next) : next_(next) { Next(); }
  bool done() const override { return done_; }
  const std::string& value() const override { return line_; }
  sentencepiece::util::Status status() const override { return {}; }
  void Next() override { done_ = !next_(line_); }

 private:
  const std::function<bool(std::string&)>& next_;
  std::string line_;
  bool done_ = false;
};

class Library final : public SentencePieceLibrary {
 public:
  std::unique_ptr<SentencePieceModel> new_model() override { return std::make_unique<Model>(); }
  std::string train(const std::unordered_map<std::string, std::string>& arguments,
                    const std::function<bool(std::string&)>& next) override {
    Sentences sentences(next);
    return message(sentencepiece::SentencePieceTrainer::Train(arguments, &sentences));
  }
  void set_random_seed(unsigned seed) override { sentencepiece::SetRandomGeneratorSeed(seed); }
};

}  // namespace
}  // namespace nmt::text

extern "C" __attribute__((visibility("default"))) nmt::text::SentencePieceLibrary* nmt_sentencepiece_library() {
  static nmt::text::Library library;
  return &library;
}
