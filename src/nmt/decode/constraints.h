#pragma once
// Lexical constraints: target phrases a translation must contain (a
// glossary's terms) or must not. The search matches pieces, so a phrase is
// kept as every way the target vocabulary can spell it: a model trained on
// SentencePiece's segmentations usually writes those, but nothing stops it
// from writing "▁Jes" "ús" where SentencePiece says "▁Jesús", and either
// detokenises to the phrase.
#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

namespace nmt::text {
class Vocab;
}

namespace nmt::decode {

struct Phrase {
  std::string text;
  // Piece ids, each a whole spelling; the first is SentencePiece's own
  // (whose length counts the phrase's steps in the search's banks). Empty:
  // the vocabulary cannot spell the phrase.
  std::vector<std::vector<int>> spellings;
};

struct Constraints {
  std::vector<Phrase> include;  // each must appear in the translation
  std::vector<Phrase> exclude;  // none may appear (as pieces: a phrase that starts a longer word counts)
  bool ordered = false;         // include's phrases appear in their order
  bool empty() const { return include.empty() && exclude.empty(); }
};

// Spells phrases in a target vocabulary: the spellings of "▁phrase" (the
// phrase as a word, as SentencePiece writes text) and of "phrase" inside a
// word (after an opening quote or bracket, which SentencePiece keeps apart),
// SentencePiece's own first, then others with the fewest pieces first.
class PhraseSpeller {
 public:
  explicit PhraseSpeller(const text::Vocab& vocab, size_t max_spellings = 16);
  // A phrase with no spelling when the vocabulary lacks one of its
  // characters (SentencePiece would write <unk>); *missing then gets those
  // characters, quoted and separated by spaces. An empty phrase is an error.
  Phrase spell(const std::string& phrase, std::string* missing = nullptr) const;
  // Only the spellings of the phrase as a word (after a space), none inside one.
  Phrase spell_word(const std::string& phrase) const;

 private:
  std::vector<std::vector<int>> segmentations(const std::string& normalized, size_t limit) const;

  const text::Vocab& vocab_;
  size_t max_spellings_;
  std::unordered_map<std::string, int> id_of_piece_;  // a piece's surface (byte pieces as their byte) -> id
  size_t longest_piece_ = 0;                            // in bytes
};

// Phrases a translation must contain, spelled by `speller`; one it cannot
// spell is an error naming `what` ("line 3's constraint") and its characters.
Constraints required_phrases(const PhraseSpeller& speller, const std::vector<std::string>& phrases,
                             const std::string& what);
// `more`'s phrases added to `into`, but a phrase `into` has (by its text) only once.
void add_constraints(Constraints& into, const Constraints& more);

}  // namespace nmt::decode
