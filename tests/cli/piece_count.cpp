// piece_count SPM_MODEL < lines: the number of pieces the vocabulary encodes
// each line into (what nmt translate reads, without </s>), one count a line.
// cli_test.sh's alignment case checks source positions against it.
#include <exception>
#include <iostream>
#include <string>

#include "nmt/text/vocab.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: piece_count SPM_MODEL < lines\n";
    return 2;
  }
  try {
    const auto vocab = nmt::text::Vocab::load(argv[1]);
    std::string line;
    while (std::getline(std::cin, line)) std::cout << vocab.encode(line).size() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
