#pragma once
// TFRecord framing, the container of TensorBoard event files: each record is
//   uint64 length (little-endian) | uint32 masked CRC-32C of those 8 bytes |
//   data | uint32 masked CRC-32C of the data
#include <cstdint>
#include <string>
#include <vector>

namespace nmt::metrics {

// CRC-32C (Castagnoli), as in iSCSI and TFRecord.
uint32_t crc32c(const void* data, size_t size);

// TFRecord stores CRCs rotated and offset, so that a CRC of data that itself
// holds CRCs stays well distributed.
uint32_t masked_crc32c(const void* data, size_t size);

// The framed bytes of one record.
std::string frame_record(const std::string& data);

struct Record {
  uint64_t offset;  // byte offset of the record's length field in the file
  std::string data;
};

// Every record of a file, both CRCs checked; nmt::Error naming the file and
// the byte offset of a truncated or corrupt record.
std::vector<Record> read_records(const std::string& path);

}  // namespace nmt::metrics
