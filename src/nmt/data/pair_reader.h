#pragma once
// Streaming sentence pairs from a corpus in any of the formats parallel data
// comes in, one pair at a time, so that a corpus of tens of millions of pairs
// is never held whole (TMX excepted, see below).
//
// Formats, chosen by the file names of CorpusSpec::paths:
//   SRC TGT          two line-aligned text files (plain or .gz). Line counts
//                    that differ are an error naming both files, both counts
//                    and the first line without a counterpart, found when the
//                    shorter file ends.
//   FILE.tsv[.gz]    one line per pair, "source<TAB>target". A line must have
//                    exactly one tab: none, or a second one, is an error naming
//                    FILE:LINE. Silently taking the first two columns would
//                    misalign a file with a stray tab inside a sentence, and
//                    files with more columns (OPUS scores, ids) are better cut
//                    to two on purpose (`cut -f 1,2`). Fields may be empty.
//   FILE.tmx[.gz]    Translation Memory eXchange. Each <tu> gives the <seg> of
//                    the first <tuv> whose xml:lang (or TMX 1.1 lang) matches
//                    src_lang, and of the first matching tgt_lang. Matching is
//                    case-insensitive on the language subtag: "en" matches
//                    "en", "EN-GB" and "en_US", not "eng". A <tu> lacking either
//                    language is skipped and counted (skipped()): multilingual
//                    memories routinely have units in only some languages. If
//                    no <tu> at all has both, that is an error listing the
//                    languages found. Inside <seg>, entities and CDATA are
//                    decoded, the text of <hi> (and unknown elements) is kept,
//                    the content of <ph>, <bpt>, <ept>, <it>, <ut> is dropped
//                    (TMX: native codes of the original format), and runs of
//                    whitespace, newlines included, become one space, trimmed.
//                    The XML document is parsed whole by pugixml (about 2-3x the
//                    file in memory); TMX files are rarely large enough to
//                    matter, and streaming XML would buy little.
// CRLF line ends are stripped in text formats; a UTF-8 byte order mark at the
// start of a file is dropped.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "nmt/data/corpus.h"

namespace nmt::data {

struct SentencePair {
  std::string src, tgt;
};

class PairReader {
 public:
  virtual ~PairReader() = default;
  // Puts the next pair into `pair`; false at the end of the corpus.
  virtual bool next(SentencePair& pair) = 0;
  // Where the last pair came from, for messages: "FILE:LINE", or for TMX
  // "FILE: <tu> N" (N counts every <tu> from 1).
  virtual std::string location() const = 0;
  // Units of the file that gave no pair so far (TMX <tu> without both languages).
  virtual int64_t skipped() const { return 0; }
};

struct CorpusSpec {
  // SRC TGT (two line-aligned files), one .tsv[.gz] (src TAB tgt), or one .tmx[.gz].
  std::vector<std::string> paths;
  // TMX only (ignored otherwise), and required there: the xml:lang of each side.
  std::string src_lang, tgt_lang;
  // true: invalid UTF-8 is an nmt::Error naming FILE:LINE (TMX: FILE: <tu> N)
  // and the byte; false: passed through (the Cleaner drops and counts it).
  bool check_utf8 = true;
  // A general corpus read in turn with this one (train --mix FILE:SHARE,
  // mixed_reader.h): mix_share of the pairs come from mix_path. "" = none.
  std::string mix_path;
  double mix_share = 0;
};

// Opens the corpus for reading from its first pair. Throws nmt::Error for a
// file that cannot be opened, a TMX without languages or not parseable, and a
// single file that is neither .tsv nor .tmx (with or without .gz).
std::unique_ptr<PairReader> open_corpus(const CorpusSpec& spec);

// Reads every pair, for small corpora (dev sets). Throws nmt::Error
// "parallel corpus A / B is empty" when there is no pair.
ParallelText read_corpus(const CorpusSpec& spec);

// Reads every pair as a stream, checking the whole corpus (line counts, UTF-8,
// TSV/TMX syntax) in bounded memory, and returns how many there are. Throws
// as read_corpus does.
int64_t count_pairs(const CorpusSpec& spec);

// "A / B": the corpus's files, for messages.
std::string describe(const CorpusSpec& spec);

}  // namespace nmt::data
