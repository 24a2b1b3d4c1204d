#pragma once
// The distilled corpus: every source of a training corpus beside its
// teacher's translation, as one TSV file (source TAB translation), which
// nmt train reads as it is.
//
// It is written a chunk of lines at a time, each chunk synced to disk before
// the next is translated, so an interrupted run (Ctrl-C, a kill, a power cut)
// loses at most the chunk in flight: run again, it keeps the complete lines
// already there (a line cut short by the interruption is dropped), skips as
// many pairs of the corpus and goes on. Tabs and line breaks inside a source
// or a translation become spaces (TSV has no escapes).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "nmt/data/pair_reader.h"

namespace nmt::distill {

// Translates lines: one translation per line, in order.
using Teacher = std::function<std::vector<std::string>(const std::vector<std::string>& sources)>;

struct CorpusProgress {
  int64_t kept = 0;     // lines found complete on disk when the call began
  int64_t written = 0;  // lines the call added
};

// Writes (or completes) `tsv` from the source side of `corpus` (its targets
// are not read into the result). `on_chunk` is called after each chunk with
// the lines on disk so far. Throws nmt::Error naming the corpus's file and
// line for a bad corpus, and when the teacher returns another number of
// lines than it was given; what was synced before stays.
CorpusProgress distill_corpus(const data::CorpusSpec& corpus, const Teacher& teacher, const std::string& tsv,
                              int64_t chunk_lines, const std::function<void(int64_t lines)>& on_chunk = {});

}  // namespace nmt::distill
