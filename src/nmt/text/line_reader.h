#pragma once
// Streams the lines of a text file, plain or gzip-compressed, checking that
// each is UTF-8. It lives in the text stage (not data) because vocabulary
// training reads corpora too, and text may not depend on data.
#include <cstdint>
#include <string>

struct gzFile_s;  // zlib's file handle; keeps <zlib.h> out of this header

namespace nmt::text {

// The whole file as bytes, gunzipped when it is gzip (plain files as they
// are), for formats parsed whole (TMX). Throws nmt::Error "cannot open PATH"
// and "PATH: read error: ..." as LineReader does.
std::string read_file(const std::string& path);

class LineReader {
 public:
  // Opens `path`; zlib reads gzip transparently and plain files as they are.
  // Throws nmt::Error "cannot open PATH". With check_utf8 false, lines are
  // returned as they are, invalid bytes included (for a cleaner that drops and
  // counts them).
  explicit LineReader(const std::string& path, bool check_utf8 = true);
  // Standard input, named "<stdin>" in messages, read as it comes (plain
  // text only): next() returns a line as soon as it has arrived, so a pipe
  // is translated line by line rather than at its end.
  struct StandardInput {};
  explicit LineReader(StandardInput, bool check_utf8 = true);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // Puts the next line, without its "\n" or "\r\n", into `line`; returns false
  // at the end of the file. A final line without "\n" counts; a UTF-8 byte
  // order mark at the start of the file is dropped. Throws nmt::Error
  // "PATH:LINE: invalid UTF-8 at byte N" (N counted from 1, like a column; only
  // when checking) and
  // "PATH: ..." for read errors such as a truncated .gz.
  bool next(std::string& line);

  // Whether next() would return without waiting for more input, waiting up
  // to timeout_ms for some to come: a whole line is buffered, the input has
  // ended, or new bytes arrived. Always true for files.
  bool ready(int timeout_ms);

  int64_t line_number() const { return line_number_; }  // of the last line read
  const std::string& path() const { return path_; }

 private:
  bool fill();  // appends a chunk to buffer_; false at end of file

  std::string path_;
  bool check_utf8_;
  gzFile_s* file_ = nullptr;  // a file (plain or gzip), or
  int fd_ = -1;               // standard input
  std::string buffer_;  // bytes read but not yet returned start at buffer_[pos_]
  size_t pos_ = 0;
  bool at_eof_ = false;
  int64_t line_number_ = 0;
};

}  // namespace nmt::text
