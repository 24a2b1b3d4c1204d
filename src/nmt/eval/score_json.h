#pragma once
// The scores as `nmt score --json` prints them (and the Python module returns them).
#include <nlohmann/json.hpp>

#include "nmt/eval/bleu.h"
#include "nmt/eval/chrf.h"
#include "nmt/eval/ter.h"

namespace nmt::eval {

nlohmann::ordered_json to_json(const BleuScore& s);
nlohmann::ordered_json to_json(const ChrfScore& s);
nlohmann::ordered_json to_json(const TerScore& s);

}  // namespace nmt::eval
