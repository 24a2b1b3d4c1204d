#include "nmt/train/update_step.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <optional>

#include <ATen/CPUGeneratorImpl.h>
#include <torch/nn/utils/clip_grad.h>

#include "nmt/common/error.h"
#include "nmt/dist/world.h"
#include "nmt/model/bf16.h"
#include "nmt/model/dropout.h"
#include "nmt/model/threads.h"
#include "nmt/text/vocab.h"

namespace nmt::train {

std::unique_ptr<torch::optim::Adam> make_optimizer(model::Transformer& model) {
  return std::make_unique<torch::optim::Adam>(model->parameters(),
                                              torch::optim::AdamOptions(0.0).betas({0.9, 0.98}).eps(1e-9));
}

namespace {

// Rows [first, first + count) of a batch, with their target tokens counted.
DeviceBatch rows_of(const DeviceBatch& b, int64_t first, int64_t count) {
  DeviceBatch part;
  part.src = b.src.narrow(0, first, count);
  part.tgt_in = b.tgt_in.narrow(0, first, count);
  part.tgt_out = b.tgt_out.narrow(0, first, count);
  part.target_tokens = part.tgt_out.ne(text::kPadId).sum().item<int64_t>();
  return part;
}

}  // namespace

Replicas::Replicas(const model::Transformer& model, int count) {
  NMT_CHECK(count >= 1, "replicas must be >= 1, got " << count);
  // Built without draws, so that a run's random numbers do not depend on the
  // replica count.
  const auto device = model->parameters().front().device();
  for (int i = 1; i < count; ++i) {
    auto copy = model::transformer_without_draws(model->config);
    copy->to(device);
    copies_.push_back(copy);
  }
}

UpdateResult apply_update(model::Transformer& model, torch::optim::Adam& optimizer,
                          const std::vector<DeviceBatch>& passes, const UpdateOptions& options, Replicas* replicas,
                          const RankShare& ranks) {
  UpdateResult r;
  for (const auto& pass : passes) r.target_tokens += pass.target_tokens;
  for (auto& group : optimizer.param_groups()) static_cast<torch::optim::AdamOptions&>(group.options()).lr(options.lr);
  optimizer.zero_grad();
  const int workers = replicas ? replicas->count() : 1;
  const int rank = ranks.world ? ranks.world->rank() : 0;
  // Worker w of this rank is worker rank * workers + w of the job.
  const int job_workers = (ranks.world ? ranks.world->size() : 1) * workers;
  NMT_CHECK(!options.fp16 || options.scaler, "float16 training needs loss scaling");
  const auto autocast_type = options.fp16 ? at::kHalf : options.bf16 ? at::kBFloat16 : at::kFloat;
  const double scale = options.scaler ? options.scaler->scale() : 1.0;
  // Sums stay on the device until the end: one synchronisation per update.
  std::vector<torch::Tensor> loss_sums(workers), nll_sums(workers);
  // Worker w: its share of every pass on its model, losses over all the update's tokens.
  auto run = [&](int w, model::Transformer& m) {
    const int g = rank * workers + w;
    for (size_t i = 0; i < passes.size(); ++i) {
      const auto& pass = passes[i];
      const int64_t rows = pass.src.size(0), share = (rows + job_workers - 1) / job_workers;
      const int64_t first = std::min<int64_t>(rows, g * share), count = std::min<int64_t>(share, rows - first);
      if (count <= 0) continue;
      const DeviceBatch part = job_workers == 1 ? pass : rows_of(pass, first, count);
      // Under --precision bf16|fp16 the forward pass runs its products in
      // that type and the backward pass follows the same casts; the loss
      // comes from float32 logits.
      LossSums sums;
      {
        model::AutocastScope autocast(autocast_type);
        sums = batch_loss(m, part, options.label_smoothing, options.excluded_outputs);
      }
      auto loss = sums.loss / static_cast<double>(std::max<int64_t>(r.target_tokens, 1));
      if (options.poison) loss = loss * std::numeric_limits<double>::quiet_NaN();
      auto scaled = scale != 1.0 ? loss * scale : loss;
      if (options.inf_gradient) scaled = scaled * std::numeric_limits<double>::infinity();
      // The last backward on the model itself reduces gradient buckets as
      // autograd finishes them (replicas add theirs afterwards: no overlap).
      if (workers == 1 && ranks.reducer && i + 1 == passes.size()) ranks.reducer->arm();
      scaled.backward();
      loss_sums[w] = loss_sums[w].defined() ? loss_sums[w] + loss.detach() : loss.detach();
      nll_sums[w] = nll_sums[w].defined() ? nll_sums[w] + sums.nll : sums.nll;
    }
  };
  // Dropout: in one worker of one process, LibTorch's default generator, as
  // always; else each worker of the job draws from a generator seeded from
  // the default one, which every rank advances alike (so a checkpoint's
  // generator state serves every rank).
  std::vector<uint64_t> seeds;
  if (job_workers > 1) {
    auto generator = at::detail::getDefaultCPUGenerator();
    std::lock_guard<std::mutex> lock(generator.mutex());
    for (int g = 0; g < job_workers; ++g) seeds.push_back(at::check_generator<at::CPUGeneratorImpl>(generator)->random64());
  }
  if (workers == 1) {
    std::optional<model::DropoutGenerator> dropout;
    // (On a GPU each rank keeps the device's default generator, seeded per rank.)
    if (!seeds.empty() && model->parameters().front().device().is_cpu())
      dropout.emplace(at::make_generator<at::CPUGeneratorImpl>(seeds[rank]));
    run(0, model);
  } else {
    NMT_CHECK(model->parameters().front().device().is_cpu(), "--replicas is for CPU training");
    // The copies start from the model's weights, with no gradients.
    {
      torch::NoGradGuard no_grad;
      const auto params = model->parameters();
      for (auto& copy : replicas->copies()) {
        copy->train(model->is_training());
        auto copy_params = copy->parameters();
        for (size_t i = 0; i < params.size(); ++i) {
          copy_params[i].copy_(params[i]);
          copy_params[i].mutable_grad() = torch::Tensor();
        }
      }
    }
    model::run_threads(workers, [&](int w) {
      model::DropoutGenerator dropout(at::make_generator<at::CPUGeneratorImpl>(seeds[rank * workers + w]));
      run(w, w == 0 ? model : replicas->copies()[w - 1]);
    });
    torch::NoGradGuard no_grad;
    auto params = model->parameters();
    for (auto& copy : replicas->copies()) {
      const auto copy_params = copy->parameters();
      for (size_t i = 0; i < params.size(); ++i) {
        const auto& g = copy_params[i].grad();
        if (!g.defined()) continue;
        if (params[i].grad().defined()) params[i].mutable_grad().add_(g);
        else params[i].mutable_grad() = g.clone();
      }
    }
  }
  if (ranks.reducer) ranks.reducer->finish();  // every rank now holds the job's summed gradients
  if (scale != 1.0) {
    // A power of two: dividing by it is exact, so the gradients are those
    // of the unscaled loss (unless they overflowed, which the norm shows).
    torch::NoGradGuard no_grad;
    for (auto& p : model->parameters()) {
      if (p.grad().defined()) p.mutable_grad().mul_(1.0 / scale);
    }
  }
  torch::Tensor loss_sum, nll_sum;
  for (int w = 0; w < workers; ++w) {
    if (loss_sums[w].defined()) loss_sum = loss_sum.defined() ? loss_sum + loss_sums[w] : loss_sums[w];
    if (nll_sums[w].defined()) nll_sum = nll_sum.defined() ? nll_sum + nll_sums[w] : nll_sums[w];
  }
  // Infinite max_norm measures the norm without scaling.
  const double max_norm = options.clip > 0 ? options.clip : std::numeric_limits<double>::infinity();
  r.grad_norm = torch::nn::utils::clip_grad_norm_(model->parameters(), max_norm);
  r.loss = loss_sum.defined() ? loss_sum.item<double>() : 0.0;
  r.nll = nll_sum.defined() ? nll_sum.item<double>() : 0.0;
  if (ranks.world) {
    const auto sums = ranks.world->sum({r.loss, r.nll});
    r.loss = sums[0], r.nll = sums[1];
  }
  r.applied = std::isfinite(r.loss) && std::isfinite(r.grad_norm);
  if (options.scaler) {
    r.overflow = !r.applied && std::isfinite(r.loss);
    r.loss_scale_note = options.scaler->update(r.applied);
  }
  if (r.applied) optimizer.step();
  else optimizer.zero_grad();
  return r;
}

}  // namespace nmt::train
