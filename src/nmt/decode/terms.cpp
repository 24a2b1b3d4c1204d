#include "nmt/decode/terms.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <sstream>

#include "nmt/common/error.h"
#include "nmt/text/sentence_splitter.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {
namespace {

// A span spelled in more pieces than this is written as a marker: each
// piece of a phrase widens the search's beam by one (constrained_search.h).
constexpr size_t kMaxVerbatimPieces = 6;
constexpr size_t kMaxPlaceholderBytes = 200;

bool ascii_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool starts_with_ci(const std::string& text, size_t at, const std::string& prefix) {
  if (text.size() - at < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(text[at + i])) != prefix[i]) return false;
  return true;
}

void placeholders(const std::string& t, std::vector<ProtectedSpan>& out) {
  for (size_t at = t.find("{{"); at != std::string::npos; at = t.find("{{", at + 2)) {
    const auto close = t.find("}}", at + 2);
    if (close == std::string::npos) return;
    if (close + 2 - at <= kMaxPlaceholderBytes && t.find('\n', at) > close) out.push_back({at, close + 2});
  }
}

void urls(const std::string& t, std::vector<ProtectedSpan>& out) {
  for (size_t at = 0; at < t.size(); ++at) {
    if (at > 0 && ascii_alnum(t[at - 1])) continue;
    size_t prefix = 0;
    for (const std::string p : {"https://", "http://", "www."}) {
      if (starts_with_ci(t, at, p)) {
        prefix = p.size();
        break;
      }
    }
    if (prefix == 0) continue;
    size_t end = at;
    while (end < t.size() && !space(t[end]) && t[end] != '"' && t[end] != '<' && t[end] != '>') ++end;
    // Closing punctuation after a URL is the sentence's, and so is a ')'
    // without its '('.
    while (end > at + prefix) {
      const char c = t[end - 1];
      const auto opened = std::count(t.begin() + static_cast<int64_t>(at), t.begin() + static_cast<int64_t>(end), '(');
      const auto closed = std::count(t.begin() + static_cast<int64_t>(at), t.begin() + static_cast<int64_t>(end), ')');
      if (std::string(".,;:!?'\"]}").find(c) != std::string::npos || (c == ')' && closed > opened)) {
        --end;
      } else {
        break;
      }
    }
    if (end > at + prefix) {
      out.push_back({at, end});
      at = end;
    }
  }
}

void emails(const std::string& t, std::vector<ProtectedSpan>& out) {
  const auto local = [](char c) { return ascii_alnum(c) || std::string("._%+-").find(c) != std::string::npos; };
  const auto domain = [](char c) { return ascii_alnum(c) || c == '.' || c == '-'; };
  for (size_t at = t.find('@'); at != std::string::npos; at = t.find('@', at + 1)) {
    size_t begin = at, end = at + 1;
    while (begin > 0 && local(t[begin - 1])) --begin;
    while (begin < at && t[begin] == '.') ++begin;
    while (end < t.size() && domain(t[end])) ++end;
    while (end > at + 1 && (t[end - 1] == '.' || t[end - 1] == '-')) --end;
    const auto dot = t.rfind('.', end - 1);
    if (begin == at || dot == std::string::npos || dot <= at + 1 || end - dot < 3) continue;
    out.push_back({begin, end});
  }
}

void numbers(const std::string& t, std::vector<ProtectedSpan>& out) {
  const auto digit = [&](size_t i) { return i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])) != 0; };
  for (size_t at = 0; at < t.size(); ++at) {
    if (!digit(at) || (at > 0 && ascii_alnum(t[at - 1]))) continue;
    size_t end = at;
    while (digit(end) || ((t[end] == '.' || t[end] == ',') && digit(end + 1) && end > at)) ++end;
    if (end < t.size() && ascii_alnum(t[end])) {
      at = end;
      continue;
    }
    out.push_back({at, end});
    at = end;
  }
}

// Each non-empty match of `regex` in `t`.
void add_matches(const std::regex& regex, const std::string& t, std::vector<ProtectedSpan>& out) {
  for (std::sregex_iterator it(t.begin(), t.end(), regex), end; it != end; ++it) {
    if (it->length(0) > 0) out.push_back({static_cast<size_t>(it->position(0)), static_cast<size_t>(it->position(0) + it->length(0))});
  }
}

// Identifiers and format fields (ProtectOptions::code). Plain words, even
// capitalised ones, are not matched: a span needs an underscore, an inner
// capital, a call's "()", a "$" or a format's "%" or braces.
void code(const std::string& t, std::vector<ProtectedSpan>& out) {
  static const std::regex kCode(
      R"(\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)"                                   // $VAR, ${VAR}
      R"(|\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?:\(\))?)"                // snake_case, snake_case()
      R"(|\b[A-Za-z_][A-Za-z0-9_]*\(\))"                                    // name()
      R"(|\b[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+\b)"                       // CamelCase: GtkWidget
      R"(|\b[a-z][a-z0-9]*(?:[A-Z][A-Za-z0-9]*)+\b)"                       // lowerCamel: startDoc
      R"(|%(?:[0-9]+\$)?[-+#0]*[0-9]*(?:\.[0-9]+)?(?:hh|h|ll|l|z)?[sdiufxXcpeEgG](?![A-Za-z]))"  // %s, %5.2f
      R"(|\{[A-Za-z0-9_]*\})");                                            // {0}, {name}, {}
  add_matches(kCode, t, out);
}

}  // namespace

const char* protect_kinds_help() {
  return "placeholders ({{...}}), urls, emails, numbers, code (identifiers such as gtk_widget_show() or GtkWidget, "
         "$VARIABLES, %s, {0})";
}

ProtectOptions parse_protect_kinds(const std::string& list) {
  ProtectOptions o;
  if (list == "none" || list.empty()) return o;
  if (list == "all") {
    o.placeholders = o.urls = o.emails = o.numbers = o.code = true;
    return o;
  }
  std::istringstream in(list);
  std::string kind;
  while (std::getline(in, kind, ',')) {
    if (kind == "placeholders") {
      o.placeholders = true;
    } else if (kind == "urls") {
      o.urls = true;
    } else if (kind == "emails") {
      o.emails = true;
    } else if (kind == "numbers") {
      o.numbers = true;
    } else if (kind == "code") {
      o.code = true;
    } else {
      NMT_FAIL("unknown kind of protected span '" << kind << "' (expected " << protect_kinds_help()
                                                  << ", all or none)");
    }
  }
  return o;
}

struct SpanFinder::Pattern {
  std::regex regex;
};

SpanFinder::SpanFinder(ProtectOptions options) : options_(std::move(options)) {
  if (options_.pattern.empty()) return;
  try {
    pattern_ = std::make_unique<Pattern>(Pattern{std::regex(options_.pattern, std::regex::ECMAScript)});
  } catch (const std::regex_error& e) {
    NMT_FAIL("the protected pattern '" << options_.pattern << "' is not a regular expression: " << e.what());
  }
}

SpanFinder::~SpanFinder() = default;
SpanFinder::SpanFinder(SpanFinder&&) noexcept = default;

std::vector<ProtectedSpan> SpanFinder::find(const std::string& text) const {
  std::vector<ProtectedSpan> all;
  if (options_.placeholders) placeholders(text, all);
  if (options_.urls) urls(text, all);
  if (options_.emails) emails(text, all);
  if (options_.numbers) numbers(text, all);
  if (options_.code) code(text, all);
  if (pattern_) add_matches(pattern_->regex, text, all);
  std::sort(all.begin(), all.end(), [](const ProtectedSpan& a, const ProtectedSpan& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end > b.end;
  });
  std::vector<ProtectedSpan> out;
  for (const auto& s : all)
    if (out.empty() || s.begin >= out.back().end) out.push_back(s);
  return out;
}

void keep_spans_whole(text::SplitText& split, const std::string& text, const SpanFinder& finder) {
  if (split.sentences.size() < 2) return;
  const auto spans = finder.find(text);
  size_t start = split.gaps[0].size();  // of sentence i in text
  for (size_t i = 0; i + 1 < split.sentences.size();) {
    const size_t end = start + split.sentences[i].size();
    const bool crossed =
        std::any_of(spans.begin(), spans.end(), [&](const ProtectedSpan& s) { return s.begin < end && s.end > end; });
    if (!crossed) {
      start = end + split.gaps[i + 1].size();
      ++i;
      continue;
    }
    split.sentences[i] += split.gaps[i + 1] + split.sentences[i + 1];
    split.sentences.erase(split.sentences.begin() + static_cast<int64_t>(i) + 1);
    split.gaps.erase(split.gaps.begin() + static_cast<int64_t>(i) + 1);
  }
}

SpanProtector::SpanProtector(ProtectOptions options, const text::Vocab& src_vocab, const text::Vocab& tgt_vocab)
    : finder_(std::move(options)), src_vocab_(src_vocab), speller_(tgt_vocab) {}

std::string SpanProtector::marker(int k, const std::string& text) const {
  const std::string n = std::to_string(k);
  std::string letters;  // for vocabularies without digits: A, B, ..., Z, AA, AB, ...
  for (int i = k; i > 0; i = (i - 1) / 26) letters.insert(letters.begin(), static_cast<char>('A' + (i - 1) % 26));
  std::vector<std::string> candidates = {"[" + n + "]", "<" + n + ">", "#" + n, "(" + n + ")", "{" + n + "}", "@" + n};
  // Without digits: two rare capitals and the span's letters (XQA, ZKB ...).
  const std::string rare = "XQZKJVWY";
  for (const char a : rare)
    for (const char b : rare)
      if (a != b) candidates.push_back(std::string{a, b} + letters);
  for (const auto& m : candidates) {
    if (text.find(m) != std::string::npos) continue;
    const auto ids = src_vocab_.encode(m);
    if (std::find(ids.begin(), ids.end(), text::kUnkId) != ids.end()) continue;
    if (!speller_.spell_word(m).spellings.empty()) return m;
  }
  return "";
}

void SpanProtector::protect(PreparedSentence& p) const {
  const auto spans = finder_.find(p.text);
  if (spans.empty()) return;
  std::string text;
  size_t copied = 0;
  int markers = 0;
  Constraints wanted;
  for (const auto& s : spans) {
    const std::string span = p.text.substr(s.begin, s.end - s.begin);
    text += p.text.substr(copied, s.begin - copied);
    copied = s.end;
    auto phrase = speller_.spell(span);
    if (!phrase.spellings.empty() && phrase.spellings.front().size() <= kMaxVerbatimPieces) {
      text += span;  // the model reads it, the search writes it
      wanted.include.push_back(std::move(phrase));
      continue;
    }
    const auto m = marker(++markers, p.text);
    if (m.empty()) {  // no marker either vocabulary writes: left to the model
      text += span;
      continue;
    }
    text += m;
    p.markers.emplace_back(m, span);
    wanted.include.push_back(speller_.spell_word(m));  // a word of its own, not glued to the one before
  }
  text += p.text.substr(copied);
  p.text = std::move(text);
  add_constraints(p.constraints, wanted);
}

PreparedSentence Terminology::prepare(const std::string& sentence) const {
  PreparedSentence p;
  p.text = sentence;
  if (glossary) p.constraints = glossary->constraints_for(sentence);
  if (protector) protector->protect(p);
  auto& phrases = p.constraints.include;
  size_t pieces = 0, kept = 0;
  for (; kept < phrases.size() && kept < kMaxSentencePhrases; ++kept) {
    pieces += phrases[kept].spellings.empty() ? 0 : phrases[kept].spellings.front().size();
    if (pieces > kMaxSentencePieces) break;
  }
  phrases.resize(kept);
  return p;
}

std::string restore_spans(const std::string& translation, const PreparedSentence& p) {
  std::string out = translation;
  for (const auto& [marker, span] : p.markers) {
    const auto at = out.find(marker);
    if (at != std::string::npos) {
      out.replace(at, marker.size(), span);
    } else {
      out += (out.empty() ? "" : " ") + span;
    }
  }
  return out;
}

}  // namespace nmt::decode
