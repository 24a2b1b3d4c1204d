#include "nmt/cli/options.h"

#include <dlfcn.h>

#include <filesystem>
#include <fstream>
#include <iostream>

#include "nmt/common/error.h"
#include "nmt/decode/decode_options.h"
#include "nmt/decode/engine_setup.h"
#include "nmt/model/config_options.h"
#include "nmt/train/run_config.h"
#include "nmt/train/train_options.h"

namespace nmt::cli {

void add_engine_options(CLI::App& app, decode::EngineChoice& choice) {
  add_table_options<decode::EngineChoice>(
      app, decode::engine_option_table(), nullptr, {}, "",
      [&choice](const decode::EngineOptionSpec& spec, const nlohmann::json& value) { spec.set(value, choice); });
}

void add_train_options(CLI::App& app, nlohmann::json& overrides, const std::vector<std::string>& keys,
                       const std::string& prefix) {
  const train::TrainOptions train_defaults;
  const auto added = add_table_options<train::TrainOptions>(
      app, train::train_option_table(), &train_defaults, keys, prefix,
      [&overrides](const train::TrainOptionSpec& spec, const nlohmann::json& value) {
        overrides["train"][spec.key] = value;
      });
  if (!keys.empty() && std::find(keys.begin(), keys.end(), "bf16") == keys.end()) return;
  // --precision: --bf16, --no-bf16 and --fp16 as one choice (train.bf16 and train.fp16).
  auto* precision = app.add_option_function<std::string>(
      "--precision",
      [&overrides](const std::string& name) {
        overrides["train"]["bf16"] = name == "auto" ? nlohmann::json("auto") : nlohmann::json(name == "bf16");
        overrides["train"]["fp16"] = name == "fp16";
      },
      prefix + "auto | fp32 | bf16 | fp16: the matrix products' type, as --bf16, --no-bf16 and --fp16 say it "
               "(weights, loss and Adam stay float32); auto: bf16 where the CPU or GPU multiplies it natively");
  precision->check(CLI::IsMember({"auto", "fp32", "bf16", "fp16"}));
  for (const auto* key : {"bf16", "fp16"}) {
    const auto it = added.find(key);
    if (it != added.end()) precision->excludes(it->second);
  }
}

void add_data_options(CLI::App& app, nlohmann::json& overrides, const std::vector<std::string>& keys) {
  const nlohmann::json data_defaults;  // each row's own
  add_table_options<nlohmann::json>(app, train::data_option_table(), &data_defaults, keys, "",
                                    [&overrides](const train::DataOptionSpec& spec, const nlohmann::json& value) {
                                      overrides["data"][spec.key] = value;
                                    });
}

std::map<std::string, CLI::Option*> add_decoding_options(CLI::App& app, decode::TranslateOptions& options,
                                                         const std::vector<std::string>& keys,
                                                         std::set<std::string>* given) {
  const decode::TranslateOptions decode_defaults;
  return add_table_options<decode::TranslateOptions>(
      app, decode::decode_option_table(), &decode_defaults, keys, "",
      [&options, given](const decode::DecodeOptionSpec& spec, const nlohmann::json& value) {
        spec.set(value, options);
        if (given != nullptr) given->insert(spec.key);
      });
}

void add_model_options(CLI::App& app, nlohmann::json& overrides, const std::vector<std::string>& keys) {
  add_table_options<model::ModelConfig>(app, model::model_option_table(), nullptr, keys, "",
                                        [&overrides](const model::ModelOptionSpec& spec, const nlohmann::json& value) {
                                          overrides["model"][spec.key] = value;
                                        });
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
