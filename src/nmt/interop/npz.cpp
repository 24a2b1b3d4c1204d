#include "nmt/interop/npz.h"

#include <zip.h>

#include <cstring>
#include <memory>
#include <regex>

#include "nmt/common/error.h"

namespace nmt::interop {

int64_t NpyArray::elements() const {
  int64_t n = 1;
  for (auto d : shape) n *= d;
  return n;
}

NpyArray parse_npy(const std::string& bytes, const std::string& what) {
  // "\x93NUMPY", major, minor, header length (2 bytes in 1.0, 4 in 2.0/3.0),
  // then a Python dict literal padded with spaces and a newline.
  NMT_CHECK(bytes.size() >= 10 && bytes.compare(0, 6, "\x93NUMPY") == 0, what << ": not a .npy array");
  const int major = static_cast<unsigned char>(bytes[6]);
  NMT_CHECK(major >= 1 && major <= 3, what << ": .npy format version " << major << " is not supported");
  const size_t length_bytes = major == 1 ? 2 : 4;
  size_t header_length = 0;
  for (size_t i = 0; i < length_bytes; ++i) header_length |= static_cast<size_t>(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
  const size_t start = 8 + length_bytes;
  NMT_CHECK(start + header_length <= bytes.size(), what << ": truncated .npy header");
  const std::string header = bytes.substr(start, header_length);
  std::smatch m;
  NpyArray a;
  NMT_CHECK(std::regex_search(header, m, std::regex("'descr':\\s*'([^']*)'")), what << ": .npy header has no 'descr'");
  a.dtype = m[1];
  NMT_CHECK(std::regex_search(header, m, std::regex("'fortran_order':\\s*(True|False)")),
            what << ": .npy header has no 'fortran_order'");
  NMT_CHECK(m[1] == "False", what << ": Fortran-order arrays are not supported");
  NMT_CHECK(std::regex_search(header, m, std::regex("'shape':\\s*\\(([^)]*)\\)")), what << ": .npy header has no 'shape'");
  const std::string dims = m[1];
  const std::regex number("\\d+");
  for (std::sregex_iterator it(dims.begin(), dims.end(), number), end; it != end; ++it)
    a.shape.push_back(std::stoll(it->str()));
  int64_t element_size = 0;
  if (a.dtype == "<f4") element_size = 4;
  else if (a.dtype == "|i1" || a.dtype == "<i1" || a.dtype == "|u1" || a.dtype == "<u1") element_size = 1;
  NMT_CHECK(element_size > 0, what << ": element type '" << a.dtype << "' is not supported (float32 and int8 are)");
  const size_t expected = static_cast<size_t>(a.elements() * element_size);
  NMT_CHECK(bytes.size() - start - header_length == expected,
            what << ": holds " << bytes.size() - start - header_length << " bytes of data, its header says " << expected);
  a.bytes = bytes.substr(start + header_length);
  return a;
}

std::map<std::string, NpyArray> read_npz(const std::string& path) {
  int error = 0;
  std::unique_ptr<zip_t, decltype(&zip_close)> archive(zip_open(path.c_str(), ZIP_RDONLY, &error), &zip_close);
  if (!archive) {
    zip_error_t e;
    zip_error_init_with_code(&e, error);
    const std::string reason = zip_error_strerror(&e);
    zip_error_fini(&e);
    NMT_FAIL("cannot read " << path << " as an .npz (zip) archive: " << reason);
  }
  std::map<std::string, NpyArray> arrays;
  const zip_int64_t count = zip_get_num_entries(archive.get(), 0);
  for (zip_int64_t i = 0; i < count; ++i) {
    zip_stat_t st;
    NMT_CHECK(zip_stat_index(archive.get(), i, 0, &st) == 0, path << ": cannot read entry " << i);
    std::string name = st.name;
    const std::string what = path + ":" + name;
    NMT_CHECK(name.size() > 4 && name.compare(name.size() - 4, 4, ".npy") == 0,
              path << " is not an .npz of NumPy arrays: its member " << name << " is no .npy file");
    std::unique_ptr<zip_file_t, decltype(&zip_fclose)> file(zip_fopen_index(archive.get(), i, 0), &zip_fclose);
    NMT_CHECK(file, what << ": " << zip_strerror(archive.get()));
    std::string bytes(st.size, '\0');
    NMT_CHECK(zip_fread(file.get(), bytes.data(), st.size) == static_cast<zip_int64_t>(st.size),
              what << ": truncated (" << zip_file_strerror(file.get()) << ")");
    name.resize(name.size() - 4);
    arrays[name] = parse_npy(bytes, what);
  }
  return arrays;
}

}  // namespace nmt::interop
