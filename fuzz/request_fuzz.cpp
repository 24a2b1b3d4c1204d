// A request's fields as the server reads them (serve/request_fields.h): the
// first byte picks the Content-Type (JSON, a form, or other), the rest is
// the body; a form's fields come from its urlencoded text. Refusals are
// HttpError (400) with a message.
#include "fuzz_support.h"
#include "nmt/serve/request_fields.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  httplib::Request req;
  const std::string body(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 3) {
    case 0:
      req.set_header("Content-Type", "application/json");
      req.body = body;
      break;
    case 1:
      req.set_header("Content-Type", "application/x-www-form-urlencoded");
      req.body = body;
      httplib::detail::parse_query_text(body, req.params);
      break;
    default:
      req.set_header("Content-Type", "text/plain");
      req.body = body;
  }
  try {
    const nmt::serve::Fields fields(req, 32);
    auto [texts, is_list] = nmt::serve::read_q(fields);
    NMT_FUZZ_EXPECT(!texts.empty());
    NMT_FUZZ_EXPECT(is_list || texts.size() == 1);
    (void)nmt::serve::read_alternatives(fields);
    (void)fields.flag("attention");
    (void)fields.string("source");
  } catch (const nmt::serve::HttpError& e) {
    NMT_FUZZ_EXPECT(e.status == 400 && !e.message.empty());
  }
  return 0;
}
