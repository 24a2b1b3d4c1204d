#include "nmt/distill/distilled_corpus.h"

#include <filesystem>
#include <fstream>
#include <iterator>

#include "nmt/common/durable_file.h"
#include "nmt/common/error.h"

namespace fs = std::filesystem;

namespace nmt::distill {
namespace {

std::string one_field(std::string text) {
  for (auto& c : text) c = (c == '\t' || c == '\n' || c == '\r') ? ' ' : c;
  return text;
}

// The complete lines of `path` (0 when it does not exist); a last line
// without its newline, cut short by an interruption, is removed from the file.
int64_t keep_complete_lines(const std::string& path) {
  if (!fs::exists(path)) return 0;
  std::ifstream in(path, std::ios::binary);
  NMT_CHECK(in, "cannot read " << path);
  int64_t lines = 0;
  std::uintmax_t complete_bytes = 0, bytes = 0;
  for (std::istreambuf_iterator<char> it(in), end; it != end; ++it) {
    ++bytes;
    if (*it == '\n') ++lines, complete_bytes = bytes;
  }
  if (complete_bytes != bytes) fs::resize_file(path, complete_bytes);
  return lines;
}

}  // namespace

CorpusProgress distill_corpus(const data::CorpusSpec& corpus, const Teacher& teacher, const std::string& tsv,
                              int64_t chunk_lines, const std::function<void(int64_t lines)>& on_chunk) {
  NMT_CHECK(chunk_lines >= 1, "chunk lines must be >= 1, got " << chunk_lines);
  CorpusProgress progress;
  progress.kept = keep_complete_lines(tsv);
  auto reader = data::open_corpus(corpus);
  data::SentencePair pair;
  for (int64_t i = 0; i < progress.kept; ++i) {
    NMT_CHECK(reader->next(pair), tsv << " has " << progress.kept << " lines but " << data::describe(corpus)
                                      << " only " << i << " pairs: is it the distilled corpus of another corpus?");
  }
  AppendFile out(tsv);
  for (;;) {
    std::vector<std::string> sources;
    while (static_cast<int64_t>(sources.size()) < chunk_lines && reader->next(pair)) {
      sources.push_back(one_field(std::move(pair.src)));
    }
    if (sources.empty()) break;
    const auto translations = teacher(sources);
    NMT_CHECK(translations.size() == sources.size(),
              "the teacher gave " << translations.size() << " translations for " << sources.size() << " sources");
    std::string text;
    for (size_t i = 0; i < sources.size(); ++i) text += sources[i] + "\t" + one_field(translations[i]) + "\n";
    out.append(text);
    out.sync();
    progress.written += static_cast<int64_t>(sources.size());
    if (on_chunk) on_chunk(progress.kept + progress.written);
  }
  return progress;
}

}  // namespace nmt::distill
