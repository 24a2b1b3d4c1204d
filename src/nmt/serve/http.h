#pragma once
// The one way into cpp-httplib (third_party/cpp-httplib: a pinned upstream
// release, see its README for why not Debian's 0.11). Its compile-time
// limits are set here, before the header, so that every file that includes
// it (the server, the tests' client) agrees on them.
#include <cstddef>

// Forms are bounded by the run-time body limit (--max-body-bytes) like any
// other body, not by httplib's compiled-in 8 KB.
#define CPPHTTPLIB_FORM_URL_ENCODED_PAYLOAD_MAX_LENGTH (std::size_t{1} << 40)

#include <httplib.h>
