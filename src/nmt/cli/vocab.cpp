// nmt vocab: trains the SentencePiece vocabulary that train and translate use.
#include <CLI/CLI.hpp>

#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>

#include "nmt/cli/commands.h"
#include "nmt/text/vocab.h"

namespace nmt::cli {

void add_vocab_command(CLI::App& app) {
  // The callback runs after parsing, so the option values must outlive this call.
  auto options = std::make_shared<text::VocabOptions>();
  auto out_dir = std::make_shared<std::string>();

  CLI::App* command = app.add_subcommand("vocab", "Train a SentencePiece vocabulary on text files");
  command->add_option("--input", options->inputs,
                      "Training text, one sentence a line, plain or .gz; repeat for several files "
                      "(source and target for a joint vocabulary)")
      ->required();
  command->add_option("--size", options->size, "Number of pieces, the 4 reserved ids included")
      ->capture_default_str();
  command->add_option("--type", options->type, "Segmentation model")
      ->check(CLI::IsMember({"bpe", "unigram"}))
      ->capture_default_str();
  command->add_option("--character-coverage", options->character_coverage,
                      "Share of characters the vocabulary covers; the rest become <unk> "
                      "(1.0 for small alphabets, 0.9995 for CJK)")
      ->capture_default_str();
  command->add_flag("--byte-fallback", options->byte_fallback,
                    "Characters outside the vocabulary become their UTF-8 bytes (<0xE6>...), never <unk>; needs "
                    "more than 260 pieces");
  command->add_option("--normalization", options->normalization,
                      "SentencePiece's normalization rule: nmt_nfkc (NFKC; also folds full-width punctuation to "
                      "ASCII) or identity (the text as written: for a Chinese or Japanese target)")
      ->check(CLI::IsMember(text::normalization_rules()))
      ->capture_default_str();
  command->add_option("--threads", options->threads, "Training threads")->capture_default_str();
  command->add_option("--input-sentence-size", options->input_sentence_size,
                      "Lines sampled from the inputs for training; 0 = all")
      ->capture_default_str();
  command->add_option("--seed", options->seed, "Random seed of the sampling")->capture_default_str();
  command->add_option("--out", *out_dir, "Vocabulary folder to write (spm.model, spm.vocab)")
      ->required();

  command->callback([options, out_dir] {
    const auto start = std::chrono::steady_clock::now();
    // train_vocab checks the inputs (exist, UTF-8, not empty) before spm sees them.
    const std::string model_path = text::train_vocab(*options, *out_dir);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const text::Vocab vocab = text::Vocab::load(model_path);
    const auto vocab_path = std::filesystem::path(model_path).replace_extension(".vocab");
    std::cout << "wrote " << model_path << " and " << vocab_path.string() << ": " << vocab.size()
              << " " << options->type << " pieces from " << options->inputs.size()
              << " file(s) in " << std::fixed << std::setprecision(1) << seconds << " s\n";
  });
}

}  // namespace nmt::cli
