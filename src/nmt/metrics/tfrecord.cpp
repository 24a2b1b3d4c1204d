#include "nmt/metrics/tfrecord.h"

#include <fstream>
#include <iterator>

#include <boost/crc.hpp>

#include "nmt/common/error.h"

namespace nmt::metrics {
namespace {

using Crc32c = boost::crc_optimal<32, 0x1EDC6F41, 0xFFFFFFFF, 0xFFFFFFFF, true, true>;

constexpr size_t kHeaderBytes = 8 + 4;  // length + its CRC
constexpr size_t kFooterBytes = 4;      // CRC of the data

template <typename T>
void append_le(std::string& out, T value) {
  for (size_t i = 0; i < sizeof(T); ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

template <typename T>
T load_le(const char* p) {
  T value = 0;
  for (size_t i = 0; i < sizeof(T); ++i) value |= static_cast<T>(static_cast<unsigned char>(p[i])) << (8 * i);
  return value;
}

}  // namespace

uint32_t crc32c(const void* data, size_t size) {
  Crc32c crc;
  crc.process_bytes(data, size);
  return crc.checksum();
}

uint32_t masked_crc32c(const void* data, size_t size) {
  const uint32_t crc = crc32c(data, size);
  return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}

std::string frame_record(const std::string& data) {
  std::string out;
  out.reserve(kHeaderBytes + data.size() + kFooterBytes);
  append_le<uint64_t>(out, data.size());
  append_le<uint32_t>(out, masked_crc32c(out.data(), 8));
  out += data;
  append_le<uint32_t>(out, masked_crc32c(data.data(), data.size()));
  return out;
}

std::vector<Record> read_records(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  NMT_CHECK(in, "cannot open event file " << path);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());

  std::vector<Record> records;
  size_t pos = 0;
  while (pos < bytes.size()) {
    const size_t left = bytes.size() - pos;
    NMT_CHECK(left >= kHeaderBytes, path << ": truncated record at byte offset " << pos << ": "
                                          << left << " bytes left, a record header needs "
                                          << kHeaderBytes);
    const char* p = bytes.data() + pos;
    NMT_CHECK(load_le<uint32_t>(p + 8) == masked_crc32c(p, 8),
              path << ": corrupt record at byte offset " << pos << ": length CRC mismatch");
    const uint64_t length = load_le<uint64_t>(p);
    const uint64_t room = left - kHeaderBytes;  // for the data and its CRC
    NMT_CHECK(room >= kFooterBytes && length <= room - kFooterBytes,
              path << ": truncated record at byte offset " << pos << ": " << length
                   << " data bytes and a 4-byte CRC announced, " << room << " bytes left");
    const char* data = p + kHeaderBytes;
    NMT_CHECK(load_le<uint32_t>(data + length) == masked_crc32c(data, length),
              path << ": corrupt record at byte offset " << pos << ": data CRC mismatch");
    records.push_back({pos, std::string(data, length)});
    pos += kHeaderBytes + length + kFooterBytes;
  }
  return records;
}

}  // namespace nmt::metrics
