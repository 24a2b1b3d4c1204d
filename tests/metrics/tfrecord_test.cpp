#include "nmt/metrics/tfrecord.h"

#include <gtest/gtest.h>

#include "error_message.h"
#include "metrics_test_support.h"

namespace nmt::metrics {
namespace {

// CRC-32C one bit at a time, straight from the definition (reflected
// polynomial 0x82F63B78), to check the table-driven Boost one against.
uint32_t bitwise_crc32c(const std::string& bytes) {
  uint32_t crc = 0xFFFFFFFF;
  for (unsigned char byte : bytes) {
    crc ^= byte;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0x82F63B78u & (0u - (crc & 1)));
  }
  return ~crc;
}

std::string bytes(std::initializer_list<unsigned> values) {
  std::string out;
  for (unsigned v : values) out.push_back(static_cast<char>(v));
  return out;
}

TEST(Crc32c, MatchesPublishedCheckValues) {
  EXPECT_EQ(crc32c("123456789", 9), 0xE3069283u);  // the CRC catalogue's check value
  // RFC 3720 (iSCSI), appendix B.4
  const std::string zeros(32, '\0'), ones(32, '\xff');
  std::string ascending, descending;
  for (int i = 0; i < 32; ++i) ascending.push_back(static_cast<char>(i)), descending.push_back(static_cast<char>(31 - i));
  EXPECT_EQ(crc32c(zeros.data(), zeros.size()), 0x8A9136AAu);
  EXPECT_EQ(crc32c(ones.data(), ones.size()), 0x62A8AB43u);
  EXPECT_EQ(crc32c(ascending.data(), ascending.size()), 0x46DD794Eu);
  EXPECT_EQ(crc32c(descending.data(), descending.size()), 0x113FDB5Cu);
}

TEST(Crc32c, MatchesBitwiseDefinition) {
  for (const std::string s : {std::string(), std::string(8, '\0'), std::string("brain.Event:2"),
                              std::string(1000, '\x5a')}) {
    EXPECT_EQ(crc32c(s.data(), s.size()), bitwise_crc32c(s)) << "length " << s.size();
  }
}

TEST(TfRecord, EmptyRecordFramingByHand) {
  // length 0 as 8 zero bytes | masked CRC of those | no data | masked CRC of
  // nothing. CRC-32C of no bytes is 0, and mask(0) = 0xa282ead8.
  const std::string eight_zeros(8, '\0');
  const uint32_t crc = bitwise_crc32c(eight_zeros);
  const uint32_t masked = ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
  const std::string expected = eight_zeros + bytes({masked & 0xFF, (masked >> 8) & 0xFF, (masked >> 16) & 0xFF,
                                                    masked >> 24}) +
                               bytes({0xd8, 0xea, 0x82, 0xa2});
  EXPECT_EQ(frame_record(""), expected);
}

TEST(TfRecord, LengthHeaderMatchesTensorFlowEventFiles) {
  // Every event file TensorFlow or tensorboardX writes starts with the
  // 24-byte file_version event, so with these 12 bytes: 0x18 as uint64 and
  // its masked CRC-32C, a3 7f 4b 22.
  const std::string header = frame_record(std::string(24, 'x')).substr(0, 12);
  EXPECT_EQ(header, bytes({0x18, 0, 0, 0, 0, 0, 0, 0, 0xa3, 0x7f, 0x4b, 0x22}));
}

TEST(TfRecord, ReadsBackWhatWasFramedWithOffsets) {
  const auto path = testing::fresh_test_dir() / "records";
  testing::write_bytes(path, frame_record("first") + frame_record("") + frame_record(std::string(300, 'z')));
  const std::vector<Record> records = read_records(path.string());
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].data, "first");
  EXPECT_EQ(records[1].data, "");
  EXPECT_EQ(records[2].data, std::string(300, 'z'));
  EXPECT_EQ(records[0].offset, 0u);
  EXPECT_EQ(records[1].offset, 16u + 5);
  EXPECT_EQ(records[2].offset, 16u + 5 + 16);
}

TEST(TfRecord, MissingFileErrorNamesIt) {
  EXPECT_EQ(testing::error_message([] { read_records("/nonexistent/events"); }),
            "cannot open event file /nonexistent/events");
}

}  // namespace
}  // namespace nmt::metrics
