#include "nmt/serve/languages.h"

#include <map>

namespace nmt::serve {

std::string language_name(const std::string& code) {
  // The languages LibreTranslate lists, with its names.
  static const std::map<std::string, std::string> names = {
      {"ar", "Arabic"},     {"az", "Azerbaijani"}, {"bg", "Bulgarian"},  {"bn", "Bengali"},   {"ca", "Catalan"},
      {"cs", "Czech"},      {"da", "Danish"},      {"de", "German"},     {"el", "Greek"},     {"en", "English"},
      {"eo", "Esperanto"},  {"es", "Spanish"},     {"et", "Estonian"},   {"eu", "Basque"},    {"fa", "Persian"},
      {"fi", "Finnish"},    {"fr", "French"},      {"ga", "Irish"},      {"gl", "Galician"},  {"he", "Hebrew"},
      {"hi", "Hindi"},      {"hu", "Hungarian"},   {"id", "Indonesian"}, {"it", "Italian"},   {"ja", "Japanese"},
      {"ko", "Korean"},     {"lt", "Lithuanian"},  {"lv", "Latvian"},    {"ms", "Malay"},     {"nb", "Norwegian"},
      {"nl", "Dutch"},      {"pl", "Polish"},      {"pt", "Portuguese"}, {"ro", "Romanian"},  {"ru", "Russian"},
      {"sk", "Slovak"},     {"sl", "Slovenian"},   {"sq", "Albanian"},   {"sv", "Swedish"},   {"th", "Thai"},
      {"tl", "Tagalog"},    {"tr", "Turkish"},     {"uk", "Ukrainian"},  {"ur", "Urdu"},      {"vi", "Vietnamese"},
      {"zh", "Chinese"},
  };
  const auto it = names.find(code);
  return it == names.end() ? code : it->second;
}

}  // namespace nmt::serve
