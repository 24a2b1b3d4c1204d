// A model trained by Marian itself (../shared/fixtures/marian-tiny-en-es),
// imported and run: greedy and beam-4 translations, the n-best lists and
// marian-scorer's scores must be Marian's own. Then the importer's refusals,
// each on a copy of the model with one thing changed.
#include <gtest/gtest.h>
#include <zip.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <torch/torch.h>

#include "error_message.h"
#include "nmt/decode/score_pairs.h"
#include "nmt/decode/translator.h"
#include "nmt/interop/marian.h"
#include "nmt/interop/npz.h"
#include "nmt/model/threads.h"

namespace nmt::interop {
namespace {

namespace fs = std::filesystem;
const std::string kFixture = std::string(NMT_SHARED) + "/fixtures/marian-tiny-en-es";

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

class MarianFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(kFixture + "/model.npz")) GTEST_SKIP() << kFixture << " is absent";
    model::set_cpu_threads(1);
  }
  static const text::Vocab& vocab() {
    static const auto v = text::Vocab::load(kFixture + "/vocab.spm");
    return v;
  }
  static MarianModel& imported() {
    static MarianModel m = read_marian_model(kFixture + "/model.npz", vocab(), vocab());
    return m;
  }
  // As marian-decoder's defaults: its search rules, max-length-factor 3, no <unk>.
  static decode::TranslateOptions marian_options(int64_t beam, double normalize, int64_t n_best) {
    decode::TranslateOptions o;
    decode::apply_model_defaults(nlohmann::json{{"decode", {{"search", "marian"}, {"max_length_factor", 3.0},
                                                            {"allow_unk", false}}}},
                                 o, {});
    o.search.beam = beam, o.search.normalize = normalize, o.search.n_best = n_best;
    return o;
  }
  static std::vector<std::vector<int>> sources() {
    std::vector<std::vector<int>> ids;
    for (const auto& line : read_lines(kFixture + "/input.en")) ids.push_back(vocab().encode(line));
    return ids;
  }
};

TEST_F(MarianFixture, Greedy_IdenticalToMarianDecoder) {
  decode::Translator translator(imported().model, torch::kCPU);
  const auto ours = translator.translate_lines(read_lines(kFixture + "/input.en"), vocab(), vocab(),
                                               marian_options(1, 0, 1));
  const auto theirs = read_lines(kFixture + "/greedy.es");
  ASSERT_EQ(ours.size(), theirs.size());
  int same = 0;
  for (size_t i = 0; i < ours.size(); ++i) {
    same += ours[i] == theirs[i];
    EXPECT_EQ(ours[i], theirs[i]) << "line " << i + 1;
  }
  std::cout << "greedy: " << same << " of " << ours.size() << " lines identical to marian-decoder -b 1\n";
}

// beam4.nbest: "id ||| text ||| WordScores= ... ||| F0= f ||| total".
struct NBestEntry {
  size_t id;
  std::string text;
  std::vector<double> word_scores;
  double f0, total;
};

std::vector<NBestEntry> read_nbest(const std::string& path) {
  std::vector<NBestEntry> entries;
  for (const auto& line : read_lines(path)) {
    std::vector<std::string> fields;
    for (size_t at = 0;;) {
      const size_t bar = line.find(" ||| ", at);
      fields.push_back(line.substr(at, bar == std::string::npos ? std::string::npos : bar - at));
      if (bar == std::string::npos) break;
      at = bar + 5;
    }
    EXPECT_EQ(fields.size(), 5u) << line;
    NBestEntry e;
    e.id = std::stoul(fields[0]);
    e.text = fields[1];
    std::istringstream words(fields[2].substr(std::string("WordScores=").size()));
    for (double s; words >> s;) e.word_scores.push_back(s);
    e.f0 = std::stod(fields[3].substr(4));
    e.total = std::stod(fields[4]);
    entries.push_back(e);
  }
  return entries;
}

// Marian prints F0 and the total to 6 significant digits, word scores to 5 decimals.
TEST_F(MarianFixture, Beam4_NBestListsAreMariansInOrderAndScore) {
  decode::Translator translator(imported().model, torch::kCPU);
  const auto found = translator.translate(sources(), marian_options(4, 0.6, 4));
  const auto theirs = read_nbest(kFixture + "/beam4.nbest");
  std::vector<NBestEntry> ours;
  for (size_t i = 0; i < found.size(); ++i) {
    for (const auto& h : found[i]) {
      ours.push_back({i, vocab().decode(h.tokens), {h.token_log_probs.begin(), h.token_log_probs.end()}, h.log_prob,
                      h.score});
    }
  }
  ASSERT_EQ(ours.size(), theirs.size());
  double worst_total = 0, worst_f0 = 0, worst_word = 0;
  int same = 0;
  for (size_t k = 0; k < ours.size(); ++k) {
    const auto &a = ours[k], &b = theirs[k];
    EXPECT_EQ(a.id, b.id) << "entry " << k;
    EXPECT_EQ(a.text, b.text) << "entry " << k << " (line " << b.id + 1 << ")";
    same += a.id == b.id && a.text == b.text;
    ASSERT_EQ(a.word_scores.size(), b.word_scores.size()) << "entry " << k;
    for (size_t j = 0; j < a.word_scores.size(); ++j) worst_word = std::max(worst_word, std::abs(a.word_scores[j] - b.word_scores[j]));
    worst_f0 = std::max(worst_f0, std::abs(a.f0 - b.f0));
    worst_total = std::max(worst_total, std::abs(a.total - b.total));
  }
  EXPECT_LT(worst_total, 1e-3);
  EXPECT_LT(worst_f0, 1e-3 + 1e-6);  // -124.356 is printed to 0.001
  EXPECT_LT(worst_word, 1e-4);
  std::cout << "beam 4 n-best: " << same << " of " << ours.size() << " entries identical in order; largest "
            << "difference: total " << worst_total << ", F0 " << worst_f0 << ", word score " << worst_word << "\n";
}

TEST_F(MarianFixture, ScorePairs_EqualsMarianScorer) {
  std::vector<std::vector<int>> src, tgt;
  for (const auto& line : read_lines(kFixture + "/scorer.src")) src.push_back(vocab().encode(line));
  for (const auto& line : read_lines(kFixture + "/scorer.tgt")) tgt.push_back(vocab().encode(line));
  const auto scores = decode::score_pairs(imported().model, src, tgt, 8, torch::kCPU);
  const auto theirs = read_lines(kFixture + "/scorer.scores");
  ASSERT_EQ(scores.size(), theirs.size());
  double worst = 0;
  for (size_t i = 0; i < scores.size(); ++i) worst = std::max(worst, std::abs(scores[i].log_prob - std::stod(theirs[i])));
  EXPECT_LT(worst, 1e-3);
  std::cout << "score-pairs: largest difference from marian-scorer " << worst << "\n";
}

// Each token's log-probability, teacher-forced on Marian's own n-best
// hypotheses, is the WordScores= field marian-decoder printed for them
// (5 decimals), and the pieces' sum is the pair's log_prob.
TEST_F(MarianFixture, ScorePairs_TokenLogProbsAreMariansWordScores) {
  const auto entries = read_nbest(kFixture + "/beam4.nbest");
  const auto all_sources = sources();
  std::vector<std::vector<int>> src, tgt;
  std::vector<std::vector<double>> theirs;
  for (size_t k = 0; k < entries.size(); k += 2) {  // every other entry: 200 pairs
    src.push_back(all_sources[entries[k].id]);
    tgt.push_back(vocab().encode(entries[k].text));
    theirs.push_back(entries[k].word_scores);
  }
  const auto scores = decode::score_pairs(imported().model, src, tgt, 16, torch::kCPU);
  double worst = 0, worst_sum = 0;
  size_t compared = 0;
  for (size_t i = 0; i < scores.size(); ++i) {
    // A hypothesis re-encoded from its text may split otherwise than the search produced it.
    if (scores[i].token_log_probs.size() != theirs[i].size()) continue;
    ++compared;
    double sum = 0;
    for (size_t j = 0; j < theirs[i].size(); ++j) {
      worst = std::max(worst, std::abs(scores[i].token_log_probs[j] - theirs[i][j]));
      sum += scores[i].token_log_probs[j];
    }
    worst_sum = std::max(worst_sum, std::abs(sum - scores[i].log_prob));
  }
  EXPECT_GE(compared, scores.size() * 9 / 10);
  EXPECT_LT(worst, 1e-4);
  EXPECT_LT(worst_sum, 1e-3);
  std::cout << "token log-probabilities: " << compared << " pairs, largest difference from Marian's word scores "
            << worst << "\n";
}

// An ensemble's token log-probability is the weighted sum of its models'.
TEST_F(MarianFixture, ScorePairs_EnsembleIsTheWeightedSumOfItsModels) {
  std::vector<std::vector<int>> src, tgt;
  for (const auto& line : read_lines(kFixture + "/scorer.src")) src.push_back(vocab().encode(line));
  for (const auto& line : read_lines(kFixture + "/scorer.tgt")) tgt.push_back(vocab().encode(line));
  // A second model: the fixture with its output bias shifted per piece.
  auto second = read_marian_model(kFixture + "/model.npz", vocab(), vocab()).model;
  {
    torch::NoGradGuard no_grad;
    bool shifted = false;
    for (auto& p : second->named_parameters()) {
      if (p.key().find("bias") != std::string::npos && p.value().dim() == 1 && p.value().size(0) == vocab().size()) {
        p.value().add_(torch::linspace(-1, 1, vocab().size()));
        shifted = true;
      }
    }
    ASSERT_TRUE(shifted) << "no output bias found";
  }
  const auto a = decode::score_pairs(imported().model, src, tgt, 8, torch::kCPU);
  const auto b = decode::score_pairs(second, src, tgt, 8, torch::kCPU);
  const decode::Translator ensemble({imported().model, second}, {1, 3}, torch::kCPU);
  const auto both = decode::score_pairs(ensemble, src, tgt, 8);
  ASSERT_EQ(both.size(), a.size());
  double worst = 0;
  bool differ = false;
  for (size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(both[i].token_log_probs.size(), a[i].token_log_probs.size());
    for (size_t j = 0; j < a[i].token_log_probs.size(); ++j) {
      const double want = 0.25 * a[i].token_log_probs[j] + 0.75 * b[i].token_log_probs[j];
      worst = std::max(worst, std::abs(both[i].token_log_probs[j] - want));
      differ = differ || std::abs(a[i].token_log_probs[j] - b[i].token_log_probs[j]) > 1e-2;
    }
  }
  EXPECT_TRUE(differ) << "the second model scores as the first";
  EXPECT_LT(worst, 1e-5);
  EXPECT_THROW(decode::Translator({imported().model, second}, {1}, torch::kCPU), nmt::Error);
}

// OPUS-MT models take their ids from a .yml vocabulary, not from the
// SentencePiece model: the fixture with its ids reordered through a .yml
// (and its matrices' rows with them) translates as the fixture does.
TEST_F(MarianFixture, YamlVocabularyGivesTheModelsIds) {
  const auto dir = fs::temp_directory_path() / ("nmt-marian-yml-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const auto spm_ids = vocab().spm_ids();
  const int64_t V = 2000;
  auto yml_id = [&](int s) { return s < 2 ? s : static_cast<int>(V + 1 - s); };  // </s> 0, <unk> 1, the rest reversed
  std::ofstream yml(dir / "vocab.yml");
  for (int i = 0; i < vocab().size(); ++i) {
    if (spm_ids[i] < 0) continue;
    yml << nlohmann::json(vocab().piece(i)).dump() << ": " << yml_id(spm_ids[i]) << "\n";
  }
  yml.close();
  // The arrays with their vocabulary rows moved to the .yml's ids.
  auto arrays = read_npz(kFixture + "/model.npz");
  const std::string path = (dir / "model.npz").string();
  fs::copy_file(kFixture + "/model.npz", path, fs::copy_options::overwrite_existing);
  int error = 0;
  zip_t* z = zip_open(path.c_str(), 0, &error);
  ASSERT_NE(z, nullptr);
  std::vector<std::string> keep;
  keep.reserve(2);
  for (const std::string name : {"Wemb", "decoder_ff_logit_out_b"}) {
    auto& a = arrays[name];
    const int64_t width = a.elements() / V;
    std::string moved(a.bytes.size(), '\0');
    for (int s = 0; s < V; ++s)
      std::memcpy(&moved[yml_id(s) * width * 4], &a.bytes[s * width * 4], width * 4);
    zip_stat_t st;
    zip_stat(z, (name + ".npy").c_str(), 0, &st);
    zip_file_t* f = zip_fopen(z, (name + ".npy").c_str(), 0);
    std::string whole(st.size, '\0');
    zip_fread(f, whole.data(), st.size);
    zip_fclose(f);
    keep.push_back(whole.substr(0, whole.size() - moved.size()) + moved);
    zip_file_replace(z, zip_name_locate(z, (name + ".npy").c_str(), 0),
                     zip_source_buffer(z, keep.back().data(), keep.back().size(), 0), 0);
  }
  ASSERT_EQ(zip_close(z), 0);
  auto m = read_marian_model(path, vocab(), vocab(), (dir / "vocab.yml").string());
  decode::Translator translator(m.model, torch::kCPU);
  const auto ours = translator.translate_lines(read_lines(kFixture + "/input.en"), vocab(), vocab(),
                                               marian_options(1, 0, 1));
  EXPECT_EQ(ours, read_lines(kFixture + "/greedy.es"));
  // Read through the SentencePiece ids instead, the moved rows are wrong.
  auto wrong = read_marian_model(path, vocab(), vocab());
  decode::Translator wrong_translator(wrong.model, torch::kCPU);
  EXPECT_NE(wrong_translator.translate_lines(read_lines(kFixture + "/input.en"), vocab(), vocab(), marian_options(1, 0, 1)),
            read_lines(kFixture + "/greedy.es"));
  fs::remove_all(dir);
}

// ---- refusals, on copies of the model --------------------------------------

// A copy of the fixture's model.npz: special:model.yml with `from` replaced
// by `to`, `drop` left out, and `extra` (a 1x4 float32 array) added.
std::string altered_copy(const std::string& dir, const std::string& from, const std::string& to,
                         const std::string& drop = "", const std::string& extra = "") {
  const std::string path = dir + "/altered.npz";
  fs::copy_file(kFixture + "/model.npz", path, fs::copy_options::overwrite_existing);
  int error = 0;
  zip_t* z = zip_open(path.c_str(), 0, &error);
  EXPECT_NE(z, nullptr);
  static std::vector<std::string> keep;  // zip_source_buffer reads them at zip_close
  if (!from.empty()) {
    const zip_int64_t index = zip_name_locate(z, "special:model.yml.npy", 0);
    zip_stat_t st;
    zip_stat_index(z, index, 0, &st);
    zip_file_t* f = zip_fopen_index(z, index, 0);
    std::string bytes(st.size, '\0');
    zip_fread(f, bytes.data(), st.size);
    zip_fclose(f);
    const auto at = bytes.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    bytes.replace(at, from.size(), to);
    // Keep the array's declared length: pad or cut the YAML's NUL tail.
    const auto header_end = bytes.find('\n') + 1;
    const auto a = parse_npy(bytes.substr(0, header_end) + std::string(st.size - header_end, '\0'), "check");
    bytes.resize(st.size, '\0');
    (void)a;
    keep.push_back(bytes);
    zip_file_replace(z, index, zip_source_buffer(z, keep.back().data(), keep.back().size(), 0), 0);
  }
  if (!drop.empty()) zip_delete(z, zip_name_locate(z, (drop + ".npy").c_str(), 0));
  if (!extra.empty()) {
    std::string npy = "\x93NUMPY";
    std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 4), }";
    while ((10 + dict.size() + 1) % 64 != 0) dict += ' ';
    dict += '\n';
    npy += '\x01', npy += '\x00', npy += static_cast<char>(dict.size()), npy += '\x00';
    npy += dict + std::string(16, '\0');
    keep.push_back(npy);
    zip_file_add(z, (extra + ".npy").c_str(), zip_source_buffer(z, keep.back().data(), keep.back().size(), 0), 0);
  }
  EXPECT_EQ(zip_close(z), 0);
  return path;
}

class MarianRefusals : public MarianFixture {
 protected:
  void SetUp() override {
    MarianFixture::SetUp();
    dir_ = fs::temp_directory_path() / ("nmt-marian-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string refusal(const std::string& npz) {
    return testing::error_message([&] { read_marian_model(npz, vocab(), vocab()); });
  }
  fs::path dir_;
};

TEST_F(MarianRefusals, UnsupportedOptionsAreNamed) {
  auto npz = altered_copy(dir_.string(), "transformer-decoder-autoreg: self-attention",
                          "transformer-decoder-autoreg: average-attention");
  EXPECT_EQ(refusal(npz), npz + " uses transformer-decoder-autoreg: average-attention, which nmt cannot run: the "
                                "decoder must use self-attention (not average attention or an RNN)");
  npz = altered_copy(dir_.string(), "transformer-train-position-embeddings: false",
                     "transformer-train-position-embeddings: true");
  EXPECT_EQ(refusal(npz), npz + " uses transformer-train-position-embeddings: true, which nmt cannot run: learned "
                                "positions are not supported, only sinusoidal ones");
  npz = altered_copy(dir_.string(), "factors-dim-emb: 0", "factors-dim-emb: 8");
  EXPECT_EQ(refusal(npz), npz + " uses factors-dim-emb: 8, which nmt cannot run: factored vocabularies are not supported");
  npz = altered_copy(dir_.string(), "type: transformer", "type: amun");
  EXPECT_EQ(refusal(npz), npz + " uses type: amun, which nmt cannot run: only Marian's transformer models are "
                                "supported (not RNN, multi-source or language models)");
}

TEST_F(MarianRefusals, MissingAndUnknownArraysAreNamed) {
  auto npz = altered_copy(dir_.string(), "", "", "decoder_l2_ffn_W2");
  EXPECT_EQ(refusal(npz), npz + " has no array decoder_l2_ffn_W2 (the configuration says it should)");
  npz = altered_copy(dir_.string(), "", "", "", "Wpos");
  EXPECT_EQ(refusal(npz), npz + " holds arrays this importer does not know how to use (Wpos): a Marian feature nmt "
                                "does not run");
}

TEST_F(MarianRefusals, AnotherVocabularyOrAFileThatIsNoModel) {
  const std::string spm = dir_.string() + "/small";
  text::VocabOptions vo;
  std::ofstream(dir_.string() + "/text.txt") << "a small text for a small vocabulary\nof a few pieces\n";
  vo.inputs = {dir_.string() + "/text.txt"};
  vo.size = 40;
  const auto small = text::Vocab::load(text::train_vocab(vo, spm));
  EXPECT_NE(testing::error_message([&] { read_marian_model(kFixture + "/model.npz", small, small); })
                .find("Wemb has 2000 rows but the SentencePiece vocabulary has 40 entries: not the vocabulary this "
                      "model was trained with (an OPUS-MT model's ids come from its .yml vocabulary: --vocab-yml)"),
            std::string::npos);
  const std::string junk = dir_.string() + "/junk.npz";
  std::ofstream(junk) << "not a zip";
  EXPECT_EQ(refusal(junk).rfind("cannot read " + junk + " as an .npz (zip) archive: ", 0), 0u) << refusal(junk);
}

}  // namespace
}  // namespace nmt::interop
