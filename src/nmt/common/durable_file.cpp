#include "nmt/common/durable_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "nmt/common/error.h"

namespace fs = std::filesystem;

namespace nmt {
namespace {

// strerror, with a hint for the errors that mean the disk or a limit is full.
std::string reason(int error) {
  std::string text = std::strerror(error);
  if (error == ENOSPC || error == EDQUOT) text += " (disk full)";
  if (error == EFBIG) text += " (file size limit reached, or disk full)";
  return text;
}

// Writes all of [data, data + size) to fd, retrying short writes; the errno of a failure, or 0.
int write_all(int fd, const char* data, size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
  return 0;
}

std::string parent_of(const std::string& path) {
  const auto parent = fs::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

}  // namespace

void sync_directory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  NMT_CHECK(fd >= 0, "cannot open directory " << dir << " to sync it: " << reason(errno));
  const int failed = ::fsync(fd) != 0 ? errno : 0;
  ::close(fd);
  // Some file systems cannot sync a directory (EINVAL); nothing is lost there.
  NMT_CHECK(failed == 0 || failed == EINVAL, "cannot sync directory " << dir << ": " << reason(failed));
}

void write_file_durably(const std::string& path, const std::function<void(const ByteSink&)>& fill,
                        const std::string& what) {
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  NMT_CHECK(fd >= 0, "cannot write " << what << " " << tmp << ": " << reason(errno));
  int failed = 0;
  // After a failure the sink swallows what follows but still reports every
  // byte taken: LibTorch's archive writer answers a short write by throwing
  // from its destructor, which ends the process. The failure is reported
  // once `fill` has returned.
  const ByteSink sink = [&](const void* data, size_t size) -> size_t {
    if (failed == 0) failed = write_all(fd, static_cast<const char*>(data), size);
    return size;
  };
  std::string fill_error;
  try {
    fill(sink);
  } catch (const std::exception& e) {
    fill_error = e.what();
  }
  const char* step = "write";
  if (failed == 0 && fill_error.empty() && ::fsync(fd) != 0) failed = errno, step = "sync";
  if (::close(fd) != 0 && failed == 0 && fill_error.empty()) failed = errno, step = "close";
  if (failed != 0 || !fill_error.empty()) {
    ::unlink(tmp.c_str());  // frees the space; the previous PATH stays
    NMT_CHECK(failed != 0, "cannot write " << what << " " << tmp << ": " << fill_error.substr(0, fill_error.find('\n')));
    NMT_FAIL("cannot " << step << " " << what << " " << tmp << ": " << reason(failed));
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(tmp.c_str());
    NMT_FAIL("cannot rename " << tmp << " to " << path << ": " << reason(error));
  }
  sync_directory(parent_of(path));
}

void write_file_durably(const std::string& path, std::string_view text, const std::string& what) {
  write_file_durably(path, [&](const ByteSink& sink) { sink(text.data(), text.size()); }, what);
}

AppendFile::AppendFile(const std::string& path) : path_(path) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  NMT_CHECK(fd_ >= 0, "cannot write " << path << ": " << reason(errno));
}

AppendFile::~AppendFile() {
  if (fd_ >= 0) ::close(fd_);
}

void AppendFile::append(std::string_view bytes) {
  const int failed = write_all(fd_, bytes.data(), bytes.size());
  NMT_CHECK(failed == 0, "cannot write " << path_ << ": " << reason(failed));
}

void AppendFile::sync() {
  NMT_CHECK(::fsync(fd_) == 0, "cannot sync " << path_ << ": " << reason(errno));
}

std::vector<std::string> remove_stale_temporaries(const std::string& dir) {
  std::vector<std::string> removed;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return removed;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".tmp") == 0 && entry.is_regular_file(ec)) {
      NMT_CHECK(fs::remove(entry.path(), ec) && !ec, "cannot remove the stale " << entry.path().string() << ": "
                                                                               << ec.message());
      removed.push_back(name);
    }
  }
  return removed;
}

}  // namespace nmt
