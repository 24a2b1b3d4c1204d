#include "nmt/metrics/tensorboard.h"

#include <cstring>
#include <filesystem>

#include <gtest/gtest.h>

#include "error_message.h"
#include "metrics_test_support.h"
#include "nmt/metrics/tfrecord.h"

namespace nmt::metrics {
namespace {

// Writes three scalars (one of them 0.0) and returns the event file's path.
std::string write_three_scalars(const std::filesystem::path& log_dir) {
  EventWriter writer(log_dir.string());
  writer.add_scalar("train/loss", 5.25, 10, 1700000000.5);
  writer.add_scalar("train/lr", 0.0, 10, 1700000000.5);
  writer.add_scalar("dev/bleu", 12.5, 100, 1700000100.25);
  writer.flush();
  return writer.path();
}

TEST(EventWriter, FileNameAndDirectoryLikeTensorFlow) {
  const auto log_dir = testing::fresh_test_dir() / "tb" / "run1";
  const std::string path = write_three_scalars(log_dir);
  EXPECT_EQ(std::filesystem::path(path).parent_path(), log_dir);
  EXPECT_EQ(std::filesystem::path(path).filename().string().rfind("events.out.tfevents.", 0), 0u) << path;
}

TEST(EventWriter, WritersStartedInTheSameSecondGetTheirOwnFiles) {
  const auto log_dir = testing::fresh_test_dir();
  const std::string first = write_three_scalars(log_dir);
  const std::string second = write_three_scalars(log_dir);
  EXPECT_NE(first, second);
  EXPECT_EQ(read_scalar_events(first).size(), 3u);
  EXPECT_EQ(read_scalar_events(second).size(), 3u);
}

TEST(EventWriter, ScalarsReadBackInOrder) {
  const std::string path = write_three_scalars(testing::fresh_test_dir());
  const std::vector<ScalarEvent> events = read_scalar_events(path);
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].tag, "train/loss");
  EXPECT_EQ(events[0].value, 5.25f);
  EXPECT_EQ(events[0].step, 10);
  EXPECT_EQ(events[0].wall_time, 1700000000.5);
  EXPECT_EQ(events[1].tag, "train/lr");
  EXPECT_EQ(events[1].value, 0.0f);
  EXPECT_EQ(events[2].tag, "dev/bleu");
  EXPECT_EQ(events[2].value, 12.5f);
  EXPECT_EQ(events[2].step, 100);
  EXPECT_EQ(events[2].wall_time, 1700000100.25);
}

TEST(EventWriter, FirstRecordIsFileVersionEvent) {
  const std::string path = write_three_scalars(testing::fresh_test_dir());
  const std::vector<Record> records = read_records(path);
  ASSERT_EQ(records.size(), 4u);
  // Decoded by hand: field 1 (wall_time, 64-bit) = tag 0x09 + a double;
  // field 3 (file_version, length-delimited) = tag 0x1a, length 13, text.
  const std::string& first = records[0].data;
  ASSERT_EQ(first.size(), 24u);
  EXPECT_EQ(first[0], '\x09');
  double wall_time;
  std::memcpy(&wall_time, first.data() + 1, 8);
  EXPECT_GT(wall_time, 1.6e9);
  EXPECT_EQ(first.substr(9), std::string("\x1a\x0d") + "brain.Event:2");
}

TEST(EventWriter, ZeroValueIsWrittenNotLeftOut) {
  // simple_value sits in a oneof: a plain proto3 float 0.0 would not be
  // serialized, and TensorBoard would see a value-less summary.
  const std::string path = write_three_scalars(testing::fresh_test_dir());
  const std::string& lr_event = read_records(path)[2].data;
  EXPECT_NE(lr_event.find(std::string("\x15\0\0\0\0", 5)), std::string::npos);  // field 2, fixed32, 0.0f
}

TEST(ReadScalarEvents, FlippedByteNamesFileAndRecordOffset) {
  const std::string path = write_three_scalars(testing::fresh_test_dir());
  const std::vector<Record> records = read_records(path);
  std::string bytes = testing::read_bytes(path);

  std::string bad_data = bytes;
  bad_data[records[2].offset + 12 + 3] ^= 0x01;  // inside the third record's data
  testing::write_bytes(path, bad_data);
  EXPECT_EQ(testing::error_message([&] { read_scalar_events(path); }),
            path + ": corrupt record at byte offset " + std::to_string(records[2].offset) + ": data CRC mismatch");

  std::string bad_length = bytes;
  bad_length[records[1].offset] ^= 0x40;
  testing::write_bytes(path, bad_length);
  EXPECT_EQ(testing::error_message([&] { read_scalar_events(path); }),
            path + ": corrupt record at byte offset " + std::to_string(records[1].offset) +
                ": length CRC mismatch");
}

TEST(ReadScalarEvents, TruncatedFileNamesLastRecordOffset) {
  const std::string path = write_three_scalars(testing::fresh_test_dir());
  const uint64_t last = read_records(path).back().offset;
  const std::string bytes = testing::read_bytes(path);

  testing::write_bytes(path, bytes.substr(0, bytes.size() - 3));  // half of the data CRC gone
  const std::string in_data = testing::error_message([&] { read_scalar_events(path); });
  EXPECT_EQ(in_data.rfind(path + ": truncated record at byte offset " + std::to_string(last) + ":", 0), 0u)
      << in_data;

  testing::write_bytes(path, bytes.substr(0, last + 5));  // inside the length
  EXPECT_EQ(testing::error_message([&] { read_scalar_events(path); }),
            path + ": truncated record at byte offset " + std::to_string(last) +
                ": 5 bytes left, a record header needs 12");
}

TEST(EventWriter, UncreatableDirectoryErrorNamesIt) {
  const auto dir = testing::fresh_test_dir();
  testing::write_bytes(dir / "file", "x");
  const std::string log_dir = (dir / "file" / "tb").string();
  const std::string message = testing::error_message([&] { EventWriter writer(log_dir); });
  EXPECT_NE(message.find("cannot create TensorBoard log directory " + log_dir), std::string::npos) << message;
}

}  // namespace
}  // namespace nmt::metrics
