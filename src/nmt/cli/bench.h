#pragma once
// Shared pieces of `nmt bench train` and `nmt bench translate`: the common
// options, statistics, the printed table, the JSON report, peak memory, and
// running the PyTorch peer (peer_torch.py) for --vs-torch.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "nmt/common/format.h"  // fixed, peak_rss_mib

namespace CLI {
class App;
}

namespace nmt::cli::bench {

struct CommonOptions {
  int threads = 2;
  std::string json;       // "" = none, "-" = stdout (the table then goes to stderr), else a file
  bool vs_torch = false;  // run peer_torch.py with the same dimensions afterwards
  uint64_t seed = 1;
};

void add_common_options(CLI::App& command, CommonOptions& options);
// Sets the thread count and warns on stderr when OpenMP threads busy-wait
// (OMP_WAIT_POLICY not PASSIVE): they collapse throughput when anything else runs.
void prepare_threads(const CommonOptions& options);

double median(std::vector<double> values);
// Nearest-rank percentile, p in (0, 100].
double percentile(std::vector<double> values, double p);
double mean(const std::vector<double>& values);

// Columns right-aligned to their widest cell, the first column left-aligned.
class Table {
 public:
  explicit Table(std::vector<std::string> header) : rows_{std::move(header)} {}
  void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  void print(std::ostream& out) const;

 private:
  std::vector<std::vector<std::string>> rows_;
};

// Prints the title, the table and the notes, on stdout unless the JSON goes
// there; then writes the JSON (to options.json) if asked.
void report(const std::string& title, const Table& table, const std::vector<std::string>& notes,
            const nlohmann::json& json, const CommonOptions& options);

// The peer's figures from one run, and its peak resident memory.
struct PeerOutput {
  std::vector<std::string> lines;  // its stdout
  double peak_rss_mib = 0;
};

// Throws nmt::Error naming what is missing: /usr/bin/python3, the Debian
// packages python3-torch or python3-sentencepiece, or the script. Call it
// before measuring, so that a missing peer fails at once. Returns the script:
// $NMT_PEER_TORCH, else ../shared/bench/peer_torch.py beside the checkout the
// binary was built in (CHECKOUT/build/nmt), or beside the current directory.
std::string check_peer_available();

// Runs /usr/bin/python3 PEER ARGS..., echoing its output to stderr as
// "peer: ..."; throws nmt::Error if it fails.
PeerOutput run_peer(const std::vector<std::string>& args);

// A fresh temporary directory, removed with the object (the peer's workdir).
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace nmt::cli::bench
