#include "nmt/document/pdf_text.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>

#include "nmt/text/utf8.h"

extern char** environ;

namespace nmt::document {
namespace {

std::string find_on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  size_t at = 0;
  while (at <= dirs.size()) {
    const size_t colon = std::min(dirs.find(':', at), dirs.size());
    const std::string candidate = dirs.substr(at, colon - at) + "/" + program;
    if (colon > at && ::access(candidate.c_str(), X_OK) == 0) return candidate;
    at = colon + 1;
  }
  return "";
}

// A temporary file holding the PDF, removed when this goes.
struct TempFile {
  std::string path;
  explicit TempFile(const std::string& bytes) {
    const char* dir = std::getenv("TMPDIR");
    std::string pattern = std::string(dir && *dir ? dir : "/tmp") + "/nmt-pdf-XXXXXX";
    const int fd = ::mkstemp(pattern.data());
    NMT_CHECK(fd >= 0, "cannot make a temporary file for the PDF in " << pattern << ": " << std::strerror(errno));
    path = pattern;
    size_t written = 0;
    while (written < bytes.size()) {
      const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        const int e = errno;
        ::close(fd);
        NMT_FAIL("cannot write the PDF to " << path << ": " << std::strerror(e));
      }
      written += static_cast<size_t>(n);
    }
    ::close(fd);
  }
  ~TempFile() { ::unlink(path.c_str()); }
};

struct Pipe {
  int fd[2] = {-1, -1};
  Pipe() { NMT_CHECK(::pipe2(fd, O_CLOEXEC) == 0, "cannot make a pipe: " << std::strerror(errno)); }
  ~Pipe() {
    for (int f : fd) {
      if (f >= 0) ::close(f);
    }
  }
};

}  // namespace

bool pdf_available() {
  static const bool available = !find_on_path("pdftotext").empty();
  return available;
}

std::vector<std::string> pdf_pages(const std::string& bytes, const std::string& name, const DocumentLimits& limits) {
  NMT_CHECK(bytes.compare(0, 5, "%PDF-") == 0, name << ": not a PDF file (it does not start with %PDF-)");
  const std::string pdftotext = find_on_path("pdftotext");
  NMT_CHECK(!pdftotext.empty(), name << ": PDFs need pdftotext (Debian's poppler-utils), which is not on PATH");
  const TempFile file(bytes);
  Pipe out;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out.fd[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  // sh sets the limits, then becomes pdftotext: $0 is its path, $1 the file.
  const std::string script = "ulimit -v " + std::to_string(limits.pdf_max_memory_bytes >> 10) + " && ulimit -t " +
                             std::to_string(limits.pdf_max_seconds) +
                             " && exec \"$0\" -q -enc UTF-8 -eol unix \"$1\" -";
  std::vector<std::string> args = {"sh", "-c", script, pdftotext, file.path};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int spawned = ::posix_spawn(&pid, "/bin/sh", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  NMT_CHECK(spawned == 0, name << ": cannot start pdftotext: " << std::strerror(spawned));
  ::close(out.fd[1]);
  out.fd[1] = -1;

  std::string text;
  std::string refused;  // why the child was stopped early
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(limits.pdf_max_seconds * 2);
  char buffer[1 << 16];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      refused = "pdftotext took more than " + std::to_string(limits.pdf_max_seconds * 2) + " s";
      break;
    }
    pollfd p{out.fd[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    const ssize_t n = ::read(out.fd[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buffer, static_cast<size_t>(n));
    if (static_cast<int64_t>(text.size()) > limits.max_unpacked_bytes) {
      refused = "its text is longer than " + std::to_string(limits.max_unpacked_bytes) + " bytes";
      break;
    }
  }
  if (!refused.empty()) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!refused.empty()) throw LimitExceeded(name + ": " + refused);
  if (WIFSIGNALED(status)) {
    throw LimitExceeded(name + ": pdftotext stopped (signal " + std::to_string(WTERMSIG(status)) + ") past its " +
                        std::to_string(limits.pdf_max_seconds) + " s of CPU or " +
                        std::to_string(limits.pdf_max_memory_bytes >> 20) + " MB of memory");
  }
  NMT_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
            name << ": pdftotext cannot read it (exit status " << WEXITSTATUS(status)
                 << "): a damaged or encrypted PDF, or past its " << limits.pdf_max_memory_bytes / (1 << 20)
                 << " MB of memory");
  const size_t bad = text::find_invalid_utf8(text);
  NMT_CHECK(bad == std::string::npos, name << ": pdftotext gave invalid UTF-8 at byte " << bad);
  std::vector<std::string> pages;
  size_t at = 0;
  for (size_t ff = text.find('\f'); ff != std::string::npos; ff = text.find('\f', at)) {
    pages.push_back(text.substr(at, ff - at));
    at = ff + 1;
  }
  if (at < text.size() && text.find_first_not_of(" \n", at) != std::string::npos) pages.push_back(text.substr(at));
  return pages;
}

}  // namespace nmt::document
