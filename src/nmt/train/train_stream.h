#pragma once
// A run's training batches: the corpus streamed in chunks from a saved
// position, as the options say (batch tokens, max_len, chunk size, seed,
// cleaning while reading).
#include <functional>
#include <memory>
#include <string>

#include "nmt/data/batch_stream.h"
#include "nmt/text/vocab.h"
#include "nmt/train/train_options.h"

namespace nmt::train {

// say() gets the lines that describe the first chunk (pairs kept and
// dropped, and with --clean what the cleaner dropped).
std::unique_ptr<data::BatchStream> open_train_stream(data::CorpusSpec corpus, const text::Vocab& src_vocab,
                                                     const text::Vocab& tgt_vocab, const TrainOptions& options,
                                                     const data::StreamPosition& position,
                                                     const std::function<void(const std::string&)>& say);

// "data: N chunks read and encoded in S s (...); training waited W s for them after the first".
std::string stream_timing_line(const data::BatchStream& batches);

}  // namespace nmt::train
