// nmt import marian MODEL.npz --vocab SPM [--tgt-vocab SPM] --out RUN_DIR:
// a Marian (OPUS-MT) model as a run directory of ours (interop/marian.h).
#include <chrono>
#include <iomanip>
#include <iostream>

#include <CLI/CLI.hpp>

#include "nmt/cli/commands.h"
#include "nmt/interop/marian.h"

namespace nmt::cli {

void add_import_command(CLI::App& app) {
  CLI::App* c = app.add_subcommand("import", "Make a run directory from another toolkit's model");
  c->require_subcommand(1);
  auto options = std::make_shared<interop::MarianImport>();
  auto out = std::make_shared<std::string>();
  CLI::App* m = c->add_subcommand("marian", "A Marian transformer model.npz (OPUS-MT, Bergamot) and its "
                                            "SentencePiece vocabularies");
  m->add_option("model", options->npz, "The model .npz, with special:model.yml inside")->required()->check(CLI::ExistingFile);
  m->add_option("--vocab", options->src_vocab, "SentencePiece model of the source side (or of both)")
      ->required()->check(CLI::ExistingFile);
  m->add_option("--tgt-vocab", options->tgt_vocab, "SentencePiece model of the target side, when it has its own")
      ->check(CLI::ExistingFile);
  m->add_option("--vocab-yml", options->src_yml,
                "Marian .yml vocabulary giving the model's ids (OPUS-MT's opus.spm32k-spm32k.vocab.yml): when the "
                "model was trained with --vocabs *.yml, the .spm files only segment")
      ->check(CLI::ExistingFile);
  m->add_option("--tgt-vocab-yml", options->tgt_yml, "The target side's .yml vocabulary, when it has its own")
      ->check(CLI::ExistingFile);
  m->add_option("--src-lang", options->src_lang, "Source language code (en...), for nmt serve");
  m->add_option("--tgt-lang", options->tgt_lang, "Target language code, for nmt serve");
  m->add_option("--out", *out, "Run directory to write (checkpoint-00000000.pt, config.json)")->required();
  m->callback([options, out] {
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::string> notes;
    const auto path = interop::import_marian(*options, *out, &notes);
    for (const auto& note : notes) std::cerr << "note: " << note << "\n";
    std::cerr << "imported " << options->npz << " into " << path << " in " << std::fixed << std::setprecision(2)
              << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
              << " s; nmt translate --model " << *out << " decodes with Marian's search rules\n";
  });
}

}  // namespace nmt::cli
