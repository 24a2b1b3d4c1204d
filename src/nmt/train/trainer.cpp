#include "nmt/train/trainer.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <sstream>

#include <torch/torch.h>

#include "nmt/common/error.h"
#include "nmt/model/transformer.h"
#include "nmt/train/checkpoint.h"
#include "nmt/train/loss.h"
#include "nmt/train/schedule.h"

namespace nmt::train {

#define NMT_JSON_FIELDS(X) \
  X(max_steps) X(max_epochs) X(max_time) X(batch_tokens) X(max_len) X(lr) X(warmup) X(label_smoothing) X(clip) \
  X(threads) X(seed) X(log_every) X(valid_every) X(save_every) X(keep_checkpoints) X(device)

nlohmann::json to_json(const TrainOptions& o) {
  nlohmann::json j;
#define X(name) j[#name] = o.name;
  NMT_JSON_FIELDS(X)
#undef X
  return j;
}

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
    } catch (const nlohmann::json::exception&) {
      NMT_FAIL("train config field '" << key << "' has the wrong type: " << value.dump());
    }
    NMT_CHECK(known, "unknown train config field '" << key << "'");
  }
  return o;
}

namespace {

struct DeviceBatch {
  torch::Tensor src, tgt_in, tgt_out;
  int64_t target_tokens;
};

DeviceBatch to_device(const data::Batch& b, const torch::Device& device) {
  auto make = [&](const std::vector<int64_t>& v, int64_t cols) {
    return torch::from_blob(const_cast<int64_t*>(v.data()), {b.rows, cols}, torch::kLong).to(device, false, true);
  };
  return {make(b.src, b.src_len), make(b.tgt_in, b.tgt_len), make(b.tgt_out, b.tgt_len), b.target_tokens};
}

// Summed losses of one batch; logits only for the non-pad target positions.
LossSums batch_loss(model::Transformer& model, const DeviceBatch& b, double label_smoothing) {
  auto src_bias = model::padding_bias(b.src);
  auto hidden = model->decode(b.tgt_in, model->encode(b.src, src_bias), src_bias);  // (B, T, D)
  auto keep = b.tgt_out.ne(text::kPadId).view(-1).nonzero().squeeze(1);             // (N)
  auto h = hidden.reshape({-1, hidden.size(2)}).index_select(0, keep);                // (N, D)
  return label_smoothed_cross_entropy(model->logits(h), b.tgt_out.view(-1).index_select(0, keep), label_smoothing);
}

double dev_nll(model::Transformer& model, const std::vector<data::Batch>& batches, const torch::Device& device) {
  torch::NoGradGuard no_grad;
  model->eval();
  double nll = 0;
  int64_t tokens = 0;
  for (const auto& batch : batches) {
    auto b = to_device(batch, device);
    nll += batch_loss(model, b, 0.0).nll.item<double>();
    tokens += b.target_tokens;
  }
  model->train();
  return tokens > 0 ? nll / static_cast<double>(tokens) : 0.0;
}

void check_same_model(const model::ModelConfig& a, const model::ModelConfig& b, const std::string& path) {
  auto ja = model::to_json(a), jb = model::to_json(b);
  for (const auto& [key, value] : ja.items()) {
    NMT_CHECK(jb[key] == value, "cannot resume from " << path << ": model." << key << " is " << jb[key].dump()
                                                      << " there but " << value.dump() << " now");
  }
}

std::string fixed(double v, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << v;
  return s.str();
}

}  // namespace

TrainResult train_model(const model::ModelConfig& model_config, const TrainOptions& options, const TrainData& data,
                        const text::Vocab& src_vocab, const text::Vocab& tgt_vocab, const std::string& run_dir,
                        const nlohmann::json& full_config, const std::function<void(const std::string&)>& log) {
  NMT_CHECK(options.max_steps > 0 || options.max_epochs > 0 || options.max_time > 0,
            "training needs a stopping point: --max-steps, --max-epochs or --max-time");
  torch::set_num_threads(options.threads);
  torch::manual_seed(options.seed);
  const torch::Device device(options.device);
  std::filesystem::create_directories(run_dir);

  // Data: encode, drop what cannot be trained on, batch by target tokens.
  data::EncodeStats stats;
  auto examples = data::encode_pairs(data.train, src_vocab, tgt_vocab, static_cast<int>(options.max_len), &stats);
  NMT_CHECK(!examples.empty(), "no training pair left after dropping " << stats.dropped_empty << " empty and "
                                                                        << stats.dropped_too_long << " over-long pairs");
  data::BatchOptions batch_options;
  batch_options.batch_tokens = options.batch_tokens;
  auto batches = data::make_batches(examples, batch_options);
  std::vector<data::Batch> dev_batches;
  if (!data.dev.src.empty()) {
    auto dev = data::encode_pairs(data.dev, src_vocab, tgt_vocab, static_cast<int>(model_config.max_positions - 2), nullptr);
    dev_batches = data::make_batches(dev, batch_options);
  }
  log("train: " + std::to_string(stats.kept) + " pairs kept, " + std::to_string(stats.dropped_empty) + " empty and " +
      std::to_string(stats.dropped_too_long) + " over-long (> " + std::to_string(options.max_len) +
      " pieces) dropped; " + std::to_string(batches.size()) + " batches of <= " + std::to_string(options.batch_tokens) +
      " target tokens");

  // Model and optimizer, fresh or resumed.
  model::Transformer model(nullptr);
  int64_t step = 0, epoch = 0;
  const std::string latest = latest_checkpoint(run_dir);
  if (!latest.empty()) {
    auto ckpt = load_checkpoint(latest);
    check_same_model(model_config, ckpt.model_config, latest);
    NMT_CHECK(ckpt.info.tgt_vocab == tgt_vocab.serialized() && ckpt.info.src_vocab == src_vocab.serialized(),
              "cannot resume from " << latest << ": it was trained with another vocabulary");
    model = ckpt.model;
    step = ckpt.info.step, epoch = ckpt.info.epoch;
  } else {
    model = model::Transformer(model_config);
  }
  model->to(device);  // before the optimizer, whose state lives where the parameters do
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(0.0).betas({0.9, 0.98}).eps(1e-9));
  if (!latest.empty()) {
    load_optimizer_state(latest, optimizer, device);
    log("resuming from " + latest + " at step " + std::to_string(step));
  }
  model->train();
  int64_t params = 0;
  for (const auto& p : model->parameters()) params += p.numel();
  log("model: " + model::to_json(model_config).dump() + "; " + fixed(params / 1e6, 2) + " M parameters; " +
      std::to_string(torch::get_num_threads()) + " threads; device " + options.device);

  CheckpointInfo info{0, 0, full_config, src_vocab.serialized(), tgt_vocab.serialized()};
  TrainResult result;
  auto save = [&]() {
    info.step = step, info.epoch = epoch;
    result.checkpoint = (std::filesystem::path(run_dir) / checkpoint_name(step)).string();
    save_checkpoint(result.checkpoint, model, &optimizer, info);
    prune_checkpoints(run_dir, options.keep_checkpoints);
  };
  auto validate = [&]() {
    if (dev_batches.empty()) return;
    result.dev_nll = dev_nll(model, dev_batches, device);
    log("step " + std::to_string(step) + " | dev loss " + fixed(result.dev_nll, 4) + " | dev ppl " +
        fixed(std::exp(std::min(result.dev_nll, 50.0)), 2));
  };

  std::mt19937_64 rng(options.seed + static_cast<uint64_t>(epoch));
  double train_seconds = 0, window_seconds = 0, window_loss = 0, window_nll = 0;
  int64_t window_tokens = 0, window_steps = 0, saved_step = step;
  bool stop = false;
  auto out_of_budget = [&]() {
    return (options.max_steps > 0 && step >= options.max_steps) ||
           (options.max_epochs > 0 && epoch >= options.max_epochs) ||
           (options.max_time > 0 && train_seconds >= options.max_time);
  };
  stop = out_of_budget();
  while (!stop) {
    data::shuffle_batches(batches, rng);
    for (size_t i = 0; i < batches.size() && !stop; ++i) {
      const auto start = std::chrono::steady_clock::now();
      auto b = to_device(batches[i], device);
      ++step;
      const double lr = inverse_sqrt_lr(step, model_config.d_model, options.warmup, options.lr);
      for (auto& group : optimizer.param_groups()) static_cast<torch::optim::AdamOptions&>(group.options()).lr(lr);
      auto sums = batch_loss(model, b, options.label_smoothing);
      auto loss = sums.loss / static_cast<double>(b.target_tokens);
      optimizer.zero_grad();
      loss.backward();
      if (options.clip > 0) torch::nn::utils::clip_grad_norm_(model->parameters(), options.clip);
      optimizer.step();
      const double batch_loss_value = loss.item<double>();
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

      train_seconds += seconds, window_seconds += seconds;
      window_loss += batch_loss_value * static_cast<double>(b.target_tokens);
      window_nll += sums.nll.item<double>();
      window_tokens += b.target_tokens, ++window_steps;
      result.target_tokens += b.target_tokens;
      result.last_loss = batch_loss_value;
      const int64_t batch_epoch = epoch + 1;  // 1-based, the epoch this batch belongs to
      if (i + 1 == batches.size()) ++epoch;
      stop = out_of_budget();

      if ((options.log_every > 0 && step % options.log_every == 0) || stop) {
        const double tokens = static_cast<double>(std::max<int64_t>(window_tokens, 1));
        log("step " + std::to_string(step) + " | epoch " + std::to_string(batch_epoch) + " | loss " +
            fixed(window_loss / tokens, 4) + " | ppl " + fixed(std::exp(std::min(window_nll / tokens, 50.0)), 2) +
            " | lr " + fixed(lr * 1e4, 3) + "e-4 | tgt tok/s " + fixed(tokens / window_seconds, 0) + " | " +
            fixed(train_seconds, 0) + " s");
        window_seconds = window_loss = window_nll = 0, window_tokens = window_steps = 0;
      }
      if (options.valid_every > 0 && step % options.valid_every == 0 && !stop) validate();
      if (options.save_every > 0 && step % options.save_every == 0 && !stop) save(), saved_step = step;
    }
  }
  validate();
  if (saved_step != step || result.checkpoint.empty()) save();
  result.steps = step;
  result.train_seconds = train_seconds;
  log("trained " + std::to_string(step) + " steps; " + std::to_string(result.target_tokens) + " target tokens in " +
      fixed(train_seconds, 1) + " s (" + fixed(result.target_tokens / std::max(train_seconds, 1e-9), 0) +
      " tgt tok/s); saved " + result.checkpoint);
  return result;
}

}  // namespace nmt::train
