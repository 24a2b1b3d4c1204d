// TMX (Translation Memory eXchange) through pugixml; the format's rules are in
// pair_reader.h.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>

#include <pugixml.hpp>

#include "nmt/common/error.h"
#include "nmt/data/corpus_formats.h"
#include "nmt/text/line_reader.h"
#include "nmt/text/utf8.h"

namespace nmt::data {

namespace {

// "en" matches "en", "EN-gb", "en_US"; not "eng".
bool language_matches(const char* code, const std::string& wanted) {
  const size_t length = std::strlen(code);
  if (length < wanted.size()) return false;
  for (size_t i = 0; i < wanted.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(code[i])) != std::tolower(static_cast<unsigned char>(wanted[i]))) {
      return false;
    }
  }
  return length == wanted.size() || code[wanted.size()] == '-' || code[wanted.size()] == '_';
}

const char* language_of(const pugi::xml_node& tuv) {
  const pugi::xml_attribute lang = tuv.attribute("xml:lang");
  return lang ? lang.value() : tuv.attribute("lang").value();  // TMX 1.1 says lang
}

// Placeholders for the formatting codes of the original document: not text.
bool is_native_code(const char* element) {
  for (const char* name : {"ph", "bpt", "ept", "it", "ut"}) {
    if (std::strcmp(element, name) == 0) return true;
  }
  return false;
}

void append_text(const pugi::xml_node& node, std::string& out) {
  for (const pugi::xml_node& child : node.children()) {
    if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) {
      out += child.value();
    } else if (child.type() == pugi::node_element && !is_native_code(child.name())) {
      append_text(child, out);  // <hi>, <sub> and unknown markup keep their text
    }
  }
}

// Runs of XML whitespace become one space; none at either end.
std::string collapse_whitespace(const std::string& text) {
  std::string out;
  bool pending_space = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      pending_space = !out.empty();
    } else {
      if (pending_space) out += ' ';
      pending_space = false;
      out += c;
    }
  }
  return out;
}

std::string segment_text(const pugi::xml_node& tuv) {
  std::string text;
  append_text(tuv.child("seg"), text);
  return collapse_whitespace(text);
}

class TmxReader : public PairReader {
 public:
  TmxReader(const std::string& path, const std::string& src_lang, const std::string& tgt_lang, bool check_utf8)
      : path_(path), src_lang_(src_lang), tgt_lang_(tgt_lang), check_utf8_(check_utf8) {
    NMT_CHECK(!src_lang.empty() && !tgt_lang.empty(),
              path << " is TMX: give the source and target languages (xml:lang codes such as en, es)");
    parse(text::read_file(path));
    const pugi::xml_node body = document_.child("tmx").child("body");
    NMT_CHECK(body, path << ": not a TMX document (expected <tmx><body>)");
    tu_ = body.child("tu");
  }

  bool next(SentencePair& pair) override {
    for (; tu_; tu_ = tu_.next_sibling("tu")) {
      ++tu_number_;
      const pugi::xml_node src = find_tuv(src_lang_), tgt = find_tuv(tgt_lang_);
      if (!src || !tgt) {
        ++skipped_;
        continue;
      }
      pair.src = segment_text(src);
      pair.tgt = segment_text(tgt);
      if (check_utf8_) {
        check_utf8(pair.src, "source");
        check_utf8(pair.tgt, "target");
      }
      tu_ = tu_.next_sibling("tu");
      ++pairs_;
      return true;
    }
    NMT_CHECK(pairs_ > 0 || tu_number_ == 0,
              path_ << ": no <tu> has both languages '" << src_lang_ << "' and '" << tgt_lang_
                    << "'; languages found: " << languages_found());
    return false;
  }

  std::string location() const override { return path_ + ": <tu> " + std::to_string(tu_number_); }
  int64_t skipped() const override { return skipped_; }

 private:
  void parse(const std::string& bytes) {
    // ws_pcdata keeps the space in "<hi>a</hi> <hi>b</hi>".
    const pugi::xml_parse_result result = document_.load_buffer(
        bytes.data(), bytes.size(), pugi::parse_default | pugi::parse_ws_pcdata, pugi::encoding_auto);
    if (result) return;
    const size_t offset = std::min(static_cast<size_t>(std::max<ptrdiff_t>(result.offset, 0)), bytes.size());
    const int64_t line = 1 + std::count(bytes.begin(), bytes.begin() + static_cast<ptrdiff_t>(offset), '\n');
    NMT_FAIL(path_ << ":" << line << ": XML error: " << result.description() << " (byte " << offset + 1 << ")");
  }

  pugi::xml_node find_tuv(const std::string& language) const {
    for (const pugi::xml_node& tuv : tu_.children("tuv")) {
      if (language_matches(language_of(tuv), language)) return tuv;
    }
    return {};
  }

  void check_utf8(const std::string& segment, const char* side) const {
    const size_t bad = text::find_invalid_utf8(segment);
    NMT_CHECK(bad == std::string::npos,
              location() << ": invalid UTF-8 at byte " << bad + 1 << " of the " << side << " segment");
  }

  std::string languages_found() const {
    std::set<std::string> found;
    for (const pugi::xml_node& tu : document_.child("tmx").child("body").children("tu")) {
      for (const pugi::xml_node& tuv : tu.children("tuv")) found.insert(language_of(tuv));
      if (found.size() > 20) break;
    }
    std::string list;
    for (const std::string& language : found) list += (list.empty() ? "" : ", ") + language;
    return list;
  }

  std::string path_, src_lang_, tgt_lang_;
  bool check_utf8_;
  pugi::xml_document document_;
  pugi::xml_node tu_;  // the next <tu> to look at
  int64_t tu_number_ = 0, pairs_ = 0, skipped_ = 0;
};

}  // namespace

std::unique_ptr<PairReader> open_tmx(const std::string& path, const std::string& src_lang,
                                     const std::string& tgt_lang, bool check_utf8) {
  return std::make_unique<TmxReader>(path, src_lang, tgt_lang, check_utf8);
}

}  // namespace nmt::data
