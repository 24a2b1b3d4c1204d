#pragma once
// Marian's transformer models (OPUS-MT, Bergamot): a model.npz with its
// configuration inside (special:model.yml) and SentencePiece vocabularies,
// read into our Transformer so that translate, serve, bench and scoring run
// them as any of our models, with marian-decoder's search rules.
//
// What maps (Marian name -> ours; Marian stores matrices (in, out)):
//   Wemb | encoder_Wemb, decoder_Wemb   -> src_embed, tgt_embed (rows per vocabulary id)
//   decoder_ff_logit_out_b (+ _Wt)       -> output_bias (or output)
//   {encoder,decoder}_lN_self_W{q,k,v}   -> layer N-1 self_attn.qkv (q, k, v stacked)
//   decoder_lN_context_Wq, W{k,v}        -> cross_attn.q, cross_attn.kv
//   *_Wo, *_bo                           -> *.out
//   *_Wo_ln_{scale,bias}(_pre)            -> norm1 / norm2 (the sub-layer's LayerNorm)
//   *_ffn_W1/b1, W2/b2, *_ffn_ffn_ln_*    -> ffn.w1, ffn.w2, its LayerNorm
//   {encoder,decoder}_top_ln_*           -> encoder_norm, decoder_norm (pre-norm)
// and Marian's conventions become model options: swish or relu, LayerNorm
// epsilon 1e-6, positions as sine and cosine halves. Marian starts the
// decoder from a zero vector: our <s> gets a zero embedding row. Its </s>
// and <unk> ids are the vocabulary's (text/vocab.h maps them onto ours); the
// ids Marian lacks (<pad>, <s>) get an output bias of -1e9, so they take no
// probability from its words.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "nmt/model/transformer.h"
#include "nmt/text/vocab.h"

namespace nmt::interop {

struct MarianModel {
  model::ModelConfig config;
  model::Transformer model{nullptr};
  nlohmann::json marian;  // special:model.yml, as JSON
  std::vector<std::string> notes;  // what the user should know (options accepted with a caveat)
};

// Throws nmt::Error naming the option or array when the model uses
// something this importer does not reproduce (other model types, factors,
// learned or no positions, average attention, tied layers...), when arrays
// are missing or left over, or when the vocabularies do not fit the
// embeddings.
//
// The model's vocabulary ids are the SentencePiece models' own, or, when
// src_yml/tgt_yml name Marian .yml vocabularies (OPUS-MT's
// opus.spm32k-spm32k.vocab.yml: piece -> id; tgt_yml "" = src_yml), those
// files': SentencePiece then only segments. Pieces of a .yml that the
// SentencePiece model lacks cannot be output (their probability is left out
// of the softmax: such a model's scores differ from Marian's by that mass).
MarianModel read_marian_model(const std::string& npz_path, const text::Vocab& src_vocab, const text::Vocab& tgt_vocab,
                              const std::string& src_yml = "", const std::string& tgt_yml = "");

struct MarianImport {
  std::string npz, src_vocab, tgt_vocab;  // tgt_vocab "" = the source's
  std::string src_yml, tgt_yml;           // Marian .yml vocabularies, when the model's ids are theirs
  std::string src_lang, tgt_lang;         // saved with the model, as nmt train --src-lang does
};

// Writes out_dir/checkpoint-00000000.pt and config.json: a run directory that
// nmt translate, serve and bench take. Its "decode" section makes Marian's
// search rules the default for this model. Returns the checkpoint's path.
std::string import_marian(const MarianImport& options, const std::string& out_dir, std::vector<std::string>* notes);

}  // namespace nmt::interop
