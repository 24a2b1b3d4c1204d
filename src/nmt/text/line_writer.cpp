#include "nmt/text/line_writer.h"

#include <zlib.h>

#include "nmt/common/error.h"

namespace nmt::text {

namespace {
bool is_gzip_name(const std::string& path) {
  return path.size() >= 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
}
}  // namespace

LineWriter::LineWriter(const std::string& path) : path_(path) {
  // "wT": zlib writes plain text, no gzip header ("transparent").
  file_ = gzopen(path.c_str(), is_gzip_name(path) ? "wb6" : "wbT");
  NMT_CHECK(file_ != nullptr, "cannot write " << path);
  gzbuffer(file_, 1 << 16);
}

LineWriter::~LineWriter() {
  if (file_ != nullptr) gzclose(file_);
}

void LineWriter::write(std::string_view line) {
  const bool ok = (line.empty() || gzwrite(file_, line.data(), static_cast<unsigned>(line.size())) > 0) &&
                  gzputc(file_, '\n') == '\n';
  int errnum = Z_OK;
  NMT_CHECK(ok, "cannot write " << path_ << ": " << gzerror(file_, &errnum));
}

void LineWriter::close() {
  gzFile file = file_;
  file_ = nullptr;
  NMT_CHECK(file == nullptr || gzclose(file) == Z_OK, "cannot write " << path_ << ": error on closing");
}

}  // namespace nmt::text
