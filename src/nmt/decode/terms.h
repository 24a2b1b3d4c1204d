#pragma once
// What a sentence's translation must keep: a glossary's target terms
// (glossary.h) and protected spans, text the translation must carry over
// verbatim: {{placeholders}}, URLs, e-mail addresses, numbers (optional) and
// a user's own pattern.
//
// A protected span the target vocabulary can write stays in the source and
// becomes a phrase the translation must contain (constrained_search.h), so
// the model places it where its attention puts it and the search writes it
// exactly. A span it cannot write (a character the vocabulary lacks) is
// replaced in the source by a marker both vocabularies can write ("[1]",
// "<1>", "#1", ..., without digits two rare capitals and a letter: "XQA",
// "ZKA" ...), the marker becomes the phrase,
// and restore_spans puts
// the span back where the marker came out. A marker the search could not fit
// within the length limit is appended to the translation, so no span is lost.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "nmt/decode/constraints.h"
#include "nmt/decode/glossary.h"

namespace nmt::text {
class Vocab;
struct SplitText;
}

namespace nmt::decode {

struct ProtectOptions {
  bool placeholders = false;  // {{...}} (up to 200 characters, one line)
  bool urls = false;          // http://, https://, www. up to a space (closing punctuation left out)
  bool emails = false;        // local@domain.tld
  bool numbers = false;       // 12, 3.5, 1,000.25
  // What software strings carry verbatim into any language: identifiers
  // (snake_case, CamelCase, name()), $VARIABLES, printf formats (%s, %5.2f)
  // and {0}-style fields.
  bool code = false;
  std::string pattern;        // a regular expression (ECMAScript) for the user's own spans; "" = none
  bool any() const { return placeholders || urls || emails || numbers || code || !pattern.empty(); }
};
// "placeholders,urls,emails,numbers,code" (any of them), "all", or "none".
ProtectOptions parse_protect_kinds(const std::string& list);
// The kinds as a help text names them.
const char* protect_kinds_help();

struct ProtectedSpan {
  size_t begin = 0, end = 0;  // bytes of the text
};
// Finds the spans of a text, in order, without overlaps (the earliest,
// then the longest, wins). An invalid pattern is an error naming it.
class SpanFinder {
 public:
  explicit SpanFinder(ProtectOptions options);
  ~SpanFinder();
  SpanFinder(SpanFinder&&) noexcept;
  std::vector<ProtectedSpan> find(const std::string& text) const;
  const ProtectOptions& options() const { return options_; }

 private:
  struct Pattern;  // the compiled regular expression (<regex> stays in terms.cpp)
  ProtectOptions options_;
  std::unique_ptr<Pattern> pattern_;
};

// Joins the sentences of `split` (text cut by text::split_sentences) that
// one of the text's spans crosses: the "?" of a URL ends no sentence.
void keep_spans_whole(text::SplitText& split, const std::string& text, const SpanFinder& finder);

// A sentence as the search gets it.
struct PreparedSentence {
  std::string text;          // what the model reads: the sentence, markers for spans it cannot write
  Constraints constraints;   // the glossary's terms and the protected spans (or their markers)
  std::vector<std::pair<std::string, std::string>> markers;  // marker, the span it stands for
};

// Finds a sentence's spans and prepares it, for one model's vocabularies
// (which must outlive it).
class SpanProtector {
 public:
  SpanProtector(ProtectOptions options, const text::Vocab& src_vocab, const text::Vocab& tgt_vocab);
  // Adds the spans of p.text (the sentence) to p, markers in place of those
  // the target vocabulary cannot write.
  void protect(PreparedSentence& p) const;
  const ProtectOptions& options() const { return finder_.options(); }
  const SpanFinder& finder() const { return finder_; }

 private:
  // A marker for the k-th span (from 1) that both vocabularies write and
  // `text` lacks; "" if none.
  std::string marker(int k, const std::string& text) const;

  SpanFinder finder_;
  const text::Vocab& src_vocab_;
  PhraseSpeller speller_;
};

// A glossary and a span protector, either optional. A sentence gets at
// most kMaxSentencePhrases phrases of kMaxSentencePieces pieces in all (the
// first ones): each piece widens its beam by one, so a sentence crowded
// with terms cannot take a worker's time; the rest are not enforced.
constexpr size_t kMaxSentencePhrases = 16;
constexpr size_t kMaxSentencePieces = 64;
struct Terminology {
  std::shared_ptr<const Glossary> glossary;
  std::shared_ptr<const SpanProtector> protector;
  bool empty() const { return !glossary && !protector; }
  PreparedSentence prepare(const std::string& sentence) const;
};

// The translation of a prepared sentence with its spans back in place of their markers.
std::string restore_spans(const std::string& translation, const PreparedSentence& p);

}  // namespace nmt::decode
