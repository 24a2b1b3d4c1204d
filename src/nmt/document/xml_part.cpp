// The paragraphs of an XML part (Office Open XML, OpenDocument, EPUB's
// table of contents), read and written with pugixml. pugixml expands only
// XML's five entities and character references, never a DTD's, so an
// entity bomb stays a few bytes; the tree is walked without recursion.
#include <pugixml.hpp>

#include <algorithm>
#include <memory>
#include <sstream>
#include <utility>

#include "nmt/document/segments.h"

namespace nmt::document {
namespace {

bool named(const pugi::xml_node& node, const std::vector<std::string>& names) {
  return node.type() == pugi::node_element &&
         std::find(names.begin(), names.end(), node.name()) != names.end();
}

// Elements named as paragraphs, in document order (outer before inner).
std::vector<pugi::xml_node> paragraphs_of(const pugi::xml_document& doc, const XmlRules& rules,
                                          const std::string& name, int64_t max_depth) {
  std::vector<pugi::xml_node> out;
  std::vector<std::pair<pugi::xml_node, int64_t>> stack{{doc, 0}};
  while (!stack.empty()) {
    auto [node, depth] = stack.back();
    stack.pop_back();
    NMT_CHECK(depth <= max_depth, name << ": elements nest deeper than " << max_depth << " levels");
    if (named(node, rules.paragraphs)) out.push_back(node);
    if (named(node, rules.skipped)) continue;
    for (auto child = node.last_child(); child; child = child.previous_sibling()) stack.push_back({child, depth + 1});
  }
  return out;
}

// The character data of one paragraph, not of the paragraphs inside it; a
// break element is an empty node (a space between the pieces, written back as it was).
std::vector<pugi::xml_node> text_nodes_of(const pugi::xml_node& paragraph, const XmlRules& rules) {
  std::vector<pugi::xml_node> out;
  std::vector<pugi::xml_node> stack;
  for (auto child = paragraph.last_child(); child; child = child.previous_sibling()) stack.push_back(child);
  while (!stack.empty()) {
    const auto node = stack.back();
    stack.pop_back();
    if (node.type() == pugi::node_pcdata || node.type() == pugi::node_cdata) {
      if (rules.holders.empty() || named(node.parent(), rules.holders)) out.push_back(node);
      continue;
    }
    if (named(node, rules.breaks)) {
      if (!out.empty() && out.back()) out.push_back(pugi::xml_node());
      continue;
    }
    if (named(node, rules.paragraphs) || named(node, rules.skipped)) continue;
    for (auto child = node.last_child(); child; child = child.previous_sibling()) stack.push_back(child);
  }
  return out;
}

}  // namespace

Segments read_xml_part(const std::string& xml, const XmlRules& rules, const std::string& name,
                       const DocumentLimits& limits) {
  check_utf8(xml, name);
  auto doc = std::make_shared<pugi::xml_document>();
  const unsigned flags = pugi::parse_default | pugi::parse_ws_pcdata | pugi::parse_declaration |
                         pugi::parse_doctype | pugi::parse_comments | pugi::parse_pi;
  const auto parsed = doc->load_buffer(xml.data(), xml.size(), flags, pugi::encoding_utf8);
  NMT_CHECK(parsed, name << ": malformed XML at byte " << parsed.offset << " (" << parsed.description() << ")");

  auto nodes = std::make_shared<std::vector<std::vector<pugi::xml_node>>>();
  Segments out;
  for (const auto& paragraph : paragraphs_of(*doc, rules, name, limits.xml_max_depth)) {
    auto texts = text_nodes_of(paragraph, rules);
    while (!texts.empty() && !texts.back()) texts.pop_back();  // a break after the last text separates nothing
    if (texts.empty()) continue;
    Pieces pieces;
    for (const auto& node : texts) pieces.emplace_back(node ? node.value() : " ");
    out.segments.push_back(std::move(pieces));
    nodes->push_back(std::move(texts));
  }
  out.render = [doc, nodes, rules](const std::vector<Pieces>& translated) {
    for (size_t s = 0; s < nodes->size(); ++s) {
      for (size_t p = 0; p < (*nodes)[s].size(); ++p) {
        auto node = (*nodes)[s][p];
        if (!node) continue;  // a break
        const std::string& text = translated[s][p];
        node.set_value(text.c_str());
        const Trimmed t = trim(text);
        if (rules.mark_preserved_space && (t.lead > 0 || t.trail > 0)) {
          auto holder = node.parent();
          if (!holder.attribute("xml:space")) holder.append_attribute("xml:space");
          holder.attribute("xml:space").set_value("preserve");
        }
      }
    }
    std::ostringstream bytes;
    doc->save(bytes, "", pugi::format_raw | pugi::format_no_declaration, pugi::encoding_utf8);
    return bytes.str();
  };
  return out;
}

}  // namespace nmt::document
