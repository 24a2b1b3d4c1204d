#include "nmt/eval/score_json.h"

namespace nmt::eval {

nlohmann::ordered_json to_json(const BleuScore& s) {
  return {{"score", s.score},         {"counts", s.counts},   {"totals", s.totals},
          {"precisions", s.precisions}, {"bp", s.bp},         {"sys_len", s.sys_len},
          {"ref_len", s.ref_len},     {"signature", s.signature()}};
}

nlohmann::ordered_json to_json(const ChrfScore& s) { return {{"score", s.score}, {"signature", s.signature()}}; }

nlohmann::ordered_json to_json(const TerScore& s) {
  return {{"score", s.score},
          {"num_edits", s.num_edits},
          {"ref_length", s.ref_length},
          {"signature", s.signature()}};
}

}  // namespace nmt::eval
