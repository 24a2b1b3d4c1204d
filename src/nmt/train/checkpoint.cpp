#include "nmt/train/checkpoint.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <regex>
#include <sstream>
#include <tuple>

#include <ATen/CPUGeneratorImpl.h>
#include <torch/torch.h>

#include "nmt/common/durable_file.h"
#include "nmt/common/error.h"
#include "nmt/text/vocab.h"

namespace fs = std::filesystem;

namespace nmt::train {

std::string trained_language(const nlohmann::json& config, const std::string& key) {
  const auto data = config.find("data");
  if (data == config.end() || !data->is_object()) return "";
  const auto lang = data->find(key);
  return lang != data->end() && lang->is_string() ? lang->get<std::string>() : "";
}

namespace {

constexpr int64_t kFormatVersion = 1;

torch::Tensor bytes_tensor(const std::string& s) {
  auto t = torch::empty({static_cast<int64_t>(s.size())}, torch::kUInt8);
  std::memcpy(t.data_ptr<uint8_t>(), s.data(), s.size());
  return t;
}

std::string tensor_bytes(const torch::Tensor& t) {
  auto c = t.contiguous();
  return std::string(reinterpret_cast<const char*>(c.data_ptr<uint8_t>()), static_cast<size_t>(c.numel()));
}

// The first line of a c10::Error, without its C++ stack trace.
std::string first_line(const std::exception& e) {
  std::string what = e.what();
  return what.substr(0, what.find('\n'));
}

// Tensors come back on `device` whatever device they were saved from.
torch::serialize::InputArchive open_archive(const std::string& path, const torch::Device& device = torch::kCPU) {
  NMT_CHECK(fs::exists(path), "checkpoint " << path << " does not exist");
  torch::serialize::InputArchive archive;
  try {
    archive.load_from(path, device);
  } catch (const std::exception& e) {
    NMT_FAIL("cannot read checkpoint " << path << ": the file is truncated or not an nmt checkpoint ("
                                       << first_line(e) << ")");
  }
  return archive;
}

// Every parameter and buffer of the model, by name, with its shape as "256x64".
std::map<std::string, std::string> tensor_shapes(const model::Transformer& model) {
  std::map<std::string, std::string> shapes;
  auto add = [&](const std::string& name, const torch::Tensor& t) {
    std::ostringstream s;
    for (int64_t i = 0; i < t.dim(); ++i) s << (i ? "x" : "") << t.size(i);
    shapes[name] = s.str();
  };
  for (const auto& item : model->named_parameters()) add(item.key(), item.value());
  for (const auto& item : model->named_buffers()) add(item.key(), item.value());
  return shapes;
}

// The default generator of a device; its mutex guards get/set_state.
at::Generator default_generator(const torch::Device& device) {
  return device.is_cpu() ? at::detail::getDefaultCPUGenerator() : at::globalContext().defaultGenerator(device);
}

torch::Tensor generator_state(const torch::Device& device) {
  auto generator = default_generator(device);
  std::lock_guard<std::mutex> lock(generator.mutex());
  return generator.get_state();
}

}  // namespace

void save_checkpoint(const std::string& path, model::Transformer& model, torch::optim::Optimizer* optimizer,
                     const CheckpointInfo& info, model::Transformer* training_weights) {
  torch::serialize::OutputArchive archive;
  torch::serialize::OutputArchive weights;
  model->save(weights);
  archive.write("model", weights);
  if (training_weights != nullptr) {
    torch::serialize::OutputArchive trained;
    (*training_weights)->save(trained);
    archive.write("training_weights", trained);
  }
  if (optimizer != nullptr) {
    torch::serialize::OutputArchive moments;
    optimizer->save(moments);
    archive.write("optimizer", moments);
  }
  nlohmann::json meta = {{"format", "nmt-checkpoint"}, {"version", kFormatVersion}, {"step", info.step},
                         {"epoch", info.epoch}, {"config", info.config}, {"progress", info.progress}};
  if (info.with_rng_state) {
    const auto device = model->parameters().empty() ? torch::Device(torch::kCPU) : model->parameters()[0].device();
    archive.write("rng_cpu", generator_state(torch::kCPU));
    if (!device.is_cpu()) archive.write("rng_device", generator_state(device));
  }
  archive.write("meta", bytes_tensor(meta.dump()));
  archive.write("src_vocab", bytes_tensor(info.src_vocab));
  archive.write("tgt_vocab", bytes_tensor(info.tgt_vocab));

  // Through a temporary file, synced and renamed, every write checked: a
  // full disk or a kill mid-write never damages a checkpoint already there.
  write_file_durably(
      path, [&](const ByteSink& sink) { archive.save_to([&](const void* data, size_t size) { return sink(data, size); }); },
      "checkpoint");
}

namespace {

// Loads `weights` into `model`, built from the checkpoint's config. LibTorch's
// load replaces each tensor, shape included, so a tensor whose shape
// disagrees with the config would slip through: compare afterwards.
void load_weights(torch::serialize::InputArchive& weights, model::Transformer& model, const std::string& path,
                  const char* what, const nlohmann::json& model_json) {
  const auto expected = tensor_shapes(model);
  try {
    model->load(weights);
  } catch (const std::exception& e) {
    NMT_FAIL("checkpoint " << path << ": " << what << " do not match its model config (" << first_line(e) << ")");
  }
  for (const auto& [name, found] : tensor_shapes(model)) {
    NMT_CHECK(found == expected.at(name), "checkpoint " << path << ": tensor " << name << " of " << what << " is "
                                                        << found << " but its model config " << model_json.dump()
                                                        << " makes it " << expected.at(name));
  }
}

}  // namespace

namespace {
// The metadata and vocabularies of an open checkpoint, checked to be ours.
CheckpointInfo read_info(torch::serialize::InputArchive& archive, const std::string& path) {
  CheckpointInfo info;
  nlohmann::json meta;
  try {
    torch::Tensor t;
    archive.read("meta", t);
    meta = nlohmann::json::parse(tensor_bytes(t));
    archive.read("src_vocab", t);
    info.src_vocab = tensor_bytes(t);
    archive.read("tgt_vocab", t);
    info.tgt_vocab = tensor_bytes(t);
  } catch (const std::exception& e) {
    NMT_FAIL("checkpoint " << path << " lacks nmt metadata (" << first_line(e) << ")");
  }
  NMT_CHECK(meta.value("format", "") == "nmt-checkpoint", "checkpoint " << path << " is not an nmt checkpoint");
  NMT_CHECK(meta.value("version", 0) == kFormatVersion,
            "checkpoint " << path << " has format version " << meta.value("version", 0) << ", this nmt reads version "
                          << kFormatVersion);
  info.step = meta.at("step").get<int64_t>();
  info.epoch = meta.value("epoch", 0);
  info.config = meta.at("config");
  info.progress = meta.value("progress", nlohmann::json::object());
  NMT_CHECK(info.config.is_object() && info.config.contains("model"),
            "checkpoint " << path << " has no model configuration");
  return info;
}
}  // namespace

CheckpointInfo read_checkpoint_info(const std::string& path) {
  auto archive = open_archive(path);
  return read_info(archive, path);
}

bool has_optimizer_state(const std::string& path) {
  auto archive = open_archive(path);
  torch::serialize::InputArchive moments;
  return archive.try_read("optimizer", moments);
}

LoadedCheckpoint load_checkpoint(const std::string& path, bool with_training_weights) {
  auto archive = open_archive(path);
  LoadedCheckpoint out;
  out.path = path;
  out.info = read_info(archive, path);
  out.model_config = model::model_config_from_json(out.info.config.at("model"));
  const auto& model_json = out.info.config.at("model");
  out.model = model::Transformer(out.model_config);
  {
    torch::serialize::InputArchive weights;
    try {
      archive.read("model", weights);
    } catch (const std::exception& e) {
      NMT_FAIL("checkpoint " << path << ": its weights do not match its model config (" << first_line(e) << ")");
    }
    load_weights(weights, out.model, path, "its weights", model_json);
  }
  torch::serialize::InputArchive training;
  if (with_training_weights && archive.try_read("training_weights", training)) {
    out.training_weights = model::Transformer(out.model_config);
    load_weights(training, out.training_weights, path, "its training weights", model_json);
  }
  return out;
}

void load_optimizer_state(const std::string& path, torch::optim::Optimizer& optimizer, const torch::Device& device) {
  auto archive = open_archive(path, device);
  torch::serialize::InputArchive moments;
  try {
    archive.read("optimizer", moments);
    optimizer.load(moments);
  } catch (const std::exception& e) {
    NMT_FAIL("checkpoint " << path << ": cannot restore the optimizer state (" << first_line(e) << ")");
  }
}

void restore_rng_state(const std::string& path, const torch::Device& device) {
  auto archive = open_archive(path);
  auto restore = [&](const char* key, const torch::Device& on) {
    torch::Tensor state;
    try {
      archive.read(key, state);
    } catch (const std::exception& e) {
      NMT_FAIL("checkpoint " << path << " holds no random generator state '" << key << "' (" << first_line(e) << ")");
    }
    auto generator = default_generator(on);
    std::lock_guard<std::mutex> lock(generator.mutex());
    generator.set_state(state);
  };
  restore("rng_cpu", torch::kCPU);
  if (!device.is_cpu()) restore("rng_device", device);
}

std::string checkpoint_name(int64_t step) {
  char name[64];
  std::snprintf(name, sizeof name, "checkpoint-%08lld.pt", static_cast<long long>(step));
  return name;
}

namespace {
std::vector<std::pair<int64_t, std::string>> list_checkpoints(const std::string& run_dir) {
  std::vector<std::pair<int64_t, std::string>> found;
  if (!fs::is_directory(run_dir)) return found;
  static const std::regex pattern(R"(checkpoint-(\d+)\.pt)");
  for (const auto& entry : fs::directory_iterator(run_dir)) {
    std::smatch m;
    const std::string name = entry.path().filename().string();
    if (std::regex_match(name, m, pattern)) found.emplace_back(std::stoll(m[1]), entry.path().string());
  }
  std::sort(found.begin(), found.end());
  return found;
}
}  // namespace

std::string latest_checkpoint(const std::string& run_dir) {
  auto found = list_checkpoints(run_dir);
  return found.empty() ? std::string() : found.back().second;
}

std::vector<std::string> newest_checkpoints(const std::string& run_dir, int64_t count) {
  const auto found = list_checkpoints(run_dir);
  std::vector<std::string> paths;
  for (size_t i = found.size() - std::min(found.size(), static_cast<size_t>(std::max<int64_t>(count, 0)));
       i < found.size(); ++i) {
    paths.push_back(found[i].second);
  }
  return paths;
}

std::string average_name(int64_t step) {
  char name[64];
  std::snprintf(name, sizeof name, "average-%08lld.pt", static_cast<long long>(step));
  return name;
}

LoadedModels load_models(const std::vector<std::string>& run_dirs_or_files) {
  NMT_CHECK(!run_dirs_or_files.empty(), "no model given");
  LoadedModels out;
  for (const auto& path : run_dirs_or_files) out.checkpoints.push_back(load_checkpoint(resolve_checkpoint(path)));
  const auto& first = out.checkpoints.front();
  out.src_vocab = first.info.src_vocab, out.tgt_vocab = first.info.tgt_vocab;
  const auto first_src = text::Vocab::from_serialized(first.info.src_vocab);
  const auto first_tgt = text::Vocab::from_serialized(first.info.tgt_vocab);
  for (const auto& c : out.checkpoints) {
    if (&c != &first) {
      for (const auto& [side, mine, theirs] : {std::tuple{"target", &first_tgt, &c.info.tgt_vocab},
                                               std::tuple{"source", &first_src, &c.info.src_vocab}}) {
        const auto difference = text::vocab_difference(*mine, text::Vocab::from_serialized(*theirs));
        NMT_CHECK(!difference, "the models of an ensemble must share the " << side << " vocabulary, but "
                                   << first.path << " and " << c.path << " differ: " << *difference);
      }
    }
    out.models.push_back(c.model);
  }
  return out;
}

std::string resolve_checkpoint(const std::string& run_dir_or_file) {
  NMT_CHECK(fs::exists(run_dir_or_file), "model " << run_dir_or_file << " does not exist");
  if (!fs::is_directory(run_dir_or_file)) return run_dir_or_file;
  const auto found = list_checkpoints(run_dir_or_file);
  NMT_CHECK(!found.empty(), "run directory " << run_dir_or_file << " holds no checkpoint-*.pt");
  const fs::path average = fs::path(run_dir_or_file) / average_name(found.back().first);
  return fs::exists(average) ? average.string() : found.back().second;
}

void prune_checkpoints(const std::string& run_dir, int keep) {
  auto found = list_checkpoints(run_dir);
  for (size_t i = 0; i + static_cast<size_t>(std::max(keep, 1)) < found.size(); ++i) fs::remove(found[i].second);
}

}  // namespace nmt::train
