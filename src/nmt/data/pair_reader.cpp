#include "nmt/data/pair_reader.h"

#include <algorithm>
#include <cctype>

#include "nmt/common/error.h"
#include "nmt/data/corpus_formats.h"

namespace nmt::data {

namespace {

bool ends_with(const std::string& path, const std::string& suffix) {
  if (path.size() < suffix.size()) return false;
  return std::equal(suffix.begin(), suffix.end(), path.end() - static_cast<ptrdiff_t>(suffix.size()),
                    [](char suffix_char, char path_char) {
                      return std::tolower(static_cast<unsigned char>(path_char)) == suffix_char;
                    });
}

bool has_extension(const std::string& path, const std::string& extension) {  // with or without .gz
  return ends_with(path, extension) || ends_with(path, extension + ".gz");
}

}  // namespace

std::string describe(const CorpusSpec& spec) {
  std::string text;
  for (const std::string& path : spec.paths) text += (text.empty() ? "" : " / ") + path;
  if (!spec.mix_path.empty()) {
    text += " mixed with " + spec.mix_path + " (" + std::to_string(static_cast<int>(spec.mix_share * 100 + 0.5)) +
            "% of the pairs)";
  }
  return text;
}

std::unique_ptr<PairReader> open_corpus(const CorpusSpec& spec) {
  if (spec.paths.size() == 2) return open_text_pair(spec.paths[0], spec.paths[1], spec.check_utf8);
  NMT_CHECK(spec.paths.size() == 1, "a corpus is two line-aligned files SRC TGT or one .tsv or .tmx file, found "
                                        << spec.paths.size() << " files" << (spec.paths.empty() ? "" : ": ")
                                        << describe(spec));
  const std::string& path = spec.paths[0];
  if (has_extension(path, ".tsv")) return open_tsv(path, spec.check_utf8);
  if (has_extension(path, ".tmx")) return open_tmx(path, spec.src_lang, spec.tgt_lang, spec.check_utf8);
  NMT_FAIL("cannot tell the format of " << path << ": one corpus file must end in .tsv or .tmx (optionally .gz); "
                                        << "give plain text as two files SRC TGT");
}

namespace {
void check_not_empty(size_t pairs, const CorpusSpec& spec) {
  NMT_CHECK(pairs > 0, "parallel corpus " << describe(spec) << " is empty");
}
}  // namespace

int64_t count_pairs(const CorpusSpec& spec) {
  const std::unique_ptr<PairReader> reader = open_corpus(spec);
  SentencePair pair;
  int64_t pairs = 0;
  while (reader->next(pair)) ++pairs;
  check_not_empty(static_cast<size_t>(pairs), spec);
  return pairs;
}

ParallelText read_corpus(const CorpusSpec& spec) {
  const std::unique_ptr<PairReader> reader = open_corpus(spec);
  ParallelText text;
  SentencePair pair;
  while (reader->next(pair)) {
    text.src.push_back(std::move(pair.src));
    text.tgt.push_back(std::move(pair.tgt));
  }
  check_not_empty(text.src.size(), spec);
  return text;
}

}  // namespace nmt::data
