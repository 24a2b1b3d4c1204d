#include "nmt/train/validator.h"

#include <chrono>
#include <cmath>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/common/format.h"
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
    decode::Translator translator(model, device);
    scores.translations = translate(translator, options_.beam, decode::SearchOptions{}.length_penalty);
    scores.bleu = bleu(scores.translations);
    scores.chrf = eval::corpus_chrf(scores.translations, dev_.tgt).score;
  }
  model->train();
  scores.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return scores;
}

std::vector<double> Validator::bleu_by_alpha(model::Transformer& model, const c10::Device& device, int64_t beam,
                                             const std::vector<double>& alphas) const {
  std::vector<double> scores;
  if (dev_.src.empty()) return scores;
  model->eval();
  decode::Translator translator(model, device);  // one for every alpha: its engine is made once
  for (const double alpha : alphas) scores.push_back(bleu(translate(translator, beam, alpha)));
  model->train();
  return scores;
}

std::vector<std::string> Validator::translate(decode::Translator& translator, int64_t beam, double alpha) const {
  decode::TranslateOptions to;
  to.search.beam = beam;
  to.search.length_penalty = alpha;
  to.length_ratio = options_.length_ratio;
  to.batch_size = options_.batch_size;
  return translator.translate_lines(dev_.src, src_vocab_, tgt_vocab_, to);
}

double Validator::bleu(const std::vector<std::string>& translations) const {
  return eval::corpus_bleu(translations, eval::ReferenceSets{dev_.tgt}, {options_.bleu_tokenizer}).score;
}

std::string alpha_report(int64_t beam, const std::vector<double>& alphas, const std::vector<double>& bleu) {
  NMT_CHECK(!alphas.empty() && alphas.size() == bleu.size(),
            bleu.size() << " BLEU scores for " << alphas.size() << " alphas");
  std::string names, scores;
  size_t best = 0;
  for (size_t i = 0; i < alphas.size(); ++i) {
    names += (i ? " / " : "") + fixed(alphas[i], 1);
    scores += (i ? " / " : "") + fixed(bleu[i], 2);
    if (bleu[i] > bleu[best]) best = i;
  }
  const std::string choice = fixed(alphas[best], 1);
  return "length penalty: dev BLEU at beam " + std::to_string(beam) + " with --alpha " + names + ": " + scores +
         "; best: " + choice +
         (alphas[best] == 1.0 ? " (the default)" : " (pass --alpha " + choice + " to nmt translate and nmt serve)");
}

std::string scores_text(const ValidScores& scores, bool with_ppl) {
  std::string text = "dev loss " + fixed(scores.loss, 4);
  if (with_ppl) text += " | dev ppl " + fixed(scores.ppl, 2);
  if (scores.bleu) text += " | dev BLEU " + fixed(*scores.bleu, 2) + " | dev chrF " + fixed(*scores.chrf, 2);
  return text;
}

std::vector<std::string> validation_lines(int64_t step, const ValidScores& scores, const ValidationOutcome& outcome,
                                          int64_t stale, const data::ParallelText& dev, int64_t show) {
  std::vector<std::string> lines = {
      "step " + std::to_string(step) + " | " + scores_text(scores, true) + " | " + fixed(scores.seconds, 1) + " s | " +
      (outcome.improved ? "new best " + outcome.metric
                        : "no gain on " + outcome.metric + " for " + std::to_string(stale) + " validation(s)")};
  // A few translations, so that a person sees what the scores mean.
  for (size_t i = 0; i < scores.translations.size() && static_cast<int64_t>(i) < show; ++i) {
    lines.push_back("  source:      " + dev.src[i]);
    lines.push_back("  translation: " + scores.translations[i]);
    lines.push_back("  reference:   " + dev.tgt[i]);
  }
  return lines;
}

std::unique_ptr<Validator> make_validator(const data::ParallelText& dev, const text::Vocab& src_vocab,
                                          const text::Vocab& tgt_vocab, int64_t max_positions, int64_t batch_tokens,
                                          ValidOptions options, const std::string& tgt_lang,
                                          const std::function<void(const std::string&)>& say) {
  if (dev.src.empty()) return nullptr;
  data::BatchOptions batch_options;
  batch_options.batch_tokens = batch_tokens;
  auto pairs = data::encode_pairs(dev, src_vocab, tgt_vocab, static_cast<int>(max_positions - 2), nullptr);
  const auto tokenizer = eval::bleu_tokenizer_for(tgt_lang);
  options.bleu_tokenizer = tokenizer.tokenizer;
  if (options.translate && !tokenizer.missing.empty()) {
    say(std::string("dev BLEU: tok:") + eval::tokenizer_name(tokenizer.tokenizer) + ", as sacreBLEU has " +
        tokenizer.missing + " for a " + tgt_lang + " target, which needs MeCab (not in nmt)");
  } else if (options.translate && tokenizer.tokenizer != eval::BleuTokenizer::k13a) {
    say(std::string("dev BLEU: tok:") + eval::tokenizer_name(tokenizer.tokenizer) + ", sacreBLEU's tokenizer for a " +
        tgt_lang + " target (--tgt-lang)");
  }
  return std::make_unique<Validator>(dev, data::make_batches(pairs, batch_options), src_vocab, tgt_vocab, options);
}

}  // namespace nmt::train
