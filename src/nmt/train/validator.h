#pragma once
// Validation during training: dev cross-entropy from teacher forcing, and
// BLEU/chrF from actually translating the dev source with the model as it is
// now, scored by the project's sacreBLEU-exact scorer.
#include <cstdint>
#include <string>
#include <vector>

#include "nmt/data/batcher.h"
#include "nmt/eval/tokenizers.h"
#include "nmt/model/transformer.h"
#include "nmt/train/early_stopping.h"

namespace nmt::train {

struct ValidOptions {
  bool translate = true;      // false: loss only (no BLEU/chrF)
  int64_t beam = 1;           // 1 = greedy, the cheap choice while training
  int64_t batch_size = 64;    // sentences per translation batch
  int64_t max_sentences = 0;  // translate only the first N dev sentences; 0 = all
  // BLEU's tokenizer: sacreBLEU's for the target language (eval::bleu_tokenizer_for).
  eval::BleuTokenizer bleu_tokenizer = eval::BleuTokenizer::k13a;
};

struct ValidScores : DevScores {  // loss, ppl, bleu, chrf (early_stopping.h)
  double seconds = 0;          // wall time of the whole validation
  std::vector<std::string> translations;  // the dev translations, when translated
};

class Validator {
 public:
  // dev: the raw pairs (references for BLEU); batches: dev encoded and batched.
  Validator(data::ParallelText dev, std::vector<data::Batch> batches, const text::Vocab& src_vocab,
            const text::Vocab& tgt_vocab, ValidOptions options);
  // Leaves the model in training mode and its autograd state untouched.
  ValidScores run(model::Transformer& model, const c10::Device& device) const;
  bool empty() const { return batches_.empty(); }
  const data::ParallelText& dev() const { return dev_; }  // the pairs translated (max_sentences applied)

 private:
  data::ParallelText dev_;
  std::vector<data::Batch> batches_;
  const text::Vocab& src_vocab_;
  const text::Vocab& tgt_vocab_;
  ValidOptions options_;
};

}  // namespace nmt::train
