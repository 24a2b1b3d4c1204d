#!/usr/bin/env bash
# Installs what nmt needs to build, test and run on Debian 12; does nothing
# when everything is there already.
#   bash scripts/install.sh [--tests]   (--tests: also the web tests' npm packages)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  cmake ninja-build ccache g++ pkg-config
  libtorch-dev libopenblas0-pthread   # tensors; OpenBLAS, not the reference BLAS
  libgloo-dev                         # c10d's Gloo headers: data-parallel training (nmt train --nproc)
  libsentencepiece-dev                # subword vocabularies
  libcli11-dev nlohmann-json3-dev libyaml-cpp-dev zlib1g-dev
  libprotobuf-dev protobuf-compiler libboost-dev   # TensorBoard event files (protobuf, CRC-32C)
  libcairo2-dev fonts-dejavu-core                  # report charts (SVG and PNG), their font
  libpugixml-dev                      # TMX corpora
  libzip-dev                          # Marian's .npz models (nmt import marian)
  libicu-dev                          # Unicode categories, scripts, case mapping (score --tokenize intl, --lowercase; clean)
  libgumbo-dev                        # nmt serve: the text of HTML to translate (gumbo, an HTML5 parser)
  libcld2-dev                         # nmt serve: language detection (CLD2)
  poppler-utils                       # documents: the text of PDFs (pdftotext, run in a child process with limits)
  libssl-dev                          # nmt serve: API keys kept as SHA-256 digests (libcrypto); HTTP is third_party/cpp-httplib
  libgoogle-perftools-dev             # tcmalloc: memory reused between steps
  libdnnl-dev                         # oneDNN: the CPU engine's float32 products (int8 on VNNI CPUs)
  pybind11-dev python3-dev            # the Python module (build/python/nmt)
  python3-torch                       # ... which its test imports beside Debian's PyTorch (the same LibTorch)
  python3-sentencepiece               # nmt bench --vs-torch: the PyTorch peer (peer_torch.py) reads the vocabulary
  libgtest-dev
  clang libclang-rt-14-dev            # the fuzz targets (fuzz/, scripts/fuzz.sh): libFuzzer and sanitizers
  g++-aarch64-linux-gnu               # the test that the CPU engine compiles for ARM64 (tests/infer)
  chromium                            # the browser test of nmt serve's page (tests/serve/web)
)
# node and npm run the web tests (the libretranslate client, playwright-core).
# Debian's npm conflicts with a nodejs from elsewhere (NodeSource): keep any
# node and npm already on PATH.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The web tests' npm packages (tests/serve/web/package-lock.json: the
# libretranslate client, playwright-core), into tests/serve/web/node_modules;
# again only when the lock file changed.
if [ "${1:-}" = --tests ]; then
  web=tests/serve/web
  if ! cmp -s "$web/package-lock.json" "$web/node_modules/.nmt-package-lock.json"; then
    (cd "$web" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error)
    cp "$web/package-lock.json" "$web/node_modules/.nmt-package-lock.json"
  fi
fi
