#pragma once
// Writes lines to a text file, gzip-compressed when its name ends in ".gz".
#include <string>
#include <string_view>

struct gzFile_s;

namespace nmt::text {

class LineWriter {
 public:
  // Creates or truncates `path`. Throws nmt::Error "cannot write PATH".
  explicit LineWriter(const std::string& path);
  ~LineWriter();  // closes without reporting errors: call close() to hear of them
  LineWriter(const LineWriter&) = delete;
  LineWriter& operator=(const LineWriter&) = delete;

  void write(std::string_view line);  // line + "\n"
  void close();                       // throws nmt::Error "cannot write PATH: ..."

 private:
  std::string path_;
  gzFile_s* file_ = nullptr;
};

}  // namespace nmt::text
