// nmt bench: throughput of training and translation on this machine, with
// the model FLOPs and sgemm peak behind an MFU figure, and optionally the
// same measurement of the PyTorch peer (peer_torch.py) side by side.
#include "nmt/cli/bench.h"

#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <numeric>
#include <sstream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "nmt/cli/commands.h"
#include "nmt/common/error.h"
#include "nmt/model/threads.h"

namespace fs = std::filesystem;

namespace nmt::cli {

namespace bench {
void add_train_command(CLI::App& bench);
void add_translate_command(CLI::App& bench);
}  // namespace bench

void add_bench_command(CLI::App& app) {
  CLI::App* c = app.add_subcommand("bench", "Measure training and translation speed (tokens/s, MFU, memory)");
  c->require_subcommand(1);
  bench::add_train_command(*c);
  bench::add_translate_command(*c);
}

namespace bench {

void add_common_options(CLI::App& c, CommonOptions& o) {
  c.add_option("--threads", o.threads, "CPU threads (torch intra-op)")->capture_default_str()->check(CLI::Range(1, 1024));
  c.add_option("--json", o.json, "Also write the figures as JSON to FILE, or '-' for stdout (the table then goes to stderr)");
  c.add_flag("--vs-torch", o.vs_torch,
             "Then run the PyTorch peer (/usr/bin/python3 peer_torch.py; $NMT_PEER_TORCH overrides its path, "
             "$NMT_PEER_PYTHON the Python) "
             "with the same dimensions and print nmt/peer ratios");
  c.add_option("--seed", o.seed, "Random model, data and order")->capture_default_str();
}

void prepare_threads(const CommonOptions& o) {
  model::set_cpu_threads(o.threads);
  const char* policy = std::getenv("OMP_WAIT_POLICY");
  std::string p = policy ? policy : "";
  std::transform(p.begin(), p.end(), p.begin(), [](unsigned char ch) { return std::tolower(ch); });
  if (p != "passive") {
    std::cerr << "warning: OMP_WAIT_POLICY is " << (policy ? std::string("'") + policy + "'" : "unset")
              << ", not PASSIVE: spinning OpenMP threads collapse throughput when anything else runs.\n"
                 "         For comparable figures: OMP_WAIT_POLICY=PASSIVE nmt bench ...\n";
  }
}

double median(std::vector<double> v) {
  NMT_CHECK(!v.empty(), "median of no values");
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double percentile(std::vector<double> v, double p) {
  NMT_CHECK(!v.empty(), "percentile of no values");
  std::sort(v.begin(), v.end());
  const auto rank = static_cast<size_t>(std::ceil(p / 100.0 * static_cast<double>(v.size())));
  return v[std::clamp<size_t>(rank, 1, v.size()) - 1];
}

double mean(const std::vector<double>& v) {
  return v.empty() ? 0 : std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

void Table::print(std::ostream& out) const {
  std::vector<size_t> width;
  for (const auto& row : rows_) {
    width.resize(std::max(width.size(), row.size()), 0);
    for (size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
  }
  for (const auto& row : rows_) {
    std::string line;
    for (size_t i = 0; i < row.size(); ++i) {
      const std::string pad(width[i] - row[i].size(), ' ');
      line += i == 0 ? row[i] + pad : "  " + pad + row[i];
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
}

void report(const std::string& title, const Table& table, const std::vector<std::string>& notes,
            const nlohmann::json& json, const CommonOptions& options) {
  std::ostream& out = options.json == "-" ? std::cerr : std::cout;
  out << title << "\n";
  table.print(out);
  for (const auto& note : notes) out << note << "\n";
  out.flush();
  if (options.json.empty()) return;
  if (options.json == "-") {
    std::cout << json.dump() << std::endl;
    return;
  }
  std::ofstream file(options.json);
  file << json.dump(2) << "\n";
  NMT_CHECK(file, "cannot write " << options.json);
}

namespace {

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char ch : s) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return q + "'";
}

// Debian's /usr/bin/python3 (python3-torch), or $NMT_PEER_PYTHON: on a GPU
// machine, the Python whose CUDA PyTorch the build links.
std::string peer_python() {
  const char* env = std::getenv("NMT_PEER_PYTHON");
  return env && *env ? env : "/usr/bin/python3";
}

bool python_imports(const std::string& module) {
  const std::string command = shell_quote(peer_python()) + " -c " + shell_quote("import " + module) + " >/dev/null 2>&1";
  return std::system(command.c_str()) == 0;
}

std::string find_peer_script() {
  if (const char* env = std::getenv("NMT_PEER_TORCH"); env && *env) {
    NMT_CHECK(fs::exists(env), "NMT_PEER_TORCH is " << env << ", which does not exist");
    return env;
  }
  // The binary sits at CHECKOUT/build/nmt; the peer at CHECKOUT/../shared/bench.
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  std::vector<fs::path> tried;
  if (!ec) tried.push_back(exe.parent_path() / "../../shared/bench/peer_torch.py");
  tried.push_back(fs::current_path() / "../shared/bench/peer_torch.py");
  std::string list;
  for (const auto& path : tried) {
    if (fs::exists(path)) return fs::canonical(path).string();
    list += " " + path.lexically_normal().string();
  }
  NMT_FAIL("--vs-torch: peer_torch.py not found (tried" << list << "); set NMT_PEER_TORCH=/path/to/peer_torch.py");
}

}  // namespace

std::string check_peer_available() {
  const auto python = peer_python();
  NMT_CHECK(fs::exists(python), "--vs-torch needs " << python << " (apt-get install python3)");
  NMT_CHECK(python_imports("torch"), "--vs-torch needs the Debian package python3-torch, which "
                                         << python << " cannot import (apt-get install python3-torch)");
  NMT_CHECK(python_imports("sentencepiece"), "--vs-torch needs the Debian package python3-sentencepiece, which "
                                                 << python << " cannot import (apt-get install python3-sentencepiece)");
  return find_peer_script();
}

PeerOutput run_peer(const std::vector<std::string>& args) {
  std::string command = shell_quote(peer_python()) + " " + shell_quote(find_peer_script());
  for (const auto& a : args) command += " " + shell_quote(a);
  std::cerr << "peer: " << command << "\n";
  FILE* pipe = ::popen(command.c_str(), "r");
  NMT_CHECK(pipe, "cannot run " << command);
  PeerOutput out;
  std::string line;
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe)) {
    line += buffer;
    if (line.back() != '\n') continue;
    line.pop_back();
    std::cerr << "peer: " << line << "\n";
    out.lines.push_back(std::move(line));
    line.clear();
  }
  const int status = ::pclose(pipe);
  NMT_CHECK(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
            "the peer failed (exit status " << (WIFEXITED(status) ? WEXITSTATUS(status) : -1) << "): " << command);
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);  // the largest child waited for: the peer
  out.peak_rss_mib = static_cast<double>(usage.ru_maxrss) / 1024.0;
  return out;
}

TempDir::TempDir() {
  std::string pattern = (fs::temp_directory_path() / "nmt-bench-XXXXXX").string();
  NMT_CHECK(::mkdtemp(pattern.data()) != nullptr, "cannot create a temporary directory in " << fs::temp_directory_path());
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

}  // namespace bench
}  // namespace nmt::cli
