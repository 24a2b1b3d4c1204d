#pragma once
// Language codes (ISO 639-1, as LibreTranslate uses them) and their English names.
#include <string>

namespace nmt::serve {

// "es" -> "Spanish"; a code not in the table is its own name.
std::string language_name(const std::string& code);

}  // namespace nmt::serve
