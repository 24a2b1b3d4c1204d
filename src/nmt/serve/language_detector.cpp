#include "nmt/serve/language_detector.h"

// compact_lang_det.h uses FILE without including <cstdio>.
#include <cstdio>

#include <cld2/public/compact_lang_det.h>
#include <cld2/public/encodings.h>

#include <algorithm>
#include <climits>
#include <string_view>

#include "nmt/common/error.h"
#include "nmt/text/utf8.h"

namespace nmt::serve {

namespace {

// The codes a server may load for a language CLD2 names by `cld2_code`, most
// fitting first: CLD2 keeps the old codes iw (Hebrew), jw (Javanese) and no
// (Norwegian Bokmål), writes traditional Chinese zh-Hant where LibreTranslate
// writes zt, and Brazilian Portuguese is LibreTranslate's pb.
std::vector<std::string> loadable_codes(const std::string& cld2_code) {
  if (cld2_code == "iw") return {"he", "iw"};
  if (cld2_code == "jw") return {"jv", "jw"};
  if (cld2_code == "no") return {"nb", "no"};
  if (cld2_code == "zh") return {"zh", "zt"};
  if (cld2_code == "zh-Hant") return {"zt", "zh"};
  if (cld2_code == "pt") return {"pt", "pb"};
  return {cld2_code};
}

// The first of loadable_codes(cld2_code) among the candidates, or "".
std::string as_candidate(const std::string& cld2_code, const std::vector<std::string>& candidates) {
  for (const std::string& code : loadable_codes(cld2_code)) {
    if (std::find(candidates.begin(), candidates.end(), code) != candidates.end()) return code;
  }
  return "";
}

}  // namespace

std::vector<DetectedLanguage> detect_languages(const std::string& utf8_text, const std::vector<std::string>& candidates) {
  const size_t invalid = text::find_invalid_utf8(utf8_text);
  NMT_CHECK(invalid == std::string_view::npos, "invalid UTF-8 in the text at byte " << invalid);
  if (candidates.empty()) return {};

  CLD2::Language languages[3];
  int percents[3];
  double scores[3];  // per KB of text; not comparable between texts, so unused
  int text_bytes = 0;
  bool reliable = false;
  const CLD2::CLDHints no_hints = {"", "", CLD2::UNKNOWN_ENCODING, CLD2::UNKNOWN_LANGUAGE};
  CLD2::ExtDetectLanguageSummary(utf8_text.data(), static_cast<int>(std::min<size_t>(utf8_text.size(), INT_MAX)),
                                 /*is_plain_text=*/true, &no_hints, CLD2::kCLDFlagBestEffort, languages, percents,
                                 scores, /*resultchunkvector=*/nullptr, &text_bytes, &reliable);

  std::vector<DetectedLanguage> found;
  for (int i = 0; i < 3; ++i) {
    if (languages[i] == CLD2::UNKNOWN_LANGUAGE || percents[i] <= 0) continue;
    const std::string code = as_candidate(CLD2::LanguageCode(languages[i]), candidates);
    if (code.empty()) continue;
    const double confidence = reliable ? percents[i] : percents[i] / 2.0;
    // zh and zh-Hant may both stand for one candidate: their shares add up.
    const auto same = std::find_if(found.begin(), found.end(), [&](const auto& d) { return d.language == code; });
    if (same != found.end()) {
      same->confidence += confidence;
    } else {
      found.push_back({code, confidence});
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.confidence > b.confidence; });
  if (found.empty()) found.push_back({candidates.front(), 0.0});
  return found;
}

}  // namespace nmt::serve
