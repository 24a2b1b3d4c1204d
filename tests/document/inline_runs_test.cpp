// place_translation on hand-worked examples: each expected split follows
// from the weights written next to it.
#include "nmt/document/inline_runs.h"

#include <gtest/gtest.h>

namespace nmt::document {
namespace {

TEST(PlaceTranslation, WordsFollowEachPiecesShareOfTheSource) {
  // Source weights 5 | 4 | 10 (of 19); words "Haga"4 "clic"4 "aquí"4 "para"4
  // "continuar"9 (of 25) have middles at 1.5, 4.6, 7.6, 10.6, 15.6 of 19:
  // two, one and two words; the space after "aquí" opens the third piece,
  // since "here" ended without one.
  EXPECT_EQ(place_translation({"Click ", "here", " to continue"}, "Haga clic aquí para continuar"),
            (Pieces{"Haga clic ", "aquí", " para continuar"}));
}

TEST(PlaceTranslation, OnePieceTakesAllAndKeepsItsOuterWhitespace) {
  EXPECT_EQ(place_translation({"  Hello world \n"}, "Hola mundo"), (Pieces{"  Hola mundo \n"}));
}

TEST(PlaceTranslation, LineBreaksOfAWrappedParagraphStay) {
  // Weights 13 | 12; words 4, 5, 5, 6 (of 20) have middles at 2.5, 8.1, 14.4, 21.3 of 25.
  EXPECT_EQ(place_translation({"This line wraps\n", "into the next."}, "Esta línea sigue abajo."),
            (Pieces{"Esta línea\n", "sigue abajo."}));
}

TEST(PlaceTranslation, WhitespaceOnlyPiecesStayAndTakeNoWords) {
  EXPECT_EQ(place_translation({"Hello", " ", "world"}, "Hola mundo"), (Pieces{"Hola", " ", "mundo"}));
}

TEST(PlaceTranslation, ASpaceOnlyTheTranslationHasOpensTheNextPiece) {
  // "<b>Good</b>bye" -> two words where the source had one.
  EXPECT_EQ(place_translation({"Good", "bye"}, "Hasta luego"), (Pieces{"Hasta", " luego"}));
}

TEST(PlaceTranslation, TranslationWithoutSpacesSplitsByCharacterAndDropsSourceSpaces) {
  // Weights 5 | 4 | 10; six characters with middles at 1.6, 4.8, 7.9, 11.1, 14.3, 17.4 of 19.
  EXPECT_EQ(place_translation({"Click ", "here", " to continue"}, "点击这里继续"),
            (Pieces{"点击", "这", "里继续"}));
}

TEST(PlaceTranslation, APieceEndingASentenceEndsWhereTheTranslationEndsOne) {
  // Weights 15 | 0 | 13; by position "Dios" and "." (middles 16.4 and 18.8
  // of 28) fall in the last piece, but the first piece ends a sentence and
  // the translation ends one two words on.
  EXPECT_EQ(place_translation({"In the beginning.", " ", "And God said so."}, "Al principio creó Dios. Y dijo así."),
            (Pieces{"Al principio creó Dios.", " ", "Y dijo así."}));
}

TEST(PlaceTranslation, PunctuationStaysWithTheWordBeforeIt) {
  // Weights 2 | 8; by position the comma's middle (3.5 of 15, 2.3 of 10)
  // falls in the second piece, but it closes "Non".
  EXPECT_EQ(place_translation({"No", " it is not."}, "Non, ce n'est pas."), (Pieces{"Non,", " ce n'est pas."}));
}

TEST(LinksFromAttention, EachTargetPieceLinksToTheSourcePieceItAttendsToMost) {
  const std::string e = "\xE2\x96\x81";  // SentencePiece's word start
  PieceAttention sentence{{e + "Click", e + "here", e + "to", e + "go", e + "on", "</s>"},
                          {e + "Haz", e + "clic", e + "aqu", "í", e + "para", e + "seguir", "</s>"},
                          {}};
  // The source piece each target piece attends to most; </s> attends to </s>.
  for (size_t best : {0, 0, 1, 1, 2, 3, 5}) {
    std::vector<float> row(6, 0.1f);
    row[best] = 0.5f;
    sentence.weights.push_back(row);
  }
  const auto links = links_from_attention("Click here to go on", "Haz clic aquí para seguir", {sentence});
  std::vector<std::pair<size_t, size_t>> got;
  for (const auto& l : links) got.emplace_back(l.target, l.source);
  // Haz@0 clic@4 aqu@9 í@12 para@15 seguir@20 -> Click@0 here@6 to@11 go@14.
  EXPECT_EQ(got, (std::vector<std::pair<size_t, size_t>>{{0, 0}, {4, 0}, {9, 6}, {12, 6}, {15, 11}, {20, 14}}));
}

TEST(PlaceTranslation, LinksPutTheWordsWhereTheyWereTranslatedFromAsFarAsTheOrderAllows) {
  // "Click <b>here</b> to continue" -> "Para continuar, haga clic aquí": by
  // position "continuar" would be bold; by the links "aquí" is (Para and
  // continuar link to the last piece, which cannot come first: the
  // assignment in order that follows the most links keeps them in the first).
  const std::vector<Link> links = {{0, 11}, {5, 14}, {16, 0}, {21, 0}, {26, 6}};
  EXPECT_EQ(place_translation({"Click ", "here", " to continue"}, "Para continuar, haga clic aquí", links),
            (Pieces{"Para continuar, haga clic ", "aquí", ""}));
  EXPECT_EQ(place_translation({"Click ", "here", " to continue"}, "Para continuar, haga clic aquí"),
            (Pieces{"Para ", "continuar,", " haga clic aquí"}));
}

TEST(PlaceTranslation, APieceThatLosesItsWordsLeavesOneSpace) {
  // "A <b>big</b> house" -> "una casa": no word links to "big".
  EXPECT_EQ(place_translation({"A ", "big", " house"}, "una casa", {{0, 0}, {4, 6}}), (Pieces{"una ", "", "casa"}));
}

TEST(HasLetter, NumbersDatesAndPunctuationHaveNone) {
  EXPECT_FALSE(has_letter("2024-01-01"));
  EXPECT_FALSE(has_letter(" 3,50 € "));
  EXPECT_FALSE(has_letter("。—"));
  EXPECT_TRUE(has_letter("Größe"));
  EXPECT_TRUE(has_letter("中文"));
  EXPECT_TRUE(has_letter("x"));
}

}  // namespace
}  // namespace nmt::document
