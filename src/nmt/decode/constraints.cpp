#include "nmt/decode/constraints.h"

#include <algorithm>
#include <functional>

#include "nmt/common/error.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {
namespace {

const std::string kWordStart = "\xe2\x96\x81";  // "▁", SentencePiece's mark of a word's start

// "<0xE3>" (a byte-fallback piece) -> its byte; -1 for any other piece.
int byte_of_piece(const std::string& piece) {
  if (piece.size() != 6 || piece.compare(0, 3, "<0x") != 0 || piece[5] != '>') return -1;
  const auto hex = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  const int hi = hex(piece[3]), lo = hex(piece[4]);
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

// Visiting more partial spellings than this gives up on finding others (a
// long phrase of single-character pieces has exponentially many).
constexpr int kMaxVisits = 20000;

}  // namespace

PhraseSpeller::PhraseSpeller(const text::Vocab& vocab, size_t max_spellings)
    : vocab_(vocab), max_spellings_(max_spellings) {
  for (int id = text::kEosId + 1; id < vocab.size(); ++id) {
    const auto piece = vocab.piece(id);
    const int byte = byte_of_piece(piece);
    const std::string surface = byte >= 0 ? std::string(1, static_cast<char>(byte)) : piece;
    if (surface.empty()) continue;
    id_of_piece_.emplace(surface, id);  // the first id wins, as SentencePiece's own lookup
    longest_piece_ = std::max(longest_piece_, surface.size());
  }
}

std::vector<std::vector<int>> PhraseSpeller::segmentations(const std::string& normalized, size_t limit) const {
  std::vector<std::vector<int>> found;
  std::vector<int> path;
  int visits = 0;
  // Longest pieces first: the spellings with the fewest pieces come first.
  std::function<void(size_t)> walk = [&](size_t at) {
    if (found.size() >= limit || ++visits > kMaxVisits) return;
    if (at == normalized.size()) {
      found.push_back(path);
      return;
    }
    for (size_t n = std::min(longest_piece_, normalized.size() - at); n >= 1; --n) {
      const auto it = id_of_piece_.find(normalized.substr(at, n));
      if (it == id_of_piece_.end()) continue;
      path.push_back(it->second);
      walk(at + n);
      path.pop_back();
    }
  };
  walk(0);
  return found;
}

Phrase PhraseSpeller::spell(const std::string& phrase, std::string* missing) const {
  NMT_CHECK(!phrase.empty(), "an empty phrase cannot be a constraint");
  Phrase out;
  out.text = phrase;
  const auto ids = vocab_.encode(phrase);
  const auto pieces = vocab_.encode_pieces(phrase);
  NMT_CHECK(!ids.empty(), "the phrase '" << phrase << "' has no piece in the target vocabulary");
  std::string lacking;
  std::string normalized;  // the phrase as SentencePiece normalises it, "▁" for spaces
  for (size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] == text::kUnkId) {
      // SentencePiece's <unk> covers a run of characters: name those it cannot write.
      const std::string run = i < pieces.size() ? pieces[i] : std::string();
      for (size_t at = 0; at < run.size();) {
        size_t n = 1;
        while (at + n < run.size() && (static_cast<unsigned char>(run[at + n]) & 0xC0) == 0x80) ++n;
        const auto character = run.substr(at, n);
        at += n;
        const auto alone = vocab_.encode(character);
        if (std::find(alone.begin(), alone.end(), text::kUnkId) == alone.end()) continue;
        const auto quoted = "'" + character + "'";
        if (lacking.find(quoted) == std::string::npos) lacking += (lacking.empty() ? "" : " ") + quoted;
      }
      if (lacking.empty()) lacking = "'" + run + "'";
      continue;
    }
    const auto piece = vocab_.piece(ids[i]);
    const int byte = byte_of_piece(piece);
    normalized += byte >= 0 ? std::string(1, static_cast<char>(byte)) : piece;
  }
  if (!lacking.empty()) {
    if (missing) *missing = lacking;
    return out;
  }
  out.spellings.push_back(ids);
  const auto add = [&](const std::vector<std::vector<int>>& more) {
    for (const auto& s : more) {
      if (out.spellings.size() >= max_spellings_) return;
      if (std::find(out.spellings.begin(), out.spellings.end(), s) == out.spellings.end()) out.spellings.push_back(s);
    }
  };
  // Half the spellings for the word, the rest for the phrase inside a word.
  const bool word = normalized.compare(0, kWordStart.size(), kWordStart) == 0 && normalized.size() > kWordStart.size();
  add(segmentations(normalized, word ? (max_spellings_ + 1) / 2 : max_spellings_));
  if (word) add(segmentations(normalized.substr(kWordStart.size()), max_spellings_));
  return out;
}

Phrase PhraseSpeller::spell_word(const std::string& phrase) const {
  auto p = spell(phrase);
  auto& s = p.spellings;
  s.erase(std::remove_if(s.begin(), s.end(),
                         [&](const std::vector<int>& spelling) {
                           return vocab_.piece(spelling.front()).compare(0, kWordStart.size(), kWordStart) != 0;
                         }),
          s.end());
  return p;
}

Constraints required_phrases(const PhraseSpeller& speller, const std::vector<std::string>& phrases,
                             const std::string& what) {
  Constraints c;
  for (const auto& text : phrases) {
    NMT_CHECK(!text.empty(), what << ": an empty phrase");
    std::string missing;
    auto phrase = speller.spell(text, &missing);
    NMT_CHECK(!phrase.spellings.empty(),
              what << ": '" << text << "' needs " << missing << ", which the target vocabulary lacks");
    c.include.push_back(std::move(phrase));
  }
  return c;
}

void add_constraints(Constraints& into, const Constraints& more) {
  const auto add = [](std::vector<Phrase>& to, const std::vector<Phrase>& from) {
    for (const auto& p : from) {
      const bool seen = std::any_of(to.begin(), to.end(), [&](const Phrase& q) { return q.text == p.text; });
      if (!seen) to.push_back(p);
    }
  };
  add(into.include, more.include);
  add(into.exclude, more.exclude);
  into.ordered = into.ordered || more.ordered;
}

}  // namespace nmt::decode
