#include "nmt/decode/glossary.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include "nmt/common/error.h"
#include "nmt/text/utf8.h"
#include "nmt/text/vocab.h"

namespace nmt::decode {
namespace {

// Valid UTF-8 -> code points, each case-folded when asked.
std::vector<int32_t> code_points_of(const std::string& s, bool fold) {
  std::vector<int32_t> out;
  const auto* bytes = reinterpret_cast<const uint8_t*>(s.data());
  const auto size = static_cast<int32_t>(s.size());
  for (int32_t i = 0; i < size;) {
    UChar32 c;
    U8_NEXT(bytes, i, size, c);
    if (c < 0) c = 0xFFFD;
    out.push_back(fold ? u_foldCase(c, U_FOLD_CASE_DEFAULT) : c);
  }
  return out;
}

bool word_character(int32_t c) { return u_isalnum(c) || c == '_' || u_charType(c) == U_NON_SPACING_MARK; }

// Scripts written without spaces between words: a term there is matched
// by its characters alone.
bool unspaced_script(int32_t c) {
  UErrorCode error = U_ZERO_ERROR;
  switch (uscript_getScript(c, &error)) {
    case USCRIPT_HAN:
    case USCRIPT_HIRAGANA:
    case USCRIPT_KATAKANA:
    case USCRIPT_THAI:
    case USCRIPT_LAO:
    case USCRIPT_KHMER:
    case USCRIPT_MYANMAR:
    case USCRIPT_TIBETAN:
      return true;
    default:
      return false;
  }
}

// Whether a term may begin or end between characters a and b: unless both
// are word characters of scripts with spaces.
bool boundary(int32_t a, int32_t b) {
  return !word_character(a) || !word_character(b) || unspaced_script(a) || unspaced_script(b);
}

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

// Calls row(n, line) for each line that is not blank or a comment, after
// checking its UTF-8.
template <typename Row>
void for_each_line(const std::string& text, const std::string& what, Row row) {
  std::istringstream in(text);
  std::string line;
  for (int64_t n = 1; std::getline(in, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto bad = text::find_invalid_utf8(line);
    NMT_CHECK(bad == std::string::npos, what << " line " << n << ": invalid UTF-8 at byte " << bad + 1);
    const auto content = trim(line);
    if (content.empty() || content[0] == '#') continue;
    row(n, line);
  }
}

TermPair checked(TermPair p, const std::string& what) {
  p.source = trim(p.source), p.target = trim(p.target);
  NMT_CHECK(!p.source.empty(), what << " line " << p.line << ": the source term is empty");
  NMT_CHECK(!p.target.empty(), what << " line " << p.line << ": the target term is empty");
  return p;
}

// One CSV field from `at` (past its comma, if any, on return).
std::string csv_field(const std::string& line, size_t& at, const std::string& what, int64_t n) {
  std::string field;
  if (at < line.size() && line[at] == '"') {
    for (++at;; ++at) {
      NMT_CHECK(at < line.size(), what << " line " << n << ": a quoted field is not closed");
      if (line[at] != '"') {
        field += line[at];
      } else if (at + 1 < line.size() && line[at + 1] == '"') {
        field += '"', ++at;
      } else {
        ++at;
        break;
      }
    }
    NMT_CHECK(at == line.size() || line[at] == ',', what << " line " << n << ": text after a quoted field");
  } else {
    const auto comma = line.find(',', at);
    field = line.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    at = comma == std::string::npos ? line.size() : comma;
  }
  if (at < line.size()) ++at;  // the comma
  return field;
}

}  // namespace

std::vector<TermPair> read_term_pairs(const std::string& text, const std::string& what) {
  std::vector<TermPair> pairs;
  for_each_line(text, what, [&](int64_t n, const std::string& line) {
    const auto tab = line.find('\t');
    NMT_CHECK(tab != std::string::npos,
              what << " line " << n << ": expected 'source term<TAB>target term', found no tab in '" << trim(line)
                   << "'");
    NMT_CHECK(line.find('\t', tab + 1) == std::string::npos,
              what << " line " << n << ": more than two fields (one tab between the source and the target term)");
    pairs.push_back(checked({line.substr(0, tab), line.substr(tab + 1), n}, what));
  });
  return pairs;
}

std::vector<TermPair> read_term_pairs_csv(const std::string& text, const std::string& what) {
  std::vector<TermPair> pairs;
  for_each_line(text, what, [&](int64_t n, const std::string& line) {
    size_t at = 0;
    TermPair p;
    p.line = n;
    p.source = csv_field(line, at, what, n);
    NMT_CHECK(at > 0 && line[at - 1] == ',',
              what << " line " << n << ": expected 'source term,target term', found one field in '" << trim(line) << "'");
    p.target = csv_field(line, at, what, n);
    NMT_CHECK(at == line.size(), what << " line " << n << ": more than two fields (source term, target term)");
    for (const auto* term : {&p.source, &p.target}) {
      NMT_CHECK(term->find_first_of("\t\r") == std::string::npos, what << " line " << n << ": a term holds a tab");
    }
    pairs.push_back(checked(std::move(p), what));
  });
  return pairs;
}

std::string term_pairs_tsv(const std::vector<TermPair>& pairs) {
  std::string out;
  for (const auto& p : pairs) out += p.source + "\t" + p.target + "\n";
  return out;
}

Glossary Glossary::parse(const std::string& text, const std::string& what, const text::Vocab& tgt_vocab,
                         bool ignore_case) {
  Glossary g;
  g.ignore_case_ = ignore_case;
  const PhraseSpeller speller(tgt_vocab);
  std::unordered_map<std::string, int64_t> line_of_key;
  for (auto& pair : read_term_pairs(text, what)) {
    GlossaryEntry e;
    e.source = std::move(pair.source);
    e.target = std::move(pair.target);
    const int64_t n = e.line = pair.line;
    auto key = code_points_of(e.source, ignore_case);
    const std::string key_text(reinterpret_cast<const char*>(key.data()), key.size() * sizeof(int32_t));
    const auto [seen, fresh] = line_of_key.emplace(key_text, n);
    NMT_CHECK(fresh, what << " line " << n << ": the source term '" << e.source << "' is already at line "
                          << seen->second << (ignore_case ? " (ignoring case)" : ""));
    std::string missing;
    e.phrase = speller.spell(e.target, &missing);
    if (e.phrase.spellings.empty()) {
      g.unspellable_.push_back(what + " line " + std::to_string(n) + ": '" + e.target + "' needs " + missing +
                               ", which the target vocabulary lacks");
    }
    g.by_first_[key.front()].push_back(g.entries_.size());
    g.keys_.push_back(std::move(key));
    g.entries_.push_back(std::move(e));
  }
  return g;
}

Glossary Glossary::read(const std::string& path, const text::Vocab& tgt_vocab, bool ignore_case) {
  std::ifstream in(path, std::ios::binary);
  NMT_CHECK(in, "cannot read the glossary " << path);
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), path, tgt_vocab, ignore_case);
}

std::vector<const GlossaryEntry*> Glossary::find(const std::string& sentence) const {
  if (entries_.empty()) return {};
  const auto cp = code_points_of(sentence, ignore_case_);
  const auto n = cp.size();
  struct Match {
    size_t at, length, entry;
  };
  std::vector<Match> matches;
  for (size_t i = 0; i < n; ++i) {
    const auto it = by_first_.find(cp[i]);
    if (it == by_first_.end()) continue;
    if (i > 0 && !boundary(cp[i - 1], cp[i])) continue;
    for (const auto e : it->second) {
      const auto& key = keys_[e];
      const size_t end = i + key.size();
      if (end > n || !std::equal(key.begin(), key.end(), cp.begin() + static_cast<int64_t>(i))) continue;
      if (end < n && !boundary(cp[end - 1], cp[end])) continue;
      matches.push_back({i, key.size(), e});
    }
  }
  // The longest first (then the earliest); a match overlapping one taken is dropped.
  std::stable_sort(matches.begin(), matches.end(), [](const Match& a, const Match& b) {
    return a.length != b.length ? a.length > b.length : a.at < b.at;
  });
  std::vector<uint8_t> covered(n, 0);
  std::vector<Match> kept;
  for (const auto& m : matches) {
    if (std::any_of(covered.begin() + static_cast<int64_t>(m.at), covered.begin() + static_cast<int64_t>(m.at + m.length),
                    [](uint8_t c) { return c != 0; }))
      continue;
    std::fill_n(covered.begin() + static_cast<int64_t>(m.at), m.length, 1);
    kept.push_back(m);
  }
  std::sort(kept.begin(), kept.end(), [](const Match& a, const Match& b) { return a.at < b.at; });
  std::vector<const GlossaryEntry*> out;
  for (const auto& m : kept) out.push_back(&entries_[m.entry]);
  return out;
}

Constraints Glossary::constraints_for(const std::string& sentence) const {
  Constraints c;
  for (const auto* e : find(sentence)) {
    if (e->phrase.spellings.empty()) continue;
    Constraints one;
    one.include.push_back(e->phrase);
    add_constraints(c, one);
  }
  return c;
}

}  // namespace nmt::decode
