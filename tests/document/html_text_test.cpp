// HtmlText on hand-written documents: the texts handed out, and the exact
// bytes that come back, written out by hand.
#include "nmt/document/html_text.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "error_message.h"

namespace nmt::document {
namespace {

using Texts = std::vector<std::string>;

TEST(HtmlText, NestedInlineTagsGiveOneTextPerRun) {
  const HtmlText html("<p>Hello <b>world</b>!</p>");
  EXPECT_EQ(html.texts(), (Texts{"Hello", "world", "!"}));
  EXPECT_EQ(html.render({"Hola", "mundo", "¡"}), "<p>Hola <b>mundo</b>¡</p>");
}

TEST(HtmlText, TextsThatOnlyInlineTagsSeparateAreOneRun) {
  const HtmlText html("<h1>Title</h1><p>Read <a href=\"x\">the <b>guide</b></a>, then<br>go on.</p><p>Next</p>"
                      "<p>Run <code>make</code> now</p>");
  EXPECT_EQ(html.texts(), (Texts{"Title", "Read", "the", "guide", ", then", "go on.", "Next", "Run", "now"}));
  EXPECT_EQ(html.runs(), (std::vector<std::vector<size_t>>{{0}, {1, 2, 3, 4, 5}, {6}, {7}, {8}}));
  // A space where the input has whitespace (or <br>) between two texts.
  EXPECT_EQ(html.run_pieces()[1], (Pieces{"Read ", "the ", "guide", ", then ", "go on."}));
  auto pieces = html.run_pieces();
  pieces[1] = {"Lee ", "la ", "guía", ", luego ", "sigue."};
  EXPECT_EQ(html.render(html.texts_of(pieces)),
            "<h1>Title</h1><p>Lee <a href=\"x\">la <b>guía</b></a>, luego<br>sigue.</p><p>Next</p>"
            "<p>Run <code>make</code> now</p>");
}

TEST(HtmlText, KeepsMarkupCommentsAndAttributesByteForByte) {
  const std::string input =
      "<!DOCTYPE html>\n"
      "<HTML lang='en'><head><meta charset=\"utf-8\"><title>My page</title></head>\n"
      "<body class = \"main\" >\n"
      "  <!-- a comment with <b>tags</b> and words -->\n"
      "  <p id=intro data-x=\"a &amp; b > c\">  First line.<br/>Second  </p>\n"
      "  <img alt=\"A cat\" src=cat.png>\n"
      "</body></HTML>\n";
  const HtmlText html(input);
  EXPECT_EQ(html.texts(), (Texts{"My page", "First line.", "Second"}));
  EXPECT_EQ(html.render({"T1", "T2", "T3"}),
            "<!DOCTYPE html>\n"
            "<HTML lang='en'><head><meta charset=\"utf-8\"><title>T1</title></head>\n"
            "<body class = \"main\" >\n"
            "  <!-- a comment with <b>tags</b> and words -->\n"
            "  <p id=intro data-x=\"a &amp; b > c\">  T2<br/>T3  </p>\n"
            "  <img alt=\"A cat\" src=cat.png>\n"
            "</body></HTML>\n");
}

TEST(HtmlText, DecodesEntitiesInTextsAndEscapesTranslations) {
  const HtmlText html("<p>Tom &amp; Jerry &lt;3 &copy; 2020&nbsp;&#33;</p>");
  EXPECT_EQ(html.texts(), (Texts{"Tom & Jerry <3 \xC2\xA9 2020\xC2\xA0!"}));
  EXPECT_EQ(html.render({"A & B <c> \"d\" 'e'"}), "<p>A &amp; B &lt;c&gt; \"d\" 'e'</p>");
}

TEST(HtmlText, RenderOfItsOwnTextsChangesOnlyEscapesAndWhitespaceRuns) {
  const HtmlText html(
      "<p>Fish &amp; chips &#x263A; &quot;x&quot;</p>\n"
      "<div>\n  Two\n  lines  of\ttext\n</div>");
  EXPECT_EQ(html.texts(), (Texts{"Fish & chips \xE2\x98\xBA \"x\"", "Two lines of text"}));
  EXPECT_EQ(html.render(html.texts()),
            "<p>Fish &amp; chips \xE2\x98\xBA \"x\"</p>\n"
            "<div>\n  Two lines of text\n</div>");
}

TEST(HtmlText, SkipsScriptStyleCodeAndTranslateNo) {
  const std::string input =
      "<style>p { color: red }</style><script>var s = \"<b>x</b>\";</script>"
      "<p>Run <code>ls -l</code> now, <kbd>Ctrl</kbd>.</p>"
      "<p translate=\"no\">Acme <span translate=\"yes\">sells</span> <i>Widgets</i></p>"
      "<pre><code>int x;</code></pre>";
  const HtmlText html(input);
  EXPECT_EQ(html.texts(), (Texts{"Run", "now,", ".", "sells"}));
  EXPECT_EQ(html.render({"A", "B", "C", "D"}),
            "<style>p { color: red }</style><script>var s = \"<b>x</b>\";</script>"
            "<p>A <code>ls -l</code> B <kbd>Ctrl</kbd>C</p>"
            "<p translate=\"no\">Acme <span translate=\"yes\">D</span> <i>Widgets</i></p>"
            "<pre><code>int x;</code></pre>");
}

TEST(HtmlText, SkipsTextOfOnlyWhitespaceAndNoBreakSpaces) {
  const std::string input = "<table><tr><td>&nbsp;</td> <td> \n </td><td>\xC2\xA0 </td></tr></table>";
  const HtmlText html(input);
  EXPECT_TRUE(html.texts().empty());
  EXPECT_EQ(html.render({}), input);
}

TEST(HtmlText, KeepsStrayTagsThatGumboMergesIntoText) {
  // Gumbo ignores the unmatched end tags and the late </html> and makes one
  // text node across each of them.
  const HtmlText html("Hello</span> big world</div><p>x</p></body>tail</html>\n");
  EXPECT_EQ(html.texts(), (Texts{"Hello", "big world", "x", "tail"}));
  EXPECT_EQ(html.render({"Hola", "gran mundo", "y", "cola &"}),
            "Hola</span> gran mundo</div><p>y</p></body>cola &amp;</html>\n");
}

TEST(HtmlText, StrayTagWithQuotedGreaterThanStaysWhole) {
  const HtmlText html("One<html title=\"a>b\">two &amp; three");
  EXPECT_EQ(html.texts(), (Texts{"One", "two & three"}));
  EXPECT_EQ(html.render({"1", "2 & 3"}), "1<html title=\"a>b\">2 &amp; 3");
}

TEST(HtmlText, TextThatATableMovesOutComesInInputOrder) {
  // The tree has "Caption" before the table; the input has it inside.
  const HtmlText html("<table>Caption<tr><td>Cell</td></tr></table>");
  EXPECT_EQ(html.texts(), (Texts{"Caption", "Cell"}));
  EXPECT_EQ(html.render({"Leyenda", "Celda"}), "<table>Leyenda<tr><td>Celda</td></tr></table>");
}

TEST(HtmlText, PreAndTextareaKeepTheirWhitespace) {
  const HtmlText html("<pre>\n  line one\n  line two\n</pre><textarea>a  b</textarea><p>a  b</p>");
  EXPECT_EQ(html.texts(), (Texts{"line one\n  line two", "a  b", "a b"}));
}

TEST(HtmlText, LessThanInTitleIsText) {
  const HtmlText html("<title>a<b &amp; c</title>");
  EXPECT_EQ(html.texts(), (Texts{"a<b & c"}));
  EXPECT_EQ(html.render({"c<d"}), "<title>c&lt;d</title>");
}

TEST(HtmlText, PlainTextWithoutMarkupIsOneText) {
  const HtmlText html("  Just a sentence.\n");
  EXPECT_EQ(html.texts(), (Texts{"Just a sentence."}));
  EXPECT_EQ(html.render({"Solo una frase."}), "  Solo una frase.\n");
}

TEST(HtmlText, RejectsInvalidUtf8WithItsByte) {
  EXPECT_EQ(testing::error_message([] { HtmlText("<p>ab\xC3</p>"); }), "invalid UTF-8 in the HTML at byte 5");
}

TEST(HtmlText, RenderRefusesAWrongNumberOfTranslations) {
  const HtmlText html("<p>one</p><p>two</p>");
  EXPECT_EQ(testing::error_message([&] { html.render({"uno"}); }),
            "the HTML has 2 texts to translate but 1 translations were given");
}

// measure_html against what gumbo builds: nested elements deepen, elements
// that close themselves or each other do not, and markup inside comments and
// raw text is not markup.
TEST(HtmlShape, CountsElementsAndTheDeepestNesting) {
  auto shape = [](const std::string& html) {
    const auto s = measure_html(html);
    return std::make_pair(s.elements, s.depth);
  };
  using P = std::pair<int64_t, int64_t>;
  EXPECT_EQ(shape("plain text"), (P{0, 0}));
  EXPECT_EQ(shape("<div><div><span>a</span></div></div>"), (P{3, 3}));
  EXPECT_EQ(shape("<DIV><Div>a</DIV></div>"), (P{2, 2}));
  EXPECT_EQ(shape("<div><div><div>"), (P{3, 3}));  // left open: gumbo keeps them open
  EXPECT_EQ(shape("<p>a<p>b<p>c<br><img src=x><hr/>"), (P{6, 0}));
  EXPECT_EQ(shape("<ul><li>a<li>b</ul><table><tr><td>x<td>y</table>"), (P{7, 1}));
  EXPECT_EQ(shape("<span/><b/>"), (P{2, 0}));
  EXPECT_EQ(shape("<!-- <div><div> --><!DOCTYPE html><div>"), (P{1, 1}));
  EXPECT_EQ(shape("<script>if (a<b) { x = '<div><div>'; }</script><div>"), (P{2, 1}));
  EXPECT_EQ(shape("<textarea><div><div></TEXTAREA ><div>"), (P{2, 1}));
  EXPECT_EQ(shape("<a title='x > y'><b title=\"<i>\">t</b></a>"), (P{2, 2}));
  EXPECT_EQ(shape("a < b and <3"), (P{0, 0}));
  EXPECT_EQ(shape("</div></div><div>"), (P{1, 1}));
}

}  // namespace
}  // namespace nmt::document
