#pragma once
// Files that a crash, a full disk or a kill cannot leave half-written:
// checkpoints, config.json, metrics.jsonl. Every open, write, fsync and
// rename is checked, and a failure is an nmt::Error naming the file and the
// reason ("No space left on device", "File too large"), never a silently
// short file.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace nmt {

// Writes PATH as a whole: `fill` is given a function that appends bytes (it
// always returns the size it was given; a failed write is remembered, what
// follows is dropped, and the failure is thrown once `fill` returns); they go to
// PATH.tmp, which is synced to disk and renamed over PATH, and the directory
// is synced so that the rename itself survives a power cut. On any failure
// PATH.tmp is removed, PATH is left as it was, and nmt::Error is thrown.
using ByteSink = std::function<size_t(const void* data, size_t size)>;
void write_file_durably(const std::string& path, const std::function<void(const ByteSink&)>& fill,
                        const std::string& what = "file");
void write_file_durably(const std::string& path, std::string_view text, const std::string& what = "file");

// Appends to a file (created if missing), checking every write; sync()
// flushes it to disk. For logs written a line at a time.
class AppendFile {
 public:
  explicit AppendFile(const std::string& path);
  ~AppendFile();
  AppendFile(const AppendFile&) = delete;
  AppendFile& operator=(const AppendFile&) = delete;
  void append(std::string_view bytes);
  void sync();
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
};

// Syncs a directory, so that names created or renamed in it are on disk.
void sync_directory(const std::string& dir);

// Removes the *.tmp files that writes interrupted by a crash or kill left in
// dir (not its subdirectories); returns their names.
std::vector<std::string> remove_stale_temporaries(const std::string& dir);

}  // namespace nmt
