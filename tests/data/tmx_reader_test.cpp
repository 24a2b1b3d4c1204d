// TMX through open_corpus: languages, markup, entities, whitespace, gzip.
#include <gtest/gtest.h>

#include "nmt/data/pair_reader.h"
#include "text/test_support.h"

namespace nmt::data {
namespace {

using ::nmt::testing::error_message;
using ::nmt::testing::TempDir;
using ::nmt::testing::write_file;
using ::nmt::testing::write_gzip;
using Lines = std::vector<std::string>;

// Six units: 3 (French only) and 6 ("eng" is not "en") lack a side.
const char* const kMemory = R"(<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tmx SYSTEM "tmx14.dtd">
<tmx version="1.4">
  <header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="none" creationtool="test" creationtoolversion="1"/>
  <body>
    <tu tuid="1">
      <tuv xml:lang="en-US"><seg>Fish &amp; chips &lt;3 caf&#233; &#x263A;</seg></tuv>
      <tuv xml:lang="ES"><seg>Pescado &quot;frito&quot;</seg></tuv>
    </tu>
    <tu>
      <tuv xml:lang="en"><seg><![CDATA[a <b> tag & more]]></seg></tuv>
      <tuv xml:lang="es-ES"><seg>una etiqueta</seg></tuv>
    </tu>
    <tu>
      <tuv xml:lang="en"><seg>only English and French</seg></tuv>
      <tuv xml:lang="fr"><seg>seulement</seg></tuv>
    </tu>
    <tu>
      <tuv lang="EN"><seg>Press <ph x="1">&lt;br/&gt;</ph>the <bpt i="1">&lt;b&gt;</bpt>red<ept i="1">&lt;/b&gt;</ept> button <hi type="b">now</hi> <hi>please</hi><it pos="end">&lt;/i&gt;</it></seg></tuv>
      <tuv lang="es"><seg>
        Pulse   el	botón
        rojo </seg></tuv>
    </tu>
    <tu>
      <tuv xml:lang="en"><seg></seg></tuv>
      <tuv xml:lang="es"><seg/></tuv>
    </tu>
    <tu>
      <tuv xml:lang="eng"><seg>three letters</seg></tuv>
      <tuv xml:lang="es"><seg>tres letras</seg></tuv>
    </tu>
  </body>
</tmx>
)";

const Lines kEnglish = {"Fish & chips <3 café ☺", "a <b> tag & more", "Press the red button now please", ""};
const Lines kSpanish = {"Pescado \"frito\"", "una etiqueta", "Pulse el botón rojo", ""};

CorpusSpec tmx_spec(const std::string& path, const std::string& src_lang, const std::string& tgt_lang) {
  CorpusSpec spec{{path}};
  spec.src_lang = src_lang;
  spec.tgt_lang = tgt_lang;
  return spec;
}

TEST(TmxReader, DecodesEntitiesCdataInlineMarkupAndWhitespace) {
  TempDir dir;
  write_file(dir.file("m.tmx"), kMemory);
  const ParallelText text = read_corpus(tmx_spec(dir.file("m.tmx"), "en", "es"));
  EXPECT_EQ(text.src, kEnglish);
  EXPECT_EQ(text.tgt, kSpanish);
}

TEST(TmxReader, SkipsAndCountsUnitsLackingALanguageAndNamesUnitsInLocations) {
  TempDir dir;
  write_file(dir.file("m.tmx"), kMemory);
  const auto reader = open_corpus(tmx_spec(dir.file("m.tmx"), "EN", "es"));
  SentencePair pair;
  std::vector<std::string> locations;
  while (reader->next(pair)) locations.push_back(reader->location());
  const std::string path = dir.file("m.tmx");
  EXPECT_EQ(locations, (Lines{path + ": <tu> 1", path + ": <tu> 2", path + ": <tu> 4", path + ": <tu> 5"}));
  EXPECT_EQ(reader->skipped(), 2);
}

TEST(TmxReader, SwapsSidesByLanguage) {
  TempDir dir;
  write_file(dir.file("m.tmx"), kMemory);
  const ParallelText text = read_corpus(tmx_spec(dir.file("m.tmx"), "es", "en"));
  EXPECT_EQ(text.src, kSpanish);
  EXPECT_EQ(text.tgt, kEnglish);
  const ParallelText french = read_corpus(tmx_spec(dir.file("m.tmx"), "fr", "en"));
  EXPECT_EQ(french.src, (Lines{"seulement"}));
}

TEST(TmxReader, ReadsGzipCompressedMemories) {
  TempDir dir;
  write_gzip(dir.file("m.tmx.gz"), kMemory);
  const ParallelText text = read_corpus(tmx_spec(dir.file("m.tmx.gz"), "en", "es"));
  EXPECT_EQ(text.src, kEnglish);
  EXPECT_EQ(text.tgt, kSpanish);
}

TEST(TmxReader, NoUnitWithBothLanguagesListsTheLanguagesFound) {
  TempDir dir;
  const std::string path = dir.file("m.tmx");
  write_file(path, kMemory);
  EXPECT_EQ(error_message([&] { read_corpus(tmx_spec(path, "de", "es")); }),
            path + ": no <tu> has both languages 'de' and 'es'; languages found: EN, ES, en, en-US, eng, es, es-ES, fr");
}

TEST(TmxReader, LanguagesAreRequired) {
  TempDir dir;
  const std::string path = dir.file("m.tmx");
  write_file(path, kMemory);
  EXPECT_EQ(error_message([&] { open_corpus({{path}}); }),
            path + " is TMX: give the source and target languages (xml:lang codes such as en, es)");
}

TEST(TmxReader, MalformedXmlNamesFileAndLine) {
  TempDir dir;
  const std::string path = dir.file("bad.tmx");
  write_file(path, "<tmx>\n<body>\n<tu><tuv xml:lang=\"en\"><seg>a</tuv></tu>\n</body></tmx>\n");
  const std::string message = error_message([&] { open_corpus(tmx_spec(path, "en", "es")); });
  EXPECT_EQ(message.rfind(path + ":3: XML error: ", 0), 0u) << message;
  write_file(path, "<html><body/></html>");
  EXPECT_EQ(error_message([&] { open_corpus(tmx_spec(path, "en", "es")); }),
            path + ": not a TMX document (expected <tmx><body>)");
}

TEST(TmxReader, InvalidUtf8IsAnErrorNamingTheUnitOrPassedThrough) {
  TempDir dir;
  const std::string path = dir.file("latin1.tmx");
  write_file(path,
             "<tmx><body>\n"
             "<tu><tuv xml:lang=\"en\"><seg>fine</seg></tuv><tuv xml:lang=\"es\"><seg>bien</seg></tuv></tu>\n"
             "<tu><tuv xml:lang=\"en\"><seg>coffee</seg></tuv><tuv xml:lang=\"es\"><seg>caf\xE9</seg></tuv></tu>\n"
             "</body></tmx>\n");
  EXPECT_EQ(error_message([&] { read_corpus(tmx_spec(path, "en", "es")); }),
            path + ": <tu> 2: invalid UTF-8 at byte 4 of the target segment");
  CorpusSpec spec = tmx_spec(path, "en", "es");
  spec.check_utf8 = false;
  EXPECT_EQ(read_corpus(spec).tgt, (Lines{"bien", "caf\xE9"}));
}

}  // namespace
}  // namespace nmt::data
