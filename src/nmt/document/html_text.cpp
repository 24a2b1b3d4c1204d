#include "nmt/document/html_text.h"

#include <gumbo.h>

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <string_view>

#include "nmt/common/error.h"
#include "nmt/text/utf8.h"

namespace nmt::document {

namespace {

// Parse errors are not recorded: gumbo copies the stack of open elements into
// each one, which made 10,000 unclosed <div> take 800 MB.
const GumboOptions& parse_options() {
  static const GumboOptions options = [] {
    GumboOptions o = kGumboDefaultOptions;
    o.max_errors = 0;
    return o;
  }();
  return options;
}

struct OutputDeleter {
  void operator()(GumboOutput* output) const { gumbo_destroy_output(&parse_options(), output); }
};
using ParsedHtml = std::unique_ptr<GumboOutput, OutputDeleter>;

ParsedHtml parse(std::string_view html) {
  return ParsedHtml(gumbo_parse_with_options(&parse_options(), html.data(), html.size()));
}

bool is_html_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Raw text elements: their text is not entity-decoded, so an escaped
// translation would show its escapes. Never translated.
bool holds_raw_text(GumboTag tag) {
  switch (tag) {
    case GUMBO_TAG_SCRIPT: case GUMBO_TAG_STYLE: case GUMBO_TAG_XMP: case GUMBO_TAG_IFRAME:
    case GUMBO_TAG_NOEMBED: case GUMBO_TAG_NOFRAMES: case GUMBO_TAG_PLAINTEXT:
      return true;
    default:
      return false;
  }
}

// Computer code and its input and output: not translated unless translate="yes".
bool holds_code(GumboTag tag) {
  return tag == GUMBO_TAG_CODE || tag == GUMBO_TAG_KBD || tag == GUMBO_TAG_SAMP || tag == GUMBO_TAG_VAR;
}

bool keeps_whitespace(const GumboElement& element) {
  return element.tag_namespace == GUMBO_NAMESPACE_HTML &&
         (element.tag == GUMBO_TAG_PRE || element.tag == GUMBO_TAG_LISTING || element.tag == GUMBO_TAG_TEXTAREA);
}

// title and textarea: '<' there is a character, not the start of a tag.
bool holds_escapable_raw_text(const GumboNode* node) {
  if (node == nullptr || node->type != GUMBO_NODE_ELEMENT) return false;
  const GumboElement& element = node->v.element;
  return element.tag_namespace == GUMBO_NAMESPACE_HTML &&
         (element.tag == GUMBO_TAG_TITLE || element.tag == GUMBO_TAG_TEXTAREA);
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return (x >= 'A' && x <= 'Z' ? x - 'A' + 'a' : x) == y;
         });
}

// Whether `element` is translated, given whether its parent's text is.
bool translates(const GumboElement& element, bool parent_translates) {
  if (holds_raw_text(element.tag)) return false;
  if (const GumboAttribute* translate = gumbo_get_attribute(&element.attributes, "translate")) {
    if (equals_ignoring_case(translate->value, "no")) return false;
    if (equals_ignoring_case(translate->value, "yes") || translate->value[0] == '\0') return true;
  }
  return parent_translates && !holds_code(element.tag);
}

// The end of the tag (or comment) that starts at html[lt] == '<', or lt if a
// tokenizer would read that '<' as a character. A '>' inside a quoted
// attribute value does not end the tag.
size_t markup_end(std::string_view html, size_t lt, size_t end) {
  if (lt + 1 >= end) return lt;
  const char next = html[lt + 1];
  if (!is_ascii_letter(next) && next != '/' && next != '!' && next != '?') return lt;
  if (next == '/' && lt + 2 >= end) return lt;  // "</" at the end is text
  if (html.substr(lt, 4) == "<!--") {
    const size_t close = html.find("-->", lt + 4);
    return close == std::string_view::npos || close + 3 > end ? end : close + 3;
  }
  bool after_equals = false;
  for (size_t i = lt + 1; i < end; ++i) {
    const char c = html[i];
    if (c == '>') return i + 1;
    if (after_equals && (c == '"' || c == '\'')) {
      const size_t quote = html.find(c, i + 1);
      if (quote == std::string_view::npos || quote >= end) return end;
      i = quote;
      after_equals = false;
    } else if (c == '=') {
      after_equals = true;
    } else if (!is_html_space(c)) {
      after_equals = false;
    }
  }
  return end;
}

struct Range {
  size_t begin, end;
};

// The character data in html[begin, end), a text node's original text. Gumbo
// merges the text around a tag it ignores (a stray "</div>", a second
// "<html>") into one node whose original text spans the tag; such a node
// splits into one range per side, so the tag is kept where it was.
std::vector<Range> character_data(std::string_view html, size_t begin, size_t end) {
  std::vector<Range> ranges;
  size_t start = begin;
  for (size_t i = begin; i < end; ++i) {
    if (html[i] != '<') continue;
    const size_t after = markup_end(html, i, end);
    if (after == i) continue;
    if (i > start) ranges.push_back({start, i});
    start = after;
    i = after - 1;
  }
  if (end > start) ranges.push_back({start, end});
  return ranges;
}

// The text of character data (no tags) with entities decoded as gumbo decodes them.
std::string decoded(std::string_view raw) {
  const ParsedHtml output = parse(raw);
  std::string text;
  std::vector<const GumboNode*> stack = {output->root};
  while (!stack.empty()) {
    const GumboNode* node = stack.back();
    stack.pop_back();
    if (node->type == GUMBO_NODE_TEXT || node->type == GUMBO_NODE_WHITESPACE) {
      text += node->v.text.text;
    } else if (node->type == GUMBO_NODE_ELEMENT) {
      const GumboVector& children = node->v.element.children;
      for (size_t i = children.length; i-- > 0;) stack.push_back(static_cast<const GumboNode*>(children.data[i]));
    }
  }
  return text;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && is_html_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_html_space(s.back())) s.remove_suffix(1);
  return s;
}

// Nothing but whitespace and no-break spaces (U+00A0, "&nbsp;").
bool is_blank(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "\xC2\xA0") == 0) {
      ++i;
    } else if (!is_html_space(text[i])) {
      return false;
    }
  }
  return true;
}

std::string collapse_whitespace(std::string_view text) {
  std::string out;
  bool in_space = false;
  for (const char c : text) {
    if (!is_html_space(c)) {
      out += c;
    } else if (!in_space) {
      out += ' ';
    }
    in_space = is_html_space(c);
  }
  return out;
}

struct Piece {
  Range raw;         // in the input, trimmed
  std::string text;  // decoded
};

// The translatable pieces of one text node.
void add_pieces(std::string_view html, const GumboNode* node, bool keep_whitespace, std::vector<Piece>& pieces) {
  const GumboStringPiece& original = node->v.text.original_text;
  // Gumbo points original_text into the input; skip anything else rather
  // than splice at a wrong place.
  if (original.data < html.data() || original.data + original.length > html.data() + html.size()) return;
  const size_t begin = original.data - html.data(), end = begin + original.length;
  const std::vector<Range> ranges = holds_escapable_raw_text(node->parent)
                                        ? std::vector<Range>{{begin, end}}
                                        : character_data(html, begin, end);
  for (const Range& range : ranges) {
    const std::string_view raw = html.substr(range.begin, range.end - range.begin);
    const std::string whole = ranges.size() == 1 ? std::string(node->v.text.text) : decoded(raw);
    const std::string_view text = trimmed(whole);
    if (is_blank(text)) continue;
    const std::string_view raw_text = trimmed(raw);
    const size_t raw_begin = raw_text.data() - html.data();
    pieces.push_back({{raw_begin, raw_begin + raw_text.size()},
                      keep_whitespace ? std::string(text) : collapse_whitespace(text)});
  }
}

// All translatable pieces of the tree, in no particular order. Iterative, so
// deep nesting cannot overflow the stack.
std::vector<Piece> translatable_pieces(std::string_view html, const GumboNode* root) {
  struct Frame {
    const GumboNode* node;
    bool translate, keep_whitespace;
  };
  std::vector<Piece> pieces;
  std::vector<Frame> stack = {{root, true, false}};
  while (!stack.empty()) {
    const Frame frame = stack.back();
    stack.pop_back();
    const GumboNode* node = frame.node;
    if (node->type == GUMBO_NODE_TEXT) {
      if (frame.translate) add_pieces(html, node, frame.keep_whitespace, pieces);
    } else if (node->type == GUMBO_NODE_ELEMENT || node->type == GUMBO_NODE_TEMPLATE) {
      const GumboElement& element = node->v.element;
      const bool translate = translates(element, frame.translate);
      const bool keep_whitespace = frame.keep_whitespace || keeps_whitespace(element);
      for (size_t i = 0; i < element.children.length; ++i) {
        stack.push_back({static_cast<const GumboNode*>(element.children.data[i]), translate, keep_whitespace});
      }
    }
  }
  return pieces;
}

bool is_tag_name_end(char c) { return is_html_space(c) || c == '/' || c == '>'; }

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (auto& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool one_of(const std::string& name, std::initializer_list<const char*> names) {
  for (const char* n : names) {
    if (name == n) return true;
  }
  return false;
}

// Elements that never nest: void elements and those whose end tag HTML may
// omit (the next such start tag closes them).
bool never_deepens(const std::string& name) {
  return one_of(name, {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
                       "track", "wbr", "keygen", "p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th",
                       "tbody", "thead", "tfoot", "colgroup", "caption", "rt", "rp", "rb", "rtc", "html", "head",
                       "body"});
}

// Elements whose content is text up to their own end tag.
bool is_raw_text(const std::string& name) {
  return one_of(name, {"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"});
}

// Case-insensitive search for "</name" from `from`; npos when absent.
size_t find_end_tag(std::string_view html, size_t from, const std::string& name) {
  for (size_t at = html.find("</", from); at != std::string_view::npos; at = html.find("</", at + 2)) {
    if (at + 2 + name.size() <= html.size() && lower_ascii(html.substr(at + 2, name.size())) == name &&
        (at + 2 + name.size() == html.size() || is_tag_name_end(html[at + 2 + name.size()]))) {
      return at;
    }
  }
  return std::string_view::npos;
}

// Elements that sit inside a line of text: a sentence goes on across them.
bool is_inline(const std::string& name) {
  return one_of(name, {"a", "abbr", "b", "bdi", "bdo", "big", "br", "cite", "data", "del", "dfn", "em", "font", "i",
                       "img", "ins", "label", "mark", "q", "s", "small", "span", "strike", "strong", "sub", "sup",
                       "time", "tt", "u", "wbr"});
}

// What lies between two texts: whether only whitespace and inline tags (so
// the texts are one sentence), and whether any whitespace.
struct Gap {
  bool inline_only = true, spaced = false;
};

Gap gap_between(std::string_view html, size_t begin, size_t end) {
  Gap gap;
  size_t i = begin;
  while (i < end && gap.inline_only) {
    if (is_html_space(html[i])) {
      gap.spaced = true;
      ++i;
      continue;
    }
    const size_t after = html[i] == '<' ? markup_end(html, i, end) : i;
    if (after == i || html.compare(i, 4, "<!--") == 0) {
      gap.inline_only = html.compare(i, 4, "<!--") == 0;  // other text, or markup that is not a tag
      i = after == i ? i + 1 : after;
      continue;
    }
    const size_t name_at = i + (html[i + 1] == '/' ? 2 : 1);
    size_t name_end = name_at;
    while (name_end < after && !is_tag_name_end(html[name_end])) ++name_end;
    const std::string name = lower_ascii(html.substr(name_at, name_end - name_at));
    gap.inline_only = is_inline(name);
    if (name == "br") gap.spaced = true;  // a line break separates words
    i = after;
  }
  return gap;
}

}  // namespace

void append_html_escaped(std::string& out, std::string_view text) {
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      default: out += c;
    }
  }
}

HtmlShape measure_html(std::string_view html) {
  HtmlShape shape;
  int64_t depth = 0;
  size_t i = 0;
  const size_t n = html.size();
  while ((i = html.find('<', i)) != std::string_view::npos) {
    if (html.compare(i, 4, "<!--") == 0) {  // a comment
      const size_t end = html.find("-->", i + 4);
      if (end == std::string_view::npos) break;
      i = end + 3;
      continue;
    }
    const bool closing = i + 1 < n && html[i + 1] == '/';
    const size_t name_at = i + (closing ? 2 : 1);
    if (name_at >= n || !is_ascii_letter(html[name_at])) {  // "<!DOCTYPE", "<?", a bare "<": no element
      i = name_at;
      continue;
    }
    size_t name_end = name_at;
    while (name_end < n && !is_tag_name_end(html[name_end])) ++name_end;
    const std::string name = lower_ascii(html.substr(name_at, name_end - name_at));
    // The tag ends at the first '>' outside a quoted attribute value.
    size_t end = name_end;
    char quote = 0;
    for (; end < n; ++end) {
      const char c = html[end];
      if (quote) {
        if (c == quote) quote = 0;
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '>') {
        break;
      }
    }
    if (end >= n) break;  // an unfinished tag is text
    i = end + 1;
    if (closing) {
      if (!never_deepens(name) && depth > 0) --depth;
      continue;
    }
    ++shape.elements;
    const bool self_closed = html[end - 1] == '/';
    if (is_raw_text(name)) {
      const size_t close = find_end_tag(html, i, name);
      if (close == std::string_view::npos) break;
      i = close;
      continue;
    }
    if (!self_closed && !never_deepens(name)) shape.depth = std::max(shape.depth, ++depth);
  }
  return shape;
}

HtmlText::HtmlText(std::string html) : html_(std::move(html)) {
  const size_t invalid = text::find_invalid_utf8(html_);
  NMT_CHECK(invalid == std::string_view::npos, "invalid UTF-8 in the HTML at byte " << invalid);
  const ParsedHtml output = parse(html_);
  std::vector<Piece> pieces = translatable_pieces(html_, output->root);
  // Input order, which is the order of the tree except for text a table
  // pushes out in front of itself.
  std::sort(pieces.begin(), pieces.end(), [](const Piece& a, const Piece& b) { return a.raw.begin < b.raw.begin; });
  for (Piece& piece : pieces) {
    if (!spans_.empty() && piece.raw.begin < spans_.back().end) continue;  // never seen; keeps render sound
    spans_.push_back({piece.raw.begin, piece.raw.end});
    texts_.push_back(std::move(piece.text));
  }
  bool run_goes_on = false;
  for (size_t i = 0; i < spans_.size(); ++i) {
    if (!run_goes_on) runs_.push_back({});
    runs_.back().push_back(i);
    const Gap gap = i + 1 < spans_.size() ? gap_between(html_, spans_[i].end, spans_[i + 1].begin) : Gap{false, false};
    spaced_after_.push_back(gap.spaced);
    run_goes_on = gap.inline_only;
  }
}

std::vector<Pieces> HtmlText::run_pieces() const {
  std::vector<Pieces> out;
  for (const auto& run : runs_) {
    Pieces pieces;
    for (size_t k = 0; k < run.size(); ++k) {
      const size_t i = run[k];
      pieces.push_back(texts_[i] + (k + 1 < run.size() && spaced_after_[i] ? " " : ""));
    }
    out.push_back(std::move(pieces));
  }
  return out;
}

std::vector<std::string> HtmlText::texts_of(const std::vector<Pieces>& pieces) const {
  NMT_CHECK(pieces.size() == runs_.size(),
            "the HTML has " << runs_.size() << " runs of text but " << pieces.size() << " were given");
  std::vector<std::string> out;
  for (size_t r = 0; r < runs_.size(); ++r) {
    NMT_CHECK(pieces[r].size() == runs_[r].size(), "run " << r << " of the HTML has " << runs_[r].size()
                                                          << " texts but " << pieces[r].size() << " were given");
    // Whitespace the input has between two texts stays in the input; a
    // space the translation puts where the input has none is kept.
    for (size_t k = 0; k < pieces[r].size(); ++k) {
      const size_t i = runs_[r][k];
      std::string_view text = pieces[r][k];
      const Trimmed t = trim(text);
      if (k == 0 || spaced_after_[i - 1]) text.remove_prefix(t.lead);
      if (k + 1 == pieces[r].size() || spaced_after_[i]) text.remove_suffix(std::min(t.trail, text.size()));
      out.emplace_back(text);
    }
  }
  return out;
}

std::string HtmlText::render(const std::vector<std::string>& translations) const {
  NMT_CHECK(translations.size() == texts_.size(),
            "the HTML has " << texts_.size() << " texts to translate but " << translations.size()
                            << " translations were given");
  std::string out;
  out.reserve(html_.size());
  size_t copied = 0;
  for (size_t i = 0; i < spans_.size(); ++i) {
    out.append(html_, copied, spans_[i].begin - copied);
    append_html_escaped(out, translations[i]);
    copied = spans_[i].end;
  }
  out.append(html_, copied, std::string::npos);
  return out;
}

}  // namespace nmt::document
