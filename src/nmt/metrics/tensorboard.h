#pragma once
// TensorBoard event files without TensorFlow: scalar curves written as
// TFRecord-framed Event protos that `tensorboard --logdir` reads.
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace nmt::metrics {

// Writes LOG_DIR/events.out.tfevents.<unix seconds>.<hostname>; the first
// record carries file_version "brain.Event:2", as TensorFlow writes it.
class EventWriter {
 public:
  explicit EventWriter(const std::string& log_dir);  // creates log_dir
  ~EventWriter();
  EventWriter(const EventWriter&) = delete;
  EventWriter& operator=(const EventWriter&) = delete;

  // One scalar; TensorBoard stores it as float32. wall_time: unix seconds.
  void add_scalar(const std::string& tag, double value, int64_t step, double wall_time);
  // Writes what is buffered, so a TensorBoard watching the file sees it.
  void flush();
  const std::string& path() const { return path_; }

 private:
  void write_event(const std::string& event_bytes);

  std::string path_;
  std::ofstream out_;
};

struct ScalarEvent {
  std::string tag;
  float value;
  int64_t step;
  double wall_time;
};

// Every scalar of an event file in file order, both CRCs of every record
// checked; nmt::Error naming the file and byte offset on a bad or truncated
// record.
std::vector<ScalarEvent> read_scalar_events(const std::string& path);

}  // namespace nmt::metrics
