#include "nmt/document/zip_archive.h"

#include <zip.h>

#include <memory>

#include "nmt/document/document.h"

namespace nmt::document {
namespace {

struct ZipCloser {
  void operator()(zip_t* z) const { zip_discard(z); }
};
struct FileCloser {
  void operator()(zip_file_t* f) const { zip_fclose(f); }
};

std::string error_text(zip_error_t* error) {
  std::string text = zip_error_strerror(error);
  zip_error_fini(error);
  return text;
}

}  // namespace

std::vector<ZipEntry> read_zip(const std::string& bytes, const std::string& name, const ZipLimits& limits) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  NMT_CHECK(source, name << ": cannot read it as a zip archive (" << error_text(&error) << ")");
  std::unique_ptr<zip_t, ZipCloser> archive(zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error));
  if (!archive) {
    zip_source_free(source);
    NMT_FAIL(name << ": not a readable zip archive (" << error_text(&error) << ")");
  }
  zip_error_fini(&error);
  const zip_int64_t count = zip_get_num_entries(archive.get(), 0);
  if (count > limits.max_entries) {
    throw LimitExceeded(name + ": the archive has " + std::to_string(count) + " entries (limit " +
                        std::to_string(limits.max_entries) + ")");
  }
  std::vector<ZipEntry> entries;
  int64_t unpacked = 0;
  std::string buffer(1 << 16, '\0');
  for (zip_int64_t i = 0; i < count; ++i) {
    zip_stat_t stat;
    NMT_CHECK(zip_stat_index(archive.get(), static_cast<zip_uint64_t>(i), 0, &stat) == 0,
              name << ": entry " << i << " of the archive cannot be read (" << zip_strerror(archive.get()) << ")");
    ZipEntry entry;
    entry.name = stat.name ? stat.name : "";
    entry.stored = (stat.valid & ZIP_STAT_COMP_METHOD) && stat.comp_method == ZIP_CM_STORE;
    entry.mtime = (stat.valid & ZIP_STAT_MTIME) ? stat.mtime : 0;
    std::unique_ptr<zip_file_t, FileCloser> file(zip_fopen_index(archive.get(), static_cast<zip_uint64_t>(i), 0));
    NMT_CHECK(file, name << ": entry " << entry.name << " cannot be opened (" << zip_strerror(archive.get()) << ")");
    for (;;) {
      const zip_int64_t got = zip_fread(file.get(), buffer.data(), buffer.size());
      NMT_CHECK(got >= 0, name << ": entry " << entry.name << " is corrupt (" << zip_file_strerror(file.get()) << ")");
      if (got == 0) break;
      unpacked += got;
      if (unpacked > limits.max_unpacked_bytes) {
        throw LimitExceeded(name + ": the archive unpacks to more than " +
                            std::to_string(limits.max_unpacked_bytes >> 20) + " MB (limit " +
                            std::to_string(limits.max_unpacked_bytes) + " bytes), at entry " + entry.name);
      }
      entry.data.append(buffer.data(), static_cast<size_t>(got));
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

std::string write_zip(const std::vector<ZipEntry>& entries) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
  NMT_CHECK(buffer, "cannot make a zip archive (" << error_text(&error) << ")");
  zip_source_keep(buffer);  // the archive's bytes stay in it after zip_close
  std::unique_ptr<zip_source_t, decltype(&zip_source_free)> out(buffer, zip_source_free);
  zip_t* archive = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
  NMT_CHECK(archive, "cannot make a zip archive (" << error_text(&error) << ")");
  for (const auto& entry : entries) {
    zip_int64_t index;
    if (!entry.name.empty() && entry.name.back() == '/' && entry.data.empty()) {
      index = zip_dir_add(archive, entry.name.c_str(), ZIP_FL_ENC_UTF_8);
    } else {
      zip_source_t* data = zip_source_buffer(archive, entry.data.data(), entry.data.size(), 0);
      index = data ? zip_file_add(archive, entry.name.c_str(), data, ZIP_FL_ENC_UTF_8) : -1;
      if (data && index < 0) zip_source_free(data);
      if (index >= 0) {
        zip_set_file_compression(archive, static_cast<zip_uint64_t>(index),
                                 entry.stored ? ZIP_CM_STORE : ZIP_CM_DEFLATE, 0);
      }
    }
    if (index < 0) {
      const std::string why = zip_strerror(archive);
      zip_discard(archive);
      NMT_FAIL("cannot add " << entry.name << " to a zip archive (" << why << ")");
    }
    if (entry.mtime) zip_file_set_mtime(archive, static_cast<zip_uint64_t>(index), entry.mtime, 0);
  }
  if (zip_close(archive) != 0) {
    const std::string why = zip_strerror(archive);
    zip_discard(archive);
    NMT_FAIL("cannot write a zip archive (" << why << ")");
  }
  NMT_CHECK(zip_source_open(buffer) == 0, "cannot read back a zip archive");
  zip_source_seek(buffer, 0, SEEK_END);
  const zip_int64_t size = zip_source_tell(buffer);
  zip_source_seek(buffer, 0, SEEK_SET);
  std::string bytes(static_cast<size_t>(size), '\0');
  const zip_int64_t got = zip_source_read(buffer, bytes.data(), bytes.size());
  zip_source_close(buffer);
  NMT_CHECK(got == size, "cannot read back a zip archive");
  return bytes;
}

}  // namespace nmt::document
