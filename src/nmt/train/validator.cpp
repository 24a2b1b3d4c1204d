#include "nmt/train/validator.h"

#include <chrono>
#include <cmath>

#include <torch/torch.h>

#include "nmt/decode/translator.h"
#include "nmt/eval/bleu.h"
#include "nmt/eval/chrf.h"
#include "nmt/train/batch_loss.h"

namespace nmt::train {

Validator::Validator(data::ParallelText dev, std::vector<data::Batch> batches, const text::Vocab& src_vocab,
                     const text::Vocab& tgt_vocab, ValidOptions options)
    : dev_(std::move(dev)), batches_(std::move(batches)), src_vocab_(src_vocab), tgt_vocab_(tgt_vocab),
      options_(options) {
  if (options_.max_sentences > 0 && static_cast<int64_t>(dev_.src.size()) > options_.max_sentences) {
    dev_.src.resize(static_cast<size_t>(options_.max_sentences));
    dev_.tgt.resize(static_cast<size_t>(options_.max_sentences));
  }
}

ValidScores Validator::run(model::Transformer& model, const c10::Device& device) const {
  const auto start = std::chrono::steady_clock::now();
  ValidScores scores;
  {
    torch::NoGradGuard no_grad;
    model->eval();
    double nll = 0;
    int64_t tokens = 0;
    for (const auto& batch : batches_) {
      auto b = to_device(batch, device);
      nll += batch_loss(model, b, 0.0).nll.item<double>();
      tokens += b.target_tokens;
    }
    scores.loss = tokens > 0 ? nll / static_cast<double>(tokens) : 0.0;
    scores.ppl = perplexity(scores.loss);
  }
  if (options_.translate && !dev_.src.empty()) {
    decode::TranslateOptions to;
    to.search.beam = options_.beam;
    to.batch_size = options_.batch_size;
    decode::Translator translator(model, device);
    scores.translations = translator.translate_lines(dev_.src, src_vocab_, tgt_vocab_, to);
    scores.bleu = eval::corpus_bleu(scores.translations, eval::ReferenceSets{dev_.tgt}, {options_.bleu_tokenizer}).score;
    scores.chrf = eval::corpus_chrf(scores.translations, dev_.tgt).score;
  }
  model->train();
  scores.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return scores;
}

}  // namespace nmt::train
