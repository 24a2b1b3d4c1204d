#include "nmt/metrics/tensorboard.h"

#include <unistd.h>

#include <chrono>
#include <filesystem>

#include "nmt/common/error.h"
#include "nmt/metrics/tfrecord.h"
#include "tensorboard_event.pb.h"

namespace nmt::metrics {
namespace {

namespace pb = nmt::tensorboard;

double unix_seconds_now() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof(name) - 1) != 0 || name[0] == '\0') return "localhost";
  return name;
}

}  // namespace

EventWriter::EventWriter(const std::string& log_dir) {
  std::error_code ec;
  std::filesystem::create_directories(log_dir, ec);
  NMT_CHECK(!ec, "cannot create TensorBoard log directory " << log_dir << ": " << ec.message());
  const double now = unix_seconds_now();
  // Two writers started in the same second (a quick resume) must not share a
  // file: the second gets a numeric suffix, which TensorBoard accepts.
  const std::string base = (std::filesystem::path(log_dir) /
                            ("events.out.tfevents." + std::to_string(static_cast<int64_t>(now)) + "." + host_name()))
                               .string();
  path_ = base;
  for (int n = 1; std::filesystem::exists(path_); ++n) path_ = base + "." + std::to_string(n);
  out_.open(path_, std::ios::binary | std::ios::trunc);
  NMT_CHECK(out_, "cannot create TensorBoard event file " << path_);

  pb::Event event;
  event.set_wall_time(now);
  event.set_file_version("brain.Event:2");
  write_event(event.SerializeAsString());
  flush();
}

EventWriter::~EventWriter() {
  out_.flush();  // no throw from a destructor; flush() reports errors to callers who ask
}

void EventWriter::add_scalar(const std::string& tag, double value, int64_t step, double wall_time) {
  pb::Event event;
  event.set_wall_time(wall_time);
  event.set_step(step);
  pb::Summary::Value* v = event.mutable_summary()->add_value();
  v->set_tag(tag);
  v->set_simple_value(static_cast<float>(value));
  write_event(event.SerializeAsString());
}

void EventWriter::flush() {
  out_.flush();
  NMT_CHECK(out_, "cannot write TensorBoard event file " << path_);
}

void EventWriter::write_event(const std::string& event_bytes) {
  const std::string record = frame_record(event_bytes);
  out_.write(record.data(), static_cast<std::streamsize>(record.size()));
  NMT_CHECK(out_, "cannot write TensorBoard event file " << path_);
}

std::vector<ScalarEvent> read_scalar_events(const std::string& path) {
  std::vector<ScalarEvent> scalars;
  for (const Record& record : read_records(path)) {
    pb::Event event;
    NMT_CHECK(event.ParseFromString(record.data),
              path << ": record at byte offset " << record.offset << " is not an Event");
    if (!event.has_summary()) continue;  // the file_version record
    for (const auto& v : event.summary().value()) {
      if (v.value_case() != pb::Summary::Value::kSimpleValue) continue;
      scalars.push_back({v.tag(), v.simple_value(), event.step(), event.wall_time()});
    }
  }
  return scalars;
}

}  // namespace nmt::metrics
