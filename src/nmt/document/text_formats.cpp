// Plain text, Markdown and subtitles (SubRip, WebVTT) as templates: the
// lines' structure and markup are fixed text, the words are pieces.
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <cctype>
#include <regex>

#include "nmt/document/segments.h"

namespace nmt::document {
namespace {

struct Line {
  std::string_view text, end;  // the line without its end ("\n", "\r\n" or "" at the end of the file)
};

std::vector<Line> lines_of(std::string_view s) {
  std::vector<Line> out;
  size_t at = 0;
  while (at < s.size()) {
    size_t nl = s.find('\n', at);
    size_t end = nl == std::string_view::npos ? s.size() : nl + 1;
    size_t text_end = nl == std::string_view::npos ? s.size() : nl;
    if (text_end > at && s[text_end - 1] == '\r') --text_end;
    out.push_back({s.substr(at, text_end - at), s.substr(text_end, end - text_end)});
    at = end;
  }
  return out;
}

bool blank(std::string_view s) { return trim(s).lead == s.size(); }

bool starts_lowercase(std::string_view s) {
  int32_t i = 0;
  UChar32 c;
  U8_NEXT(reinterpret_cast<const uint8_t*>(s.data()), i, static_cast<int32_t>(s.size()), c);
  return c >= 0 && u_islower(c);
}

// A sentence that goes on after the end of the line: no closing punctuation.
bool ends_open(std::string_view s) {
  static const std::vector<std::string_view> closers = {".", "!", "?", ":", ";", "\"", "'", ")", "»", "”", "’",
                                                        "。", "！", "？", "」", "…"};
  const auto t = trim(s).inner(s);
  for (auto c : closers) {
    if (t.size() >= c.size() && t.substr(t.size() - c.size()) == c) return false;
  }
  return true;
}

// The length of the markup token at s[i], or 0 when s[i] starts text.
size_t markup_at(std::string_view s, size_t i, Template::Markup markup) {
  const char c = s[i];
  if (c == '<' && i + 1 < s.size() && (std::isalpha(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '/' ||
                                       s[i + 1] == '!')) {
    const size_t close = s.find('>', i);
    if (close != std::string_view::npos) return close + 1 - i;
  }
  if (markup == Template::Markup::tags) {
    if (c == '{' && i + 1 < s.size() && s[i + 1] == '\\') {  // SubRip's {\an8}
      const size_t close = s.find('}', i);
      if (close != std::string_view::npos) return close + 1 - i;
    }
    return 0;
  }
  if (c == '`') {  // a code span, kept whole
    size_t run = 0;
    while (i + run < s.size() && s[i + run] == '`') ++run;
    const size_t close = s.find(std::string(run, '`'), i + run);
    return close == std::string_view::npos ? run : close + run - i;
  }
  if (c == '!' && i + 1 < s.size() && s[i + 1] == '[') {  // an image, kept whole
    const size_t mid = s.find("](", i);
    const size_t close = mid == std::string_view::npos ? mid : s.find(')', mid);
    if (close != std::string_view::npos) return close + 1 - i;
  }
  if (c == '[') return 1;
  if (c == ']') {  // a link's target: "](url)" or "][ref]"
    if (i + 1 < s.size() && (s[i + 1] == '(' || s[i + 1] == '[')) {
      const size_t close = s.find(s[i + 1] == '(' ? ')' : ']', i + 2);
      if (close != std::string_view::npos) return close + 1 - i;
    }
    return 1;
  }
  if ((c == '*' || c == '_' || c == '~') && i + 1 < s.size() && s[i + 1] == c) return 2;
  if (c == '*' || c == '_') {  // emphasis, not an underscore inside a word
    const bool word_before = i > 0 && std::isalnum(static_cast<unsigned char>(s[i - 1]));
    const bool word_after = i + 1 < s.size() && std::isalnum(static_cast<unsigned char>(s[i + 1]));
    return c == '*' || !(word_before && word_after) ? 1 : 0;
  }
  return 0;
}

}  // namespace

void Template::fixed(std::string_view text) {
  if (text.empty()) return;
  if (chunks_.empty() || chunks_.back().is_piece) chunks_.push_back({});
  chunks_.back().fixed += text;
}

void Template::piece(std::string text) {
  chunks_.push_back({"", segments_.size(), open_.size(), true});
  open_.push_back(pending_ + text);
  pending_.clear();
}

void Template::glue(std::string_view whitespace) {
  if (!open_.empty() && chunks_.back().is_piece) {
    open_.back() += whitespace;
  } else if (!open_.empty()) {
    pending_ += whitespace;
  } else {
    fixed(whitespace);
  }
}

void Template::end_segment() {
  if (!open_.empty()) segments_.push_back(std::move(open_));
  open_.clear();
  fixed(pending_);
  pending_.clear();
}

void Template::line(std::string_view text, Markup markup) {
  std::string run;
  size_t i = 0;
  while (i < text.size()) {
    const size_t n = markup_at(text, i, markup);
    if (n == 0) {
      run += text[i++];
      continue;
    }
    if (!run.empty()) piece(std::move(run));
    run.clear();
    fixed(text.substr(i, n));
    i += n;
  }
  if (!run.empty()) piece(std::move(run));
}

Segments Template::finish() && {
  end_segment();
  Segments out;
  out.segments = segments_;
  out.render = [chunks = std::move(chunks_)](const std::vector<Pieces>& translated) {
    std::string text;
    for (const auto& c : chunks) text += c.is_piece ? translated[c.segment][c.piece] : c.fixed;
    return text;
  };
  return out;
}

Segments read_plain_text(const std::string& text) {
  // A line is a text; a line that ends in the middle of a sentence and a
  // next line that goes on in lower case are one text (a wrapped paragraph),
  // whose translation is wrapped again over as many lines.
  Template t;
  const auto lines = lines_of(text);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (blank(lines[i].text)) {
      t.end_segment();
      t.fixed(lines[i].text);
    } else {
      t.piece(std::string(lines[i].text));
    }
    const bool joins = i + 1 < lines.size() && !blank(lines[i].text) && ends_open(lines[i].text) &&
                       !blank(lines[i + 1].text) && starts_lowercase(trim(lines[i + 1].text).inner(lines[i + 1].text));
    if (joins) {
      t.glue(lines[i].end);
    } else {
      t.end_segment();
      t.fixed(lines[i].end);
    }
  }
  return std::move(t).finish();
}

Segments read_markdown(const std::string& text) {
  static const std::regex block_prefix(R"(^ {0,3}(?:>\s?)*(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,9}[.)]\s+)?)");
  static const std::regex rule(R"(^ {0,3}([-=*_]\s*)+$)");
  static const std::regex fence(R"(^ {0,3}(```|~~~))");
  Template t;
  const auto lines = lines_of(text);
  bool in_fence = false, in_front_matter = false, after_blank = true, in_list = false;
  std::string fence_mark;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string line(lines[i].text);
    std::smatch m;
    if (i == 0 && line == "---") in_front_matter = true;
    const bool code_fence = std::regex_search(line, m, fence);
    const bool fixed_line = in_front_matter || in_fence || code_fence || std::regex_match(line, rule) ||
                            (after_blank && !in_list && (line.rfind("    ", 0) == 0 || line.rfind("\t", 0) == 0));
    if (in_front_matter && i > 0 && (line == "---" || line == "...")) in_front_matter = false;
    if (code_fence) {
      if (!in_fence) {
        in_fence = true;
        fence_mark = m[1];
      } else if (line.find(fence_mark) != std::string::npos) {
        in_fence = false;
      }
    }
    if (fixed_line || blank(line)) {
      t.end_segment();
      t.fixed(lines[i].text);
      t.fixed(lines[i].end);
      if (blank(line)) after_blank = true;
      continue;
    }
    std::regex_search(line, m, block_prefix);
    const size_t prefix = static_cast<size_t>(m.length(0));
    if (prefix > 0 || line.find('|') != std::string::npos) t.end_segment();  // a new block
    if (prefix > 0) in_list = m.str(0).find_first_of("-*+0123456789") != std::string::npos;
    else if (after_blank) in_list = false;
    t.fixed(lines[i].text.substr(0, prefix));
    std::string_view rest = lines[i].text.substr(prefix);
    if (rest.find('|') != std::string_view::npos) {  // a table row: a text per cell
      size_t at = 0;
      while (at <= rest.size()) {
        size_t bar = rest.find('|', at);
        while (bar != std::string_view::npos && bar > 0 && rest[bar - 1] == '\\') bar = rest.find('|', bar + 1);
        const size_t end = bar == std::string_view::npos ? rest.size() : bar;
        t.line(rest.substr(at, end - at), Template::Markup::markdown);
        t.end_segment();
        if (bar == std::string_view::npos) break;
        t.fixed("|");
        at = bar + 1;
      }
    } else {
      t.line(rest, Template::Markup::markdown);
    }
    t.glue(lines[i].end);
    if (m.str(0).find('#') != std::string::npos) t.end_segment();  // a heading is one line
    after_blank = false;
  }
  return std::move(t).finish();
}

Segments read_subtitles(const std::string& text, bool vtt) {
  // A cue's text lines are one text, wrapped again over as many lines; the
  // numbers, timings, WebVTT's header, NOTE, STYLE and REGION blocks stay.
  Template t;
  bool in_cue = false, in_fixed_block = false;
  const auto lines = lines_of(text);
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = lines[i].text;
    if (blank(line)) {
      t.end_segment();
      in_cue = in_fixed_block = false;
    } else if (line.find("-->") != std::string_view::npos && !in_fixed_block) {
      t.end_segment();
      in_cue = true;
    } else if (in_cue) {
      t.line(line, Template::Markup::tags);
      t.glue(lines[i].end);
      continue;
    } else if (vtt && (line.rfind("WEBVTT", 0) == 0 || line.rfind("NOTE", 0) == 0 || line.rfind("STYLE", 0) == 0 ||
                       line.rfind("REGION", 0) == 0)) {
      in_fixed_block = true;
    }
    t.fixed(line);
    t.fixed(lines[i].end);
  }
  return std::move(t).finish();
}

}  // namespace nmt::document
