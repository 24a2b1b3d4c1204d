#pragma once
// Zip archives in memory (libzip): Office Open XML, OpenDocument and EPUB
// files are zip archives of XML parts.
#include <cstdint>
#include <ctime>
#include <string>
#include <vector>

namespace nmt::document {

struct ZipEntry {
  std::string name;
  std::string data;
  bool stored = false;  // kept uncompressed (OpenDocument's and EPUB's "mimetype" must be)
  std::time_t mtime = 0;
};

struct ZipLimits {
  int64_t max_unpacked_bytes = 0;  // all entries together, counted as they are unpacked
  int64_t max_entries = 0;
};

// Every entry of the archive in `bytes`, in the archive's order. Throws
// nmt::Error naming `name` for a file that is not a zip archive, a corrupt
// or encrypted entry (libzip checks each entry's CRC), and LimitExceeded
// (document.h) when the archive has more entries or unpacks to more bytes
// than `limits` allow: a zip bomb stops at the limit, whatever its entries
// claim their sizes are.
std::vector<ZipEntry> read_zip(const std::string& bytes, const std::string& name, const ZipLimits& limits);

// An archive of `entries` in their order, stored or deflated as each says.
std::string write_zip(const std::vector<ZipEntry>& entries);

}  // namespace nmt::document
