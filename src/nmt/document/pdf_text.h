#pragma once
// The text of a PDF, page by page, from pdftotext (poppler-utils). PDF
// parsers are large and often patched for crafted files, so pdftotext runs
// in a child process under a CPU-time and a memory limit (ulimit), with a
// wall-clock deadline and a cap on the text it may write; the file goes to
// it through a temporary file that is removed afterwards.
#include <string>
#include <vector>

#include "nmt/document/document.h"

namespace nmt::document {

// Whether pdftotext is on PATH.
bool pdf_available();

// Each page's text (lines ending in "\n"), in order. Throws nmt::Error for
// a file that is not a PDF, that pdftotext cannot read (damaged, encrypted)
// or when pdftotext is missing; LimitExceeded past the limits' PDF time,
// memory or text size.
std::vector<std::string> pdf_pages(const std::string& bytes, const std::string& name, const DocumentLimits& limits);

}  // namespace nmt::document
