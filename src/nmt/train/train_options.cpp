#include "nmt/train/train_options.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "nmt/common/config_file.h"
#include "nmt/common/error.h"
#include "nmt/train/early_stopping.h"

namespace nmt::train {

#define NMT_JSON_FIELDS(X)                                                                                          \
  X(max_steps) X(max_epochs) X(max_time) X(batch_tokens) X(accumulate) X(max_pass_tokens) X(max_len) X(lr)          \
  X(warmup) X(label_smoothing) X(clip) X(max_bad_steps) X(threads) X(seed) X(log_every) X(valid_every)             \
  X(valid_translate) X(valid_beam) X(valid_max_sentences) X(early_stopping_metric) X(patience) X(save_every)        \
  X(keep_checkpoints) X(ema) X(average_last) X(valid_show) X(device) X(chunk_pairs) X(clean) X(replicas) X(lr_schedule) X(dist_backend) X(dist_timeout) X(dist_bucket_mb) \
  X(init_from) X(init_keep_optimizer)

nlohmann::json to_json(const TrainOptions& o) {
  nlohmann::json j;
#define X(name) j[#name] = o.name;
  NMT_JSON_FIELDS(X)
#undef X
  j["bf16"] = o.bf16 ? nlohmann::json(*o.bf16) : nlohmann::json("auto");
  j["clean_min_words"] = o.clean_options.min_words;
  j["clean_max_words"] = o.clean_options.max_words;
  j["clean_max_ratio"] = o.clean_options.max_ratio;
  j["clean_drop_duplicates"] = o.clean_options.drop_duplicates;
  return j;
}

namespace {
std::vector<std::string> names_of(const nlohmann::json& fields) {
  std::vector<std::string> names;
  for (const auto& [key, value] : fields.items()) names.push_back(key);
  return names;
}
}  // namespace

TrainOptions train_options_from_json(const nlohmann::json& j, TrainOptions o) {
  NMT_CHECK(j.is_object(), "train config must be an object, got: " << j.dump());
  for (const auto& [key, value] : j.items()) {
    bool known = false;
    try {
#define X(name)                                     \
  if (key == #name) {                               \
    o.name = value.get<decltype(o.name)>();         \
    known = true;                                   \
  }
      NMT_JSON_FIELDS(X)
#undef X
#define Y(key_name, field)                          \
  if (key == key_name) {                            \
    o.field = value.get<decltype(o.field)>();       \
    known = true;                                   \
  }
      Y("clean_min_words", clean_options.min_words) Y("clean_max_words", clean_options.max_words)
      Y("clean_max_ratio", clean_options.max_ratio) Y("clean_drop_duplicates", clean_options.drop_duplicates)
#undef Y
      if (key == "bf16") {
        if (value.is_string() && value.get<std::string>() == "auto") {
          o.bf16.reset();
        } else {
          o.bf16 = value.get<bool>();
        }
        known = true;
      }
    } catch (const nlohmann::json::exception&) {
      NMT_FAIL("train config field '" << key << "' has the wrong type: " << value.dump() << yaml_boolean_hint(value));
    }
    NMT_CHECK(known, "unknown train config field '" << key << "'" << did_you_mean(key, names_of(to_json(TrainOptions{}))));
  }
  NMT_CHECK(o.accumulate >= 1, "train.accumulate must be >= 1, got " << o.accumulate);
  NMT_CHECK(o.max_bad_steps >= 1, "train.max_bad_steps must be >= 1, got " << o.max_bad_steps);
  higher_is_better(o.early_stopping_metric);  // checks the name
  return o;
}

void check_train_options(const model::ModelConfig& model_config, const TrainOptions& options) {
  NMT_CHECK(options.max_steps > 0 || options.max_epochs > 0 || options.max_time > 0,
            "training needs a stopping point: --max-steps, --max-epochs or --max-time");
  NMT_CHECK(options.replicas >= 0 && options.replicas <= options.threads,
            "--replicas (" << options.replicas << ") must be between 1 and --threads (" << options.threads
                           << "), or 0 for auto");
  NMT_CHECK(options.lr >= 0, "--lr must be > 0, or 0 for auto; got " << options.lr);
  NMT_CHECK(options.warmup >= 0, "--warmup must be >= 1 step, or 0 for auto; got " << options.warmup);
  NMT_CHECK(options.lr_schedule == "linear" || options.lr_schedule == "inverse-sqrt",
            "--lr-schedule must be inverse-sqrt or linear, got '" << options.lr_schedule << "'");
  NMT_CHECK(options.lr_schedule != "linear" || options.max_steps > 0 || options.max_time > 0,
            "--lr-schedule linear decays to the end of --max-steps or --max-time: give one");
  NMT_CHECK(options.dist_backend == "auto" || options.dist_backend == "gloo" || options.dist_backend == "nccl",
            "--dist-backend must be auto, gloo or nccl, got '" << options.dist_backend << "'");
  NMT_CHECK(options.dist_timeout > 0, "--dist-timeout must be > 0 seconds, got " << options.dist_timeout);
  NMT_CHECK(options.dist_bucket_mb > 0, "--dist-bucket-mb must be > 0, got " << options.dist_bucket_mb);
  NMT_CHECK(options.replicas <= 1 || options.device == "cpu", "--replicas is for CPU training, not " << options.device);
  NMT_CHECK(options.ema == 0 || (options.ema > 0 && options.ema < 1),
            "--ema must be a decay between 0 and 1 such as 0.999, or 0 for none; got " << options.ema);
  NMT_CHECK(options.average_last >= 0 && options.average_last <= options.keep_checkpoints,
            "--average-last " << options.average_last << " needs that many checkpoints kept, but --keep-checkpoints is "
                              << options.keep_checkpoints);
  NMT_CHECK(options.valid_show >= 0, "--valid-show must be >= 0, got " << options.valid_show);
  // A pair of max_len pieces is max_len + 1 positions on each side (</s>
  // after the source, <s> before the target): found here, not hours later
  // inside the embedding when the first such pair comes.
  NMT_CHECK(options.max_len >= 1 && options.max_len + 1 <= model_config.max_positions,
            "train.max_len " << options.max_len << " needs " << options.max_len + 1
                             << " positions (pieces + </s>) but model.max_positions is " << model_config.max_positions
                             << ": lower --max-len to at most " << model_config.max_positions - 1
                             << " or raise --max-positions");
}

int threads_per_process(const TrainOptions& options, int local_processes) {
  return std::max(1, options.threads / std::max(1, local_processes));
}

const std::vector<std::string>& data_order_options() {
  static const std::vector<std::string> names = {"batch_tokens", "chunk_pairs", "max_len", "seed", "clean",
                                                 "clean_min_words", "clean_max_words", "clean_max_ratio",
                                                 "clean_drop_duplicates"};
  return names;
}

std::optional<std::string> data_order_difference(const nlohmann::json& saved, const nlohmann::json& now) {
  for (const auto& name : data_order_options()) {
    if (!saved.contains(name)) continue;  // a checkpoint from before the option existed
    if (saved[name] != now.at(name)) {
      return "train." + name + " is " + saved[name].dump() + " there but " + now.at(name).dump() + " now";
    }
  }
  return std::nullopt;
}

}  // namespace nmt::train
