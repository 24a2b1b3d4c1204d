#pragma once
// One error type for everything a user can get wrong (files, lines, fields,
// options). Thrown from src/, caught once in main (and once per request in the
// server), printed as "error: <message>", exit status non-zero.
#include <sstream>
#include <stdexcept>
#include <string>

namespace nmt {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace nmt

// NMT_CHECK(cond, "what went wrong: " << value << " in " << path);
#define NMT_CHECK(cond, msg)                   \
  do {                                         \
    if (!(cond)) {                             \
      std::ostringstream nmt_check_stream_;    \
      nmt_check_stream_ << msg;                \
      throw ::nmt::Error(nmt_check_stream_.str()); \
    }                                          \
  } while (0)

#define NMT_FAIL(msg) NMT_CHECK(false, msg)
