#include "nmt/decode/shortlist.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "nmt/common/durable_file.h"
#include "nmt/common/error.h"
#include "nmt/data/hash64.h"
#include "nmt/data/pair_reader.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {
namespace {

constexpr const char* kMagic = "nmt-shortlist";
constexpr int kVersion = 1;

// A vocabulary's identity: its SentencePiece model's bytes, hashed.
uint64_t fingerprint(const text::Vocab& vocab) {
  const std::string bytes = vocab.serialized();
  uint64_t h = bytes.size();
  for (size_t i = 0; i < bytes.size(); ++i) h = data::mix64(h ^ (static_cast<uint64_t>(static_cast<uint8_t>(bytes[i])) << (8 * (i % 8))));
  return h;
}

// The distinct pieces of a sentence, sorted.
std::vector<int> distinct(std::vector<int> ids) {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

// The ids in `line` after `count` of them; nmt::Error naming path:line otherwise.
std::vector<int> read_ids(std::istringstream& in, int64_t count, int64_t limit, const std::string& where) {
  std::vector<int> ids;
  for (int64_t i = 0; i < count; ++i) {
    int64_t id = -1;
    NMT_CHECK(in >> id, where << ": expected " << count << " piece ids, found " << i);
    NMT_CHECK(id >= 0 && id < limit, where << ": piece id " << id << " is outside the vocabulary of " << limit);
    ids.push_back(static_cast<int>(id));
  }
  std::string extra;
  NMT_CHECK(!(in >> extra), where << ": more than " << count << " piece ids");
  return ids;
}

}  // namespace

ShortlistCounter::ShortlistCounter(int64_t src_vocab, int64_t tgt_vocab)
    : src_count_(src_vocab, 0), tgt_count_(tgt_vocab, 0), together_(src_vocab) {}

void ShortlistCounter::add(const std::vector<int>& src_ids, const std::vector<int>& tgt_ids) {
  const auto src = distinct(src_ids), tgt = distinct(tgt_ids);
  for (int t : tgt) {
    NMT_CHECK(t >= 0 && t < static_cast<int64_t>(tgt_count_.size()), "target piece " << t << " outside the vocabulary");
    ++tgt_count_[t];
  }
  for (int s : src) {
    NMT_CHECK(s >= 0 && s < static_cast<int64_t>(src_count_.size()), "source piece " << s << " outside the vocabulary");
    ++src_count_[s];
    auto& row = together_[s];
    for (int t : tgt) ++row[t];
  }
  ++pairs_;
}

Shortlist ShortlistCounter::finish(const ShortlistOptions& options) const {
  NMT_CHECK(options.frequent >= 0 && options.per_source >= 0, "shortlist sizes must be >= 0");
  NMT_CHECK(pairs_ > 0, "the corpus has no sentence pairs");
  Shortlist list;
  list.src_size_ = static_cast<int64_t>(src_count_.size()), list.tgt_size_ = static_cast<int64_t>(tgt_count_.size());
  list.pairs_ = pairs_;
  std::vector<int> order(list.tgt_size_);
  for (int t = 0; t < list.tgt_size_; ++t) order[t] = t;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return tgt_count_[a] > tgt_count_[b]; });
  // The most frequent first; pieces the corpus never shows come last, so a
  // list as long as the vocabulary allows every piece.
  const auto frequent = std::min<int64_t>(options.frequent, list.tgt_size_);
  list.frequent_.assign(order.begin(), order.begin() + frequent);
  list.by_source_.resize(list.src_size_);
  std::vector<std::pair<double, int>> scored;
  const auto better = [](const auto& a, const auto& b) { return a.first > b.first || (a.first == b.first && a.second < b.second); };
  for (int64_t s = 0; s < list.src_size_; ++s) {
    scored.clear();
    for (const auto& [t, n] : together_[s])
      scored.emplace_back(2.0 * n / static_cast<double>(src_count_[s] + tgt_count_[t]), t);
    const auto keep = std::min<size_t>(scored.size(), static_cast<size_t>(options.per_source));
    std::partial_sort(scored.begin(), scored.begin() + static_cast<int64_t>(keep), scored.end(), better);
    for (size_t i = 0; i < keep; ++i) list.by_source_[s].push_back(scored[i].second);
  }
  return list;
}

Shortlist Shortlist::build(data::PairReader& corpus, const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                           const ShortlistOptions& options, void (*progress)(int64_t)) {
  NMT_CHECK(options.max_pairs >= 1, "max pairs must be >= 1, got " << options.max_pairs);
  ShortlistCounter counter(src_vocab.size(), tgt_vocab.size());
  data::SentencePair pair;
  while (counter.pairs() < options.max_pairs && corpus.next(pair)) {
    counter.add(src_vocab.encode(pair.src), tgt_vocab.encode(pair.tgt));
    if (counter.pairs() % 100000 == 0 && progress != nullptr) progress(counter.pairs());
  }
  auto list = counter.finish(options);
  list.src_fingerprint_ = fingerprint(src_vocab), list.tgt_fingerprint_ = fingerprint(tgt_vocab);
  return list;
}

void Shortlist::save(const std::string& path) const {
  std::ostringstream out;
  out << kMagic << " " << kVersion << "\n";
  out << "vocabularies " << src_size_ << " " << src_fingerprint_ << " " << tgt_size_ << " " << tgt_fingerprint_ << "\n";
  out << "pairs " << pairs_ << "\n";
  out << "frequent " << frequent_.size();
  for (int t : frequent_) out << " " << t;
  out << "\n";
  for (size_t s = 0; s < by_source_.size(); ++s) {
    out << "source " << s << " " << by_source_[s].size();
    for (int t : by_source_[s]) out << " " << t;
    out << "\n";
  }
  write_file_durably(path, out.str(), "shortlist");
}

Shortlist Shortlist::load(const std::string& path) {
  std::ifstream in(path);
  NMT_CHECK(in, "cannot open shortlist " << path);
  Shortlist list;
  std::string line;
  int64_t number = 0;
  auto next_line = [&](const char* what) -> std::istringstream {
    NMT_CHECK(std::getline(in, line), path << ": ends before its " << what << " (line " << number + 1 << ")");
    ++number;
    return std::istringstream(line);
  };
  auto where = [&] { return path + ":" + std::to_string(number); };
  {
    auto head = next_line("header");
    std::string magic;
    int version = 0;
    NMT_CHECK(head >> magic >> version && magic == kMagic,
              path << " is not an nmt shortlist (its first line should be '" << kMagic << " " << kVersion << "')");
    NMT_CHECK(version == kVersion, path << " is a version " << version << " shortlist; this nmt reads version " << kVersion);
  }
  {
    auto vocabs = next_line("vocabularies");
    std::string key;
    NMT_CHECK(vocabs >> key >> list.src_size_ >> list.src_fingerprint_ >> list.tgt_size_ >> list.tgt_fingerprint_ &&
                  key == "vocabularies" && list.src_size_ > 0 && list.tgt_size_ > 0,
              where() << ": expected 'vocabularies SRC_SIZE SRC_ID TGT_SIZE TGT_ID'");
  }
  {
    auto pairs = next_line("pair count");
    std::string key;
    NMT_CHECK(pairs >> key >> list.pairs_ && key == "pairs", where() << ": expected 'pairs N'");
  }
  {
    auto frequent = next_line("frequent pieces");
    std::string key;
    int64_t count = -1;
    NMT_CHECK(frequent >> key >> count && key == "frequent" && count >= 0, where() << ": expected 'frequent N ids...'");
    list.frequent_ = read_ids(frequent, count, list.tgt_size_, where());
  }
  list.by_source_.resize(list.src_size_);
  for (int64_t s = 0; s < list.src_size_; ++s) {
    auto source = next_line("source lists");
    std::string key;
    int64_t id = -1, count = -1;
    NMT_CHECK(source >> key >> id >> count && key == "source" && count >= 0,
              where() << ": expected 'source ID N ids...'");
    NMT_CHECK(id == s, where() << ": expected the list of source piece " << s << ", found " << id);
    list.by_source_[s] = read_ids(source, count, list.tgt_size_, where());
  }
  NMT_CHECK(!std::getline(in, line), path << ":" << number + 1 << ": more lines than the " << list.src_size_
                                           << " source pieces");
  return list;
}

void Shortlist::check_vocabularies(const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                                   const std::string& path) const {
  NMT_CHECK(src_vocab.size() == src_size_ && fingerprint(src_vocab) == src_fingerprint_ &&
                tgt_vocab.size() == tgt_size_ && fingerprint(tgt_vocab) == tgt_fingerprint_,
            "shortlist " << path << " was built for other vocabularies (" << src_size_ << " and " << tgt_size_
                         << " pieces) than the model's (" << src_vocab.size() << " and " << tgt_vocab.size()
                         << "): build it with nmt shortlist --model for this model");
}

std::vector<int64_t> Shortlist::vocabulary(const std::vector<const std::vector<int>*>& sources) const {
  std::vector<uint8_t> in(tgt_size_, 0);
  for (int id : {text::kPadId, text::kUnkId, text::kBosId, text::kEosId}) in[id] = 1;
  for (int t : frequent_) in[t] = 1;
  for (const auto* source : sources) {
    for (int s : *source) {
      NMT_CHECK(s >= 0 && s < src_size_, "source piece " << s << " is outside the shortlist's " << src_size_);
      for (int t : by_source_[s]) in[t] = 1;
    }
  }
  std::vector<int64_t> ids;
  for (int64_t t = 0; t < tgt_size_; ++t)
    if (in[t]) ids.push_back(t);
  return ids;
}

}  // namespace nmt::decode
