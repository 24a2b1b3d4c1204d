// Protected spans: what each kind finds (and leaves), how a sentence is
// prepared for the search (kept verbatim, or a marker both vocabularies
// write), and how markers come back.
#include "nmt/decode/terms.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "nmt/text/sentence_splitter.h"
#include "nmt/text/vocab.h"
#include "text/test_support.h"

namespace nmt::decode {
namespace {

using ::nmt::testing::english_vocab;
using ::nmt::testing::error_message;
using ::nmt::testing::TempDir;
using ::nmt::testing::write_file;

std::vector<std::string> spans(const std::string& text, const std::string& kinds, const std::string& pattern = "") {
  auto options = parse_protect_kinds(kinds);
  options.pattern = pattern;
  std::vector<std::string> out;
  for (const auto& s : SpanFinder(options).find(text)) out.push_back(text.substr(s.begin, s.end - s.begin));
  return out;
}

using Strings = std::vector<std::string>;

TEST(ProtectedSpans, EachKindFindsItsSpans) {
  EXPECT_EQ(spans("Hello {{name}}, you have {{ count }} new {{x", "placeholders"), (Strings{"{{name}}", "{{ count }}"}));
  EXPECT_EQ(spans("See https://example.com/a?b=1. Or (www.example.org/x_(y)), http://a.b/c\" and xhttp://no",
                  "urls"),
            (Strings{"https://example.com/a?b=1", "www.example.org/x_(y)", "http://a.b/c"}));
  EXPECT_EQ(spans("Write to jane.doe+nmt@mail.example.com. Not @home, not a@b, not x@y.z", "emails"),
            (Strings{"jane.doe+nmt@mail.example.com"}));
  EXPECT_EQ(spans("In 1999, 3.5% of 1,000.25 people; not A4 or 7b.", "numbers"), (Strings{"1999", "3.5", "1,000.25"}));
  EXPECT_EQ(spans("Press %s then %d.", "none", "%[sd]"), (Strings{"%s", "%d"}));
  // Software strings: identifiers, variables, formats; plain words stay
  // (even capitalised, even "Hello World"), and so do a percentage and "e.g.".
  EXPECT_EQ(spans("Call gtk_recent_manager_get_items() or show() on a GtkWidget, e.g. startDoc in "
                  "$XDG_DATA_DIR/${HOME}; Hello World, 50% of %s, %5.2f and %1$d at {0} and {name}, not {a b}",
                  "code"),
            (Strings{"gtk_recent_manager_get_items()", "show()", "GtkWidget", "startDoc", "$XDG_DATA_DIR", "${HOME}",
                     "%s", "%5.2f", "%1$d", "{0}", "{name}"}));
  EXPECT_TRUE(spans("The Lord is my shepherd; I shall not want. McDonald", "code") == Strings{"McDonald"});
  EXPECT_TRUE(spans("Delete all selected items permanently (50 % done)", "code").empty());
  // Overlaps: the earliest span, then the longest.
  EXPECT_EQ(spans("Go to https://x.org/{{page}}/1 now", "all"), (Strings{"https://x.org/{{page}}/1"}));
  EXPECT_EQ(spans("Mail a.b@example.com about {{x}} at https://x.org/a", "all"),
            (Strings{"a.b@example.com", "{{x}}", "https://x.org/a"}))
      << "each kind whatever the others found";
  EXPECT_TRUE(spans("https://x.org and {{a}}", "none").empty());
}

TEST(ProtectedSpans, NoSentenceEndsInsideASpan) {
  const std::string text = "See https://x.org/a?b=1 now. Next one? Yes.";
  auto split = text::split_sentences(text, "en");
  ASSERT_EQ(split.sentences.size(), 4u) << "ICU ends a sentence at the URL's '?'";
  keep_spans_whole(split, text, SpanFinder(parse_protect_kinds("urls")));
  EXPECT_EQ(split.sentences, (Strings{"See https://x.org/a?b=1 now.", "Next one?", "Yes."}));
  EXPECT_EQ(text::join_sentences(split, split.sentences), text);
}

TEST(ProtectedSpans, BadKindsAndPatterns_AreErrorsNamingThem) {
  EXPECT_EQ(error_message([] { parse_protect_kinds("urls,phones"); }),
            "unknown kind of protected span 'phones' (expected placeholders ({{...}}), urls, emails, numbers, code "
            "(identifiers such as gtk_widget_show() or GtkWidget, $VARIABLES, %s, {0}), all or none)");
  ProtectOptions bad;
  bad.pattern = "([a-z";
  const auto message = error_message([&] { SpanFinder finder(bad); });
  EXPECT_EQ(message.rfind("the protected pattern '([a-z' is not a regular expression: ", 0), 0u) << message;
}

// The English lines and a few with digits, brackets and a URL's characters
// (the Bible's first lines have none).
const text::Vocab& vocab_with_digits() {
  static const text::Vocab vocab = [] {
    TempDir dir;
    auto lines = ::nmt::testing::english_lines();
    for (int i = 0; i < 20; ++i)
      lines.push_back("Page " + std::to_string(i * 37) + " of [1] <2> #3 (4) {5} see https://example.com/a?b=1 now.");
    write_file(dir.file("train.txt"), ::nmt::testing::join_lines(lines));
    text::VocabOptions options;
    options.inputs = {dir.file("train.txt")};
    options.size = 320;
    options.threads = 1;
    return text::Vocab::load(text::train_vocab(options, dir.file("vocab")));
  }();
  return vocab;
}

TEST(ProtectedSpans, ShortSpansStayLongOnesBecomeMarkers_RestoredVerbatim) {
  const auto& vocab = vocab_with_digits();
  const SpanProtector protector(parse_protect_kinds("all"), vocab, vocab);
  PreparedSentence p;
  p.text = "And 12 men went to https://example.com/jerusalem/temple?day=7 at once.";
  protector.protect(p);
  ASSERT_EQ(p.markers.size(), 1u) << p.text;
  const auto& [marker, span] = p.markers[0];
  EXPECT_EQ(span, "https://example.com/jerusalem/temple?day=7");
  EXPECT_EQ(p.text, "And 12 men went to " + marker + " at once.");
  ASSERT_EQ(p.constraints.include.size(), 2u);
  EXPECT_EQ(p.constraints.include[0].text, "12") << "a short span stays and must be written as it is";
  EXPECT_EQ(p.constraints.include[1].text, marker);
  EXPECT_EQ(p.constraints.include[1].spellings.front(), vocab.encode(marker));
  for (const auto& spelling : p.constraints.include[1].spellings) {
    EXPECT_EQ(vocab.piece(spelling.front()).rfind("\xe2\x96\x81", 0), 0u) << "a marker is a word of its own";
  }
  EXPECT_EQ(restore_spans("Y 12 hombres fueron a " + marker + " enseguida.", p),
            "Y 12 hombres fueron a https://example.com/jerusalem/temple?day=7 enseguida.");
  EXPECT_EQ(restore_spans("Y 12 hombres fueron.", p), "Y 12 hombres fueron. https://example.com/jerusalem/temple?day=7")
      << "a marker the search could not fit: the span is appended, never lost";
  // The glossary's terms and the spans together.
  auto glossary = std::make_shared<Glossary>(Glossary::parse("men\tpeople\n", "g", vocab, false));
  const Terminology terms{glossary, std::make_shared<SpanProtector>(parse_protect_kinds("numbers"), vocab, vocab)};
  const auto both = terms.prepare("And 12 men went.");
  ASSERT_EQ(both.constraints.include.size(), 2u);
  EXPECT_EQ(both.constraints.include[0].text, "people");
  EXPECT_EQ(both.constraints.include[1].text, "12");
  EXPECT_TRUE(terms.prepare("Nothing here.").constraints.empty());
  // A sentence crowded with terms keeps the first 16.
  std::string entries, sentence;
  for (int i = 0; i < 20; ++i) {
    const std::string word(1, static_cast<char>('a' + i));
    entries += "w" + word + "\t" + word + "\n";
    sentence += "w" + word + " ";
  }
  const Terminology crowded{std::make_shared<Glossary>(Glossary::parse(entries, "g", vocab, false)), nullptr};
  const auto kept = crowded.prepare(sentence).constraints.include;
  ASSERT_EQ(kept.size(), kMaxSentencePhrases);
  EXPECT_EQ(kept.front().text, "a");
}

// A vocabulary without digits or brackets (the Bible's English) still
// gets a marker it can write for a span it cannot.
TEST(ProtectedSpans, VocabularyWithoutDigits_LetterMarkers) {
  const auto& vocab = english_vocab();
  const SpanProtector protector(parse_protect_kinds("urls"), vocab, vocab);
  PreparedSentence p;
  p.text = "Go to https://example.com/x now.";
  protector.protect(p);
  ASSERT_EQ(p.markers.size(), 1u) << p.text;
  EXPECT_EQ(p.markers[0].first, "ZKA") << "the Bible's first lines have no X or Q, but Z and K";
  EXPECT_EQ(p.text, "Go to ZKA now.");
  EXPECT_EQ(restore_spans("Ve a ZKA ahora.", p), "Ve a https://example.com/x ahora.");
}

}  // namespace
}  // namespace nmt::decode
