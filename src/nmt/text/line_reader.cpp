#include "nmt/text/line_reader.h"

#include <poll.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>

#include <filesystem>
#include <string_view>

#include "nmt/common/error.h"
#include "nmt/text/utf8.h"

namespace nmt::text {

namespace {
constexpr unsigned kChunkBytes = 1 << 16;
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

gzFile open_for_reading(const std::string& path) {
  // gzopen accepts a directory and fails only on the first read, less clearly.
  NMT_CHECK(!std::filesystem::is_directory(path), "cannot open " << path << ": it is a directory");
  gzFile file = gzopen(path.c_str(), "rb");
  NMT_CHECK(file != nullptr, "cannot open " << path);
  return file;
}

// Appends up to `bytes` bytes of the file to buffer; returns how many (0 at
// the end). Throws nmt::Error "PATH: read error: ..." on a read error.
size_t append_chunk(gzFile file, const std::string& path, std::string& buffer, unsigned bytes) {
  const size_t old_size = buffer.size();
  buffer.resize(old_size + bytes);
  const int got = gzread(file, &buffer[old_size], bytes);
  int errnum = Z_OK;
  const char* message = gzerror(file, &errnum);
  // Z_BUF_ERROR at the end means the gzip stream stopped in the middle.
  NMT_CHECK(got >= 0 && errnum == Z_OK,
            path << ": read error: " << (errnum == Z_BUF_ERROR ? "truncated gzip file" : message));
  buffer.resize(old_size + static_cast<size_t>(got));
  return static_cast<size_t>(got);
}
}  // namespace

std::string read_file(const std::string& path) {
  gzFile file = open_for_reading(path);
  std::string bytes;
  try {
    while (append_chunk(file, path, bytes, 1u << 20) > 0) {
    }
  } catch (...) {
    gzclose(file);
    throw;
  }
  gzclose(file);
  return bytes;
}

LineReader::LineReader(const std::string& path, bool check_utf8)
    : path_(path), check_utf8_(check_utf8), file_(open_for_reading(path)) {
  gzbuffer(file_, kChunkBytes);
}

LineReader::LineReader(StandardInput, bool check_utf8) : path_("<stdin>"), check_utf8_(check_utf8), fd_(0) {}

LineReader::~LineReader() {
  if (file_ != nullptr) gzclose(file_);
}

bool LineReader::fill() {
  if (at_eof_) return false;
  // Drop what was already returned so the buffer holds at most one partial line
  // plus one chunk.
  buffer_.erase(0, pos_);
  pos_ = 0;
  size_t got = 0;
  if (fd_ >= 0) {  // what has arrived, without waiting for a whole chunk
    const size_t old_size = buffer_.size();
    buffer_.resize(old_size + kChunkBytes);
    ssize_t n;
    do {
      n = ::read(fd_, &buffer_[old_size], kChunkBytes);
    } while (n < 0 && errno == EINTR);
    NMT_CHECK(n >= 0, path_ << ": read error: " << std::strerror(errno));
    got = static_cast<size_t>(n);
    buffer_.resize(old_size + got);
  } else {
    got = append_chunk(file_, path_, buffer_, kChunkBytes);
  }
  if (got == 0) at_eof_ = true;
  return got > 0;
}

bool LineReader::ready(int timeout_ms) {
  if (fd_ < 0 || at_eof_ || buffer_.find('\n', pos_) != std::string::npos) return true;
  pollfd p{fd_, POLLIN, 0};
  int n;
  do {
    n = ::poll(&p, 1, timeout_ms);
  } while (n < 0 && errno == EINTR);
  return n != 0;  // readable, closed, or an error that the next read reports
}

bool LineReader::next(std::string& line) {
  size_t newline = buffer_.find('\n', pos_);
  while (newline == std::string::npos) {
    const size_t searched = buffer_.size() - pos_;
    if (!fill()) break;
    newline = buffer_.find('\n', pos_ + searched);
  }
  if (newline == std::string::npos) {
    if (pos_ >= buffer_.size()) return false;  // a final "\n" makes no empty line
    newline = buffer_.size();
  }
  line.assign(buffer_, pos_, newline - pos_);
  pos_ = newline + 1;
  ++line_number_;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line_number_ == 1 && std::string_view(line).substr(0, 3) == kByteOrderMark) line.erase(0, 3);
  if (!check_utf8_) return true;
  const size_t bad = find_invalid_utf8(line);
  NMT_CHECK(bad == std::string_view::npos,
            path_ << ":" << line_number_ << ": invalid UTF-8 at byte " << bad + 1);
  return true;
}

}  // namespace nmt::text
