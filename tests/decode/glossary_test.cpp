// Glossaries (source terms found in a sentence) and the spellings of their
// target terms in a real (small) SentencePiece vocabulary.
#include "nmt/decode/glossary.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "nmt/text/vocab.h"
#include "text/test_support.h"

namespace nmt::decode {
namespace {

using ::nmt::testing::english_vocab;
using ::nmt::testing::error_message;
using ::nmt::testing::TempDir;
using ::nmt::testing::write_file;

const std::string kWordStart = "\xe2\x96\x81";

TEST(PhraseSpeller, EverySpellingDetokenisesToThePhrase_SentencePiecesFirst) {
  const auto& vocab = english_vocab();
  const PhraseSpeller speller(vocab);
  for (const std::string term : {"Jerusalem", "the LORD", "Nebuchadnezzar", "a"}) {
    const auto p = speller.spell(term);
    ASSERT_FALSE(p.spellings.empty()) << term;
    EXPECT_EQ(p.spellings.front(), vocab.encode(term)) << term;
    EXPECT_LE(p.spellings.size(), 16u);
    std::set<std::vector<int>> distinct(p.spellings.begin(), p.spellings.end());
    EXPECT_EQ(distinct.size(), p.spellings.size()) << term;
    bool inside_a_word = false;
    for (const auto& s : p.spellings) {
      EXPECT_EQ(vocab.decode(s), term) << term;
      inside_a_word |= vocab.piece(s.front()).compare(0, kWordStart.size(), kWordStart) != 0;
    }
    EXPECT_TRUE(inside_a_word) << term << ": no spelling for the term after a quote or bracket";
  }
  // A 300-piece vocabulary spells a long name many ways.
  EXPECT_GT(speller.spell("Nebuchadnezzar").spellings.size(), 4u);
}

TEST(PhraseSpeller, CharacterTheVocabularyLacks_NoSpellingAndItsName) {
  const PhraseSpeller speller(english_vocab());
  std::string missing;
  const auto p = speller.spell("\xce\xa9mega", &missing);  // "Ωmega"
  EXPECT_TRUE(p.spellings.empty());
  EXPECT_NE(missing.find("\xce\xa9"), std::string::npos) << missing;
  EXPECT_EQ(error_message([&] { speller.spell(""); }), "an empty phrase cannot be a constraint");
}

Glossary parse(const std::string& text, bool ignore_case = false) {
  return Glossary::parse(text, "g.tsv", english_vocab(), ignore_case);
}

std::vector<std::string> found(const Glossary& g, const std::string& sentence) {
  std::vector<std::string> out;
  for (const auto* e : g.find(sentence)) out.push_back(e->source + "=" + e->target);
  return out;
}

TEST(Glossary, FindsWholeWordsInOrder_LongestOfOverlapsWins) {
  const auto g = parse(
      "# names\n"
      "\n"
      "cat\tgato\n"
      "New York\tNueva York\n"
      "York City\tCiudad de York\n"
      "New York City\tNueva York (ciudad)\n"
      "city\tciudad\r\n");
  EXPECT_EQ(g.size(), 5u);
  EXPECT_EQ(found(g, "A cat in New York City, a city."),
            (std::vector<std::string>{"cat=gato", "New York City=Nueva York (ciudad)", "city=ciudad"}));
  EXPECT_TRUE(found(g, "concatenate cats").empty()) << "only whole words";
  EXPECT_EQ(found(g, "(cat)"), std::vector<std::string>{"cat=gato"});
  EXPECT_EQ(found(g, "New York's"), std::vector<std::string>{"New York=Nueva York"});
  EXPECT_TRUE(found(g, "Cat").empty()) << "case-sensitive by default";
  EXPECT_TRUE(found(g, "").empty());
}

TEST(Glossary, IgnoreCase_FoldsTheSourceOnly) {
  const auto g = parse("the LORD\tel SEÑOR\n\xc3\x84rger\tenfado\n", true);  // Ärger
  EXPECT_EQ(found(g, "The Lord said"), std::vector<std::string>{"the LORD=el SEÑOR"});
  EXPECT_EQ(found(g, "viel \xc3\xa4rger"), std::vector<std::string>{"\xc3\x84rger=enfado"});  // ärger
  EXPECT_TRUE(found(parse("the LORD\tel SEÑOR\n"), "The Lord said").empty());
}

TEST(Glossary, ScriptsWithoutSpaces_MatchByCharacters) {
  const auto g = parse("\xe5\x8c\x97\xe4\xba\xac\tBeijing\nAPI\tAPI\n");  // 北京
  // 我爱北京天安门: the term sits between other Han characters.
  EXPECT_EQ(found(g, "\xe6\x88\x91\xe7\x88\xb1\xe5\x8c\x97\xe4\xba\xac\xe5\xa4\xa9\xe5\xae\x89\xe9\x97\xa8"),
            std::vector<std::string>{"\xe5\x8c\x97\xe4\xba\xac=Beijing"});
  // 用API接口: a Latin term next to Han characters.
  EXPECT_EQ(found(g, "\xe7\x94\xa8" "API" "\xe6\x8e\xa5\xe5\x8f\xa3"), std::vector<std::string>{"API=API"});
  EXPECT_TRUE(found(g, "RAPID").empty());
}

TEST(Glossary, Constraints_DistinctSpellableTargets) {
  const auto g = parse("Jesus\tJesus\nChrist\tJesus\nangel\t\xce\xa9mega\nLORD\tthe LORD\n");
  ASSERT_EQ(g.unspellable().size(), 1u);
  EXPECT_NE(g.unspellable()[0].find("g.tsv line 3: '\xce\xa9mega' needs '"), std::string::npos) << g.unspellable()[0];
  const auto c = g.constraints_for("Jesus Christ and an angel of the LORD");
  ASSERT_EQ(c.include.size(), 2u);
  EXPECT_EQ(c.include[0].text, "Jesus");
  EXPECT_EQ(c.include[1].text, "the LORD");
  EXPECT_TRUE(c.exclude.empty());
  EXPECT_TRUE(g.constraints_for("an angel").empty()) << "an unspellable term is not a constraint";
}

TEST(Glossary, TermPairs_TsvAndCsvRead_BadOnesNamed) {
  const auto csv = read_term_pairs_csv("# c\n\"New York, NY\",Nueva York\nsay \"\"hi\"\",\"di \"\"hola\"\"\"\r\n", "d.csv");
  ASSERT_EQ(csv.size(), 2u);
  EXPECT_EQ(csv[0].source, "New York, NY");
  EXPECT_EQ(csv[0].target, "Nueva York");
  EXPECT_EQ(csv[0].line, 2);
  EXPECT_EQ(csv[1].source, "say \"\"hi\"\"") << "quotes count only around a whole field";
  EXPECT_EQ(csv[1].target, "di \"hola\"");
  EXPECT_EQ(term_pairs_tsv(csv), "New York, NY\tNueva York\nsay \"\"hi\"\"\tdi \"hola\"\n");
  EXPECT_EQ(read_term_pairs(term_pairs_tsv(csv), "t").size(), 2u);
  EXPECT_EQ(error_message([] { read_term_pairs_csv("a,b\n\"a,b\n", "d.csv"); }),
            "d.csv line 2: a quoted field is not closed");
  EXPECT_EQ(error_message([] { read_term_pairs_csv("only one\n", "d.csv"); }),
            "d.csv line 1: expected 'source term,target term', found one field in 'only one'");
  EXPECT_EQ(error_message([] { read_term_pairs_csv("a,b,c\n", "d.csv"); }),
            "d.csv line 1: more than two fields (source term, target term)");
  EXPECT_EQ(error_message([] { read_term_pairs_csv("\"a\"x,b\n", "d.csv"); }), "d.csv line 1: text after a quoted field");
  EXPECT_EQ(error_message([] { read_term_pairs_csv("a,\n", "d.csv"); }), "d.csv line 1: the target term is empty");
}

TEST(Glossary, BadLines_AreErrorsNamingTheLine) {
  EXPECT_EQ(error_message([] { parse("a\tb\nno tab here\n"); }),
            "g.tsv line 2: expected 'source term<TAB>target term', found no tab in 'no tab here'");
  EXPECT_EQ(error_message([] { parse("\tb\n"); }), "g.tsv line 1: the source term is empty");
  EXPECT_EQ(error_message([] { parse("a\t \n"); }), "g.tsv line 1: the target term is empty");
  EXPECT_EQ(error_message([] { parse("a\tb\tc\n"); }),
            "g.tsv line 1: more than two fields (one tab between the source and the target term)");
  EXPECT_EQ(error_message([] { parse("Lord\tb\n\nLord\tc\n"); }), "g.tsv line 3: the source term 'Lord' is already at line 1");
  EXPECT_EQ(error_message([] { parse("Lord\tb\nLORD\tc\n", true); }),
            "g.tsv line 2: the source term 'LORD' is already at line 1 (ignoring case)");
  EXPECT_EQ(error_message([] { parse("ok\tb\nbad \xff\tc\n"); }), "g.tsv line 2: invalid UTF-8 at byte 5");
  EXPECT_EQ(error_message([] { Glossary::read("/nonexistent/g.tsv", english_vocab(), false); }),
            "cannot read the glossary /nonexistent/g.tsv");
  TempDir dir;
  write_file(dir.file("g.tsv"), "Jesus\tJes\xc3\xbas\n");
  EXPECT_EQ(Glossary::read(dir.file("g.tsv"), english_vocab(), false).size(), 1u);
}

}  // namespace
}  // namespace nmt::decode
