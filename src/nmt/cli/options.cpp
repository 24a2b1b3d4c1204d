#include "nmt/cli/options.h"

#include <dlfcn.h>

#include <filesystem>
#include <fstream>
#include <iostream>

#include "nmt/common/error.h"
#include "nmt/decode/decode_options.h"
#include "nmt/decode/engine_setup.h"
#include "nmt/train/run_config.h"
#include "nmt/train/train_options.h"

namespace nmt::cli {

void add_engine_options(CLI::App& app, decode::EngineChoice& choice) {
  app.add_option_function<std::string>(
         "--quantize", [&choice](const std::string& v) { choice.int8 = v == "int8"; },
         "int8: linear layers multiply in int8 (weights per output channel, activations per call; CPU); none: "
         "float32; default: the run's own (int8 for a student of nmt distill), else none")
      ->check(CLI::IsMember({"none", "int8"}));
  app.add_option_function<std::string>(
      "--shortlist", [&choice](const std::string& v) { choice.shortlist = v; },
      "Score only the target pieces that this shortlist (nmt shortlist) gives each batch's sources: a smaller "
      "output layer, faster (CPU engine); none: without one; default: the run's own (a student of nmt distill has "
      "RUN_DIR/shortlist.bin)");
}

void add_train_options(CLI::App& app, nlohmann::json& overrides, const std::vector<std::string>& keys,
                       const std::string& prefix) {
  add_table_options<train::TrainOptions>(
      app, train::train_option_table(), train::TrainOptions{}, keys, prefix,
      [&overrides](const train::TrainOptionSpec& spec, const nlohmann::json& value) {
        overrides["train"][spec.key] = value;
      });
}

void add_data_options(CLI::App& app, nlohmann::json& overrides, const std::vector<std::string>& keys) {
  add_table_options<nlohmann::json>(app, train::data_option_table(), nlohmann::json(nullptr), keys, "",
                                    [&overrides](const train::DataOptionSpec& spec, const nlohmann::json& value) {
                                      overrides["data"][spec.key] = value;
                                    });
}

std::map<std::string, CLI::Option*> add_decoding_options(CLI::App& app, decode::TranslateOptions& options,
                                                         const std::vector<std::string>& keys,
                                                         std::set<std::string>* given) {
  return add_table_options<decode::TranslateOptions>(
      app, decode::decode_option_table(), decode::TranslateOptions{}, keys, "",
      [&options, given](const decode::DecodeOptionSpec& spec, const nlohmann::json& value) {
        spec.set(value, options);
        if (given != nullptr) given->insert(spec.key);
      });
}

void add_model_shape_options(CLI::App& app, nlohmann::json& overrides) {
  config_option<int64_t>(app, "--d-model", overrides, "model", "d_model", "Model width");
  config_option<int64_t>(app, "--heads", overrides, "model", "heads", "Attention heads");
  config_option<int64_t>(app, "--encoder-layers", overrides, "model", "encoder_layers", "Encoder layers");
  config_option<int64_t>(app, "--decoder-layers", overrides, "model", "decoder_layers", "Decoder layers");
  config_option<int64_t>(app, "--ffn", overrides, "model", "ffn", "Feed-forward inner width");
}

void warn_if_slow_blas() {
  // Where does the sgemm_ that torch calls resolve? Debian's libblas.so.3 is an
  // alternatives link: follow it to the real file, and warn when that is the
  // reference BLAS. (A loaded libopenblas proves nothing: another dependency
  // may pull it in while sgemm_ still binds to the reference library. Builds
  // with their own BLAS inside libtorch_cpu, such as PyTorch's, are fine.)
  void* sgemm = ::dlsym(RTLD_DEFAULT, "sgemm_");
  Dl_info info{};
  if (sgemm == nullptr || ::dladdr(sgemm, &info) == 0 || info.dli_fname == nullptr) return;
  std::error_code ec;
  auto library = std::filesystem::canonical(info.dli_fname, ec);
  if (ec) library = info.dli_fname;
  const std::string path = library.string(), name = library.filename().string();
  const bool reference = name.rfind("libblas.so", 0) == 0 && path.find("openblas") == std::string::npos &&
                         path.find("blis") == std::string::npos && path.find("atlas") == std::string::npos;
  if (reference) {
    std::cerr << "warning: torch's matrix products run on the reference BLAS (" << path
              << "), about 20x slower than an optimized one.\n"
                 "         Install OpenBLAS: apt-get install libopenblas0-pthread\n";
  }
}

}  // namespace nmt::cli
