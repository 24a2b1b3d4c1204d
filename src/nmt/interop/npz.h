#pragma once
// NumPy's .npz: a zip archive of .npy files (a small header, then the raw
// array), as Marian saves its models. The archive is read with libzip;
// only little-endian float32 and int8 arrays in C order are accepted.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace nmt::interop {

struct NpyArray {
  std::string dtype;            // "<f4" (float32) or "|i1"/"<i1" (int8)
  std::vector<int64_t> shape;   // () is a scalar
  std::string bytes;            // the elements, C order
  int64_t elements() const;
};

// The .npy file `bytes` (`what` names it in errors: "model.npz:Wemb.npy").
NpyArray parse_npy(const std::string& bytes, const std::string& what);

// Every array of the archive, by member name without ".npy". Throws
// nmt::Error naming the file (and the member) when it cannot be read.
std::map<std::string, NpyArray> read_npz(const std::string& path);

}  // namespace nmt::interop
