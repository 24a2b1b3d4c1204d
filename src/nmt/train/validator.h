#pragma once
// Validation during training: dev cross-entropy from teacher forcing, and
// BLEU/chrF from actually translating the dev source with the model as it is
// now, scored by the project's sacreBLEU-exact scorer.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "nmt/data/batcher.h"
#include "nmt/eval/tokenizers.h"
#include "nmt/model/transformer.h"
#include "nmt/train/early_stopping.h"

namespace nmt::decode {
class Translator;
}

namespace nmt::train {

struct ValidOptions {
  bool translate = true;      // false: loss only (no BLEU/chrF)
  int64_t beam = 1;           // 1 = greedy, the cheap choice while training
  int64_t batch_size = 64;    // sentences per translation batch
  int64_t max_sentences = 0;  // translate only the first N dev sentences; 0 = all
  double length_ratio = 0;    // the run's brevity penalty (decode::TranslateOptions), as nmt translate uses it
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
  // The dev set's BLEU translated with `beam` under each length penalty
  // (decode::SearchOptions::length_penalty), in the order given.
  std::vector<double> bleu_by_alpha(model::Transformer& model, const c10::Device& device, int64_t beam,
                                    const std::vector<double>& alphas) const;
  bool empty() const { return batches_.empty(); }
  const data::ParallelText& dev() const { return dev_; }  // the pairs translated (max_sentences applied)

 private:
  // The dev sources translated as validation translates them, with `beam`
  // and length penalty `alpha`; and a translation's BLEU against the dev
  // references with the target's tokenizer.
  std::vector<std::string> translate(decode::Translator& translator, int64_t beam, double alpha) const;
  double bleu(const std::vector<std::string>& translations) const;

  data::ParallelText dev_;
  std::vector<data::Batch> batches_;
  const text::Vocab& src_vocab_;
  const text::Vocab& tgt_vocab_;
  ValidOptions options_;
};

// The validator of a run's dev set: its pairs encoded (at most
// max_positions - 2 pieces a side) into batches of batch_tokens, and BLEU
// scored with sacreBLEU's tokenizer for `tgt_lang` (options.bleu_tokenizer is
// set here); say() gets a line when that tokenizer is not 13a, or is one nmt
// lacks. Null when `dev` is empty.
std::unique_ptr<Validator> make_validator(const data::ParallelText& dev, const text::Vocab& src_vocab,
                                          const text::Vocab& tgt_vocab, int64_t max_positions, int64_t batch_tokens,
                                          ValidOptions options, const std::string& tgt_lang,
                                          const std::function<void(const std::string&)>& say);

// --tune-alpha's line: "length penalty: dev BLEU at beam 4 with --alpha 1.0
// / 1.3 / 1.6 / 2.0: 36.49 / 36.91 / 37.11 / 35.87; best: 1.6 (pass --alpha
// 1.6 to nmt translate and nmt serve)", the first alpha winning a tie.
std::string alpha_report(int64_t beam, const std::vector<double>& alphas, const std::vector<double>& bleu);

// What a person reads of one validation: "step N | dev loss ... | dev BLEU
// ... | 8.4 s | new best bleu" (or "no gain on bleu for K validation(s)"),
// then the first `show` dev sources with their translations and references.
std::vector<std::string> validation_lines(int64_t step, const ValidScores& scores, const ValidationOutcome& outcome,
                                          int64_t stale, const data::ParallelText& dev, int64_t show);
// "dev loss L[ | dev ppl P] | dev BLEU B | dev chrF C" (BLEU and chrF when translated).
std::string scores_text(const ValidScores& scores, bool with_ppl);

}  // namespace nmt::train
