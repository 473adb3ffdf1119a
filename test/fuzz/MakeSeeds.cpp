//===- MakeSeeds.cpp - The fuzzers' seed corpora from the test suite -------===//
//
// `fuzz-seeds OUT CORPUS_DIR TEST_DIR` writes one seed per file:
//   OUT/expression  the expression of each case of CORPUS_DIR/*.tsv
//   OUT/reach       the same expressions
//   OUT/type        each `!lay.` type written in TEST_DIR/**/*.mlir
//   OUT/opt         each module of TEST_DIR/**/*.mlir (split at `// -----`)
//   OUT/nesting     each module behind a header of pseudo-random cuts that
//                   repeats two of its pieces 200 times
//   OUT/cache       entries made for the cache fuzzer's key
//   OUT/cli         command lines: eval, print1d, print2d and show of every
//                   16th case's expression, and eval --tsv of each corpus
//                   file's first 64 lines
//   OUT/kernel      256 byte strings of a fixed pseudo-random sequence (the
//                   kernel fuzzer's generator reads any bytes)
// so the corpora follow the tests without thousands of committed files.
//
//===----------------------------------------------------------------------===//
#include "CacheEntry.h"
#include "FuzzCacheKey.h"
#include "layoutc/Algebra/CaseFile.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace layoutc;

namespace {

std::string readFile(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Writes seeds to a directory, each under a name made from its source.
struct Seeds {
  fs::path dir;
  size_t count = 0;
  Seeds(const fs::path &out, const char *name) : dir(out / name) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void add(const std::string &source, const std::string &text) {
    std::ofstream(dir / (source + "-" + std::to_string(count++)), std::ios::binary) << text;
  }
};

std::vector<fs::path> filesWithExtension(const fs::path &dir, const std::string &ext) {
  std::vector<fs::path> files;
  for (const fs::directory_entry &e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ext)
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The `!lay.name<...>` types in `text`: the mnemonic, then the balanced
// angle brackets, skipping quoted strings (tilers `<...>` live in quotes).
std::vector<std::string> layTypes(const std::string &text) {
  std::vector<std::string> types;
  for (size_t at = text.find("!lay."); at != std::string::npos; at = text.find("!lay.", at + 1)) {
    size_t i = at + 5;
    while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'))
      ++i;
    if (i >= text.size() || text[i] != '<')
      continue;
    int depth = 0;
    bool quoted = false;
    for (; i < text.size(); ++i) {
      char c = text[i];
      if (c == '"')
        quoted = !quoted;
      else if (!quoted && c == '<')
        ++depth;
      else if (!quoted && c == '>' && --depth == 0)
        break;
    }
    if (i < text.size())
      types.push_back(text.substr(at, i + 1 - at));
  }
  return types;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s OUT CORPUS_DIR TEST_DIR\n", argv[0]);
    return 2;
  }
  fs::path out = argv[1], corpus = argv[2], tests = argv[3];

  Seeds expressions(out, "expression"), reaches(out, "reach"), commands(out, "cli");
  const char *const kCommands[] = {"eval", "print1d", "print2d", "show"};
  size_t cases = 0;
  for (const fs::path &tsv : filesWithExtension(corpus, ".tsv")) {
    std::istringstream lines(readFile(tsv));
    std::string head;
    int headLines = 0;
    for (std::string line; std::getline(lines, line);) {
      if (headLines++ < 64)
        head += line + "\n";
      if (std::optional<algebra::Case> c = algebra::parseCaseLine(line)) {
        std::string e = algebra::caseExpression(*c);
        expressions.add(tsv.stem().string(), e);
        reaches.add(tsv.stem().string(), e);
        if (cases++ % 16 == 0)
          commands.add(tsv.stem().string(), std::string(kCommands[cases / 16 % 4]) + "\n" + e);
      }
    }
    commands.add(tsv.stem().string(), "eval\n--tsv\n@file\n\n" + head);
  }
  commands.add("infer", "infer\n0,2,4,1,3,5");
  commands.add("show-tv", "show\n--tv\n(32,4):(4,1)\n--tile\n(8,16)");
  commands.add("stdin", "eval\n-\n\nsize((2,3):(1,2))\ncomposition((6,2):(8,2),(4,3):(3,1))\n");

  uint64_t state = 0x9e3779b97f4a7c15u;
  auto randomBytes = [&](int n) {
    std::string bytes;
    for (int k = 0; k < n; ++k) {
      state = state * 6364136223846793005u + 1442695040888963407u;
      bytes += char(state >> 56);
    }
    return bytes;
  };
  Seeds kernels(out, "kernel");
  for (int i = 0; i < 256; ++i)
    kernels.add("random", randomBytes(64));

  Seeds types(out, "type"), modules(out, "opt"), nested(out, "nesting");
  std::set<std::string> seenTypes;
  for (const fs::path &mlir : filesWithExtension(tests, ".mlir")) {
    std::string text = readFile(mlir), name = mlir.stem().string();
    for (const std::string &t : layTypes(text))
      if (seenTypes.insert(t).second)
        types.add(name, t);
    const std::string split = "// -----";
    for (size_t begin = 0;;) {
      size_t end = text.find(split, begin);
      std::string module = text.substr(begin, end == std::string::npos ? end : end - begin);
      modules.add(name, module);
      nested.add(name, randomBytes(4) + std::string{0, char(199)} + module);
      if (end == std::string::npos)
        break;
      begin = end + split.size();
    }
  }

  Seeds entries(out, "cache");
  for (const char *payload : {"", "//\n.version 8.0\n.target sm_90\n.address_size 64\n"})
    entries.add("entry", jit::cache::encode(fuzz::kCacheKey, payload));

  // Programs of C API calls (CapiFuzzer.cpp): every expression evaluated,
  // called on, applied, drawn and freed; a kernel of each kind compiled,
  // asked about and launched; a JIT made and destroyed.
  Seeds calls(out, "capi");
  for (unsigned char e = 0; e < 15; ++e)
    calls.add("values", std::string{0, char(e), 0, 2, 0, 0, 0,  0, 1, 0, 0, 0,  0, 3, 0,  0, 0, 0, 7, 0,
                                    0, 0,       7, 0, 1, 0, 20, 0, 0, 0, 0, 21, 0, 0, 22, 0, 0, 9, 0});
  calls.add("kernels", std::string{12, 1, 1, 2, 0,  0, 5, 0, 0, 17, 0, 1,  18, 0, 0, 0, 0, 0, 0, 19, 0, 0, 0,  0,
                                   0,  0, 1, 0, 13, 1, 4, 0, 4, 1,  1, 19, 1,  0, 0, 0, 0, 0, 1, 1,  4, 4, 16, 0});
  calls.add("jits", std::string{10, 0, 1, 0, 0, 12, 0, 0, 0, 0, 0, 0, 5, 0, 0, 23, 2, 0, 11, 0});

  std::printf("seeds: %zu expressions, %zu types, %zu modules, %zu cache entries, %zu command lines, %zu kernels, "
              "%zu call programs (and as many reach and nesting seeds as expressions and modules)\n",
              expressions.count, types.count, modules.count, entries.count, commands.count, kernels.count, calls.count);
  return 0;
}
