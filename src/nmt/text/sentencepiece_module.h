#pragma once
// Everything nmt asks of SentencePiece, behind virtual calls.
//
// Why: Debian's libsentencepiece carries its own copy of protobuf-lite with
// exported google::protobuf symbols, and LibTorch links the system
// libprotobuf. In one process the two copies interpose each other's symbols
// and crash (at start-up) or corrupt models. So SentencePiece lives in a
// small module (libnmt_sentencepiece.so) that is dlopen'ed with RTLD_LOCAL |
// RTLD_DEEPBIND: it binds to its own protobuf, and nothing else sees it.
// Only virtual calls and standard-library types cross the boundary.
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace nmt::text {

// Each call returns "" on success, else SentencePiece's error message.
class SentencePieceModel {
 public:
  virtual ~SentencePieceModel() = default;
  virtual std::string load_file(const std::string& path) = 0;
  virtual std::string load_serialized(const std::string& proto) = 0;
  virtual std::string encode(std::string_view text, std::vector<int>* ids) const = 0;
  virtual std::string encode(std::string_view text, std::vector<std::string>* pieces) const = 0;
  virtual std::string decode(const std::vector<int>& ids, std::string* text) const = 0;
  virtual std::string id_to_piece(int id) const = 0;
  virtual int size() const = 0;
  virtual std::vector<int> reserved_ids() const = 0;  // pad, unk, bos, eos
  virtual std::string serialized() const = 0;
};

class SentencePieceLibrary {
 public:
  virtual ~SentencePieceLibrary() = default;
  virtual std::unique_ptr<SentencePieceModel> new_model() = 0;
  // Trains with spm's key/value arguments on sentences handed over one at a
  // time: next(line) returns false at the end. Returns "" or the error.
  virtual std::string train(const std::unordered_map<std::string, std::string>& arguments,
                            const std::function<bool(std::string&)>& next) = 0;
  virtual void set_random_seed(unsigned seed) = 0;
};

// Loads the module once (nmt::Error naming where it looked if it cannot).
// Looked for in $NMT_SENTENCEPIECE_MODULE, next to the running executable,
// and at the path it was built to.
SentencePieceLibrary& sentencepiece();

}  // namespace nmt::text

// The module's one exported symbol.
extern "C" nmt::text::SentencePieceLibrary* nmt_sentencepiece_library();
