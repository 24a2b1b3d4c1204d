#!/usr/bin/env bash
# The libraries nmt builds on, packed on a Debian 12 machine for a GPU
# machine whose image has a CUDA PyTorch, a compiler, CMake and ninja but not
# Debian's development packages (and no package registry to fetch them from).
#
#   bash scripts/cuda_deps.sh pack OUT.tar.xz     (here: after scripts/install.sh)
#   bash scripts/cuda_check.sh --deps OUT.tar.xz  (there: unpacks it beside the build)
#
# The archive holds, under usr/: the headers, CMake and pkg-config files and
# shared libraries of the packages below; every shared library those load
# (but the C and C++ runtimes, which the GPU machine's newer ones replace);
# protoc and pkg-config with their libraries; and of Boost only the headers
# <boost/crc.hpp> includes. pkg-config files lose their Requires.private
# lines (cairo's name a dozen X11 and font packages that only static linking
# needs). The build finds it all through CMAKE_PREFIX_PATH and
# PKG_CONFIG_SYSROOT_DIR, and the programs through an RPATH (cuda_check.sh).
set -euo pipefail
[ "${1:-}" = pack ] && [ -n "${2:-}" ] || { echo "usage: $0 pack OUT.tar.xz" >&2; exit 2; }
out=$(realpath -m "$2")
arch=x86_64-linux-gnu

packages=(libsentencepiece-dev libcli11-dev nlohmann-json3-dev libyaml-cpp-dev zlib1g-dev libprotobuf-dev
          libpugixml-dev libzip-dev libicu-dev libgumbo-dev libcld2-dev libssl-dev libdnnl-dev libgtest-dev
          pybind11-dev libcairo2-dev protobuf-compiler pkgconf-bin libgoogle-perftools-dev libgloo-dev)
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    { echo "$p is not installed: run scripts/install.sh first" >&2; exit 1; }
done

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
# A package's files that a build reads: headers, CMake and pkg-config files,
# libraries, and the two tools.
dpkg -L "${packages[@]}" | sort -u | while read -r f; do
  case "$f" in
    /usr/lib/$arch/icu/*) continue ;;  # ICU's own build files
    /usr/include/*|/usr/lib/$arch/*|/usr/lib/cmake/*|/usr/share/cmake/*|/usr/share/pkgconfig/*|/usr/bin/protoc*|/usr/bin/pkgconf|/usr/bin/pkg-config) ;;
    *) continue ;;
  esac
  [ -f "$f" ] || [ -L "$f" ] || continue
  [ -d "$f" ] && continue
  mkdir -p "$root$(dirname "$f")"
  cp -a "$f" "$root$f"
done
# Boost: what <boost/crc.hpp> includes, and the CMake package that finds it.
{ echo '#include <boost/crc.hpp>' | g++ -x c++ -std=c++17 -M - | tr ' \\' '\n\n' | grep '^/usr/include/boost/'
  echo /usr/include/boost/version.hpp
  find /usr/lib/$arch/cmake -maxdepth 1 \( -name 'Boost-*' -o -name 'boost_headers-*' -o -name 'BoostDetectToolset-*' \)
} | sort -u | while read -r f; do mkdir -p "$root$(dirname "$f")"; cp -a "$f" "$root$f"; done

# Static libraries are not linked, but those a CMake package names (its
# imported targets must exist) and GoogleTest's, which has no other form.
find "$root/usr/lib/$arch" -maxdepth 1 -name '*.a' | while read -r a; do
  grep -rqF "$(basename "$a")" --include='*.cmake' "$root" || rm "$a"
done
# A development package's libfoo.so points into the runtime package: the
# library itself under its own name (which CMake's imported targets name),
# and its soname (what programs ask the loader for) pointing to it.
lib=$root/usr/lib/$arch
find "$lib" -maxdepth 1 -type l -name '*.so' | while read -r link; do
  [ -e "$link" ] && continue
  real=$(readlink -f "/usr/lib/$arch/$(basename "$link")")
  name=$(basename "$real")
  soname=$(objdump -p "$real" | awk '$1 == "SONAME" { print $2 }')
  cp "$real" "$lib/$name"
  [ -z "$soname" ] || [ "$soname" = "$name" ] || ln -sfn "$name" "$lib/$soname"
  [ -e "$link" ] || ln -sfn "$name" "$link"
done
# Every shared library those and the tools load, but the C and C++ runtimes
# and the loader.
keep_out='^(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s|ld-linux-x86-64)\.so'
for round in 1 2 3; do
  find "$lib" "$root/usr/bin" -type f \( -name '*.so*' -o -perm -u+x \) -print0 |
    xargs -0 -r env LD_LIBRARY_PATH="$lib" ldd 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' | sort -u |
    while read -r name path; do
      [[ $name =~ $keep_out ]] && continue
      [ -e "$lib/$name" ] || cp -L "$path" "$lib/$name"
    done
done
# pkg-config files: no Requires.private (static linking only).
find "$root" -name '*.pc' -print0 | xargs -0 sed -i '/^Requires\.private:/d'
dangling=$(find "$root" -xtype l)
[ -z "$dangling" ] || { echo "links left pointing nowhere: $dangling" >&2; exit 1; }

tar -C "$root" -cJf "$out" usr
echo "packed $(find "$root" -type f | wc -l) files into $out ($(du -h "$out" | cut -f1))"
