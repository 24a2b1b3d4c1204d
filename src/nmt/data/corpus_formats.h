#pragma once
// The readers behind open_corpus, one file each; used by pair_reader.cpp only.
#include <memory>
#include <string>

#include "nmt/data/pair_reader.h"

namespace nmt::data {

// Two line-aligned files (plain or gzip).
std::unique_ptr<PairReader> open_text_pair(const std::string& src_path, const std::string& tgt_path,
                                           bool check_utf8);
// One "source<TAB>target" file (plain or gzip).
std::unique_ptr<PairReader> open_tsv(const std::string& path, bool check_utf8);
// One TMX file (plain or gzip).
std::unique_ptr<PairReader> open_tmx(const std::string& path, const std::string& src_lang,
                                     const std::string& tgt_lang, bool check_utf8);

}  // namespace nmt::data
