//===- Run.cpp - Run a kernel on random data and check every element ------===//
#include "layoutc/JIT/Run.h"

#include "HostConvert.h"
#include "KernelOperand.h"
#include "RunFootprint.h"

#include <algorithm>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

namespace layoutc::jit {

namespace {

constexpr uint8_t kPoison = 0xA5;

uint64_t nextRandom(uint64_t &state) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

std::vector<uint8_t> randomBytes(size_t n, uint64_t seed) {
  std::vector<uint8_t> bytes(n);
  uint64_t state = seed * 0x9E3779B97F4A7C15ull + 1;
  for (size_t i = 0; i < n; i += 8) {
    uint64_t r = nextRandom(state);
    std::memcpy(bytes.data() + i, &r, std::min<size_t>(8, n - i));
  }
  return bytes;
}

std::string hex(const uint8_t *p, int bytes) {
  std::ostringstream os;
  os << "0x" << std::hex;
  for (int i = bytes - 1; i >= 0; --i)
    os << (p[i] < 16 ? "0" : "") << int(p[i]);
  return os.str();
}

// Compares elements and keeps the first mismatch in words; where(), which
// names the element, runs only for a mismatch.
struct Checker {
  RunReport &report;
  int bytes;
  /// Elements of this type match when both are NaN (a conversion's NaN
  /// need not keep its payload); unset: bytes only.
  std::optional<DType> nanType = std::nullopt;
  template <class Where> void expect(const uint8_t *got, const uint8_t *want, Where where) {
    ++report.checked;
    if (std::memcmp(got, want, size_t(bytes)) == 0 || (nanType && isNaN(got, *nanType) && isNaN(want, *nanType)))
      return;
    if (report.mismatches++ == 0)
      report.firstMismatch = where() + ": expected " + hex(want, bytes) + ", got " + hex(got, bytes);
  }
  // Elements the kernel must not write still hold the poison.
  void untouched(const std::vector<uint8_t> &data, const std::vector<bool> &written, const std::string &name) {
    std::vector<uint8_t> poison(size_t(bytes), kPoison);
    for (size_t i = 0; i < written.size(); ++i)
      if (!written[i])
        expect(&data[i * size_t(bytes)], poison.data(),
               [&] { return name + "[" + std::to_string(i) + "] (not written)"; });
  }
};

template <class Launch>
void time(RunReport &report, const RunOptions &options, const runtime::Stream &stream, Launch launch) {
  if (options.timedRuns <= 0)
    return;
  // One launch right before the timed ones, as the benchmarks' peers have:
  // the checked launch is long past (the results were copied back and
  // compared), and the first launch after that pause runs slower.
  launch();
  stream.synchronize();
  runtime::Timer timer(stream);
  timer.start();
  for (int i = 0; i < options.timedRuns; ++i)
    launch();
  report.milliseconds = timer.stop() / options.timedRuns;
}

} // namespace

RunReport runCopy(Jit &jit, const CopySpec &spec, const RunOptions &options) {
  size_t next = 0;
  if (!spec.indexTypes.empty())
    throw std::invalid_argument("copy: a spec with index buffers runs through runIndexed");
  KernelOperand src = KernelOperand::of(spec.src, "the source layout").bind(options.dynamic, next);
  KernelOperand dst = KernelOperand::of(spec.dst, "the destination layout").bind(options.dynamic, next);
  checkFits("copy " + src.str() + " -> " + dst.str(), copyFootprint(src, dst, spec, options), options.device);
  CopyKernel kernel = jit.copy(spec);
  const int eb = dtypeBytes(spec.dtype), db = dtypeBytes(spec.dstType());
  const bool converts = spec.dstType() != spec.dtype || spec.scale;
  const int64_t n = src.size(), srcExtent = src.maxOffset() + 1, dstExtent = dst.maxOffset() + 1;

  runtime::Context context(options.device);
  runtime::Stream stream;
  const size_t pad = size_t(options.misalign * eb), dstPad = size_t(options.misalign * db);
  std::vector<uint8_t> padded = randomBytes(pad + size_t(srcExtent * eb), options.seed);
  runtime::DeviceBuffer dSrc(padded.size()), dDst(dstPad + size_t(dstExtent * db));
  dSrc.copyFromHost(padded.data(), padded.size());
  dDst.fill(kPoison);
  auto launch = [&] { kernel.launch(context, dSrc.address() + pad, dDst.address() + dstPad, options.dynamic, stream); };
  launch();
  stream.synchronize();
  std::vector<uint8_t> output(dDst.bytes());
  dDst.copyToHost(output.data(), output.size());
  output.erase(output.begin(), output.begin() + std::ptrdiff_t(dstPad));
  const uint8_t *input = padded.data() + pad; // the data the kernel was given

  RunReport report;
  report.kernel = "copy " + src.str() + " -> " + dst.str() + " " + dtypeName(spec.dtype) +
                  (converts ? std::string(" to ") + dtypeName(spec.dstType()) : "") +
                  (spec.scale ? " scaled by " + std::to_string(*spec.scale) : "") +
                  (kernel.family().empty() ? "" : " (its family's kernel)");
  report.elements = n;
  report.bytes = double(n) * (eb + db);
  Checker check{report, db, converts ? std::optional<DType>(spec.dstType()) : std::nullopt};
  std::vector<bool> written(size_t(dstExtent), false);
  std::vector<uint8_t> expected(static_cast<size_t>(db));
  KernelOperand::Cursor from(src), to(dst);
  for (int64_t k = 0; k < n; ++k, from.advance(), to.advance()) {
    int64_t s = from.offset(), d = to.offset();
    written[size_t(d)] = true;
    const uint8_t *want = &input[size_t(s * eb)];
    if (converts) {
      convertElement(want, spec.dtype, expected.data(), spec.dstType(), spec.scale);
      want = expected.data();
    }
    check.expect(&output[size_t(d * db)], want, [&] {
      return "dst[" + std::to_string(d) + "] (k = " + std::to_string(k) + ", src[" + std::to_string(s) + "])";
    });
  }
  check.untouched(output, written, "dst");
  time(report, options, stream, launch);
  return report;
}

RunReport runIndexed(Jit &jit, const CopySpec &spec, int64_t tableRows, const std::vector<int64_t> &indices,
                     const RunOptions &options) {
  IndexedRows rows = indexedRowsOf(spec);
  bool gather = spec.src.rows().has_value();
  const char *op = gather ? "gather" : "scatter";
  for (size_t r = 0; r < indices.size(); ++r) {
    int64_t i = indices[r];
    if (i < 0 || i >= tableRows)
      throw std::invalid_argument(std::string(op) + ": index " + std::to_string(i) + " at position " +
                                  std::to_string(r) + " is outside the table's " + std::to_string(tableRows) + " rows");
  }
  if (!gather) {
    // Repeats, found by sorting (index, position): memory in proportion to
    // the indices, not to the table.
    std::vector<std::pair<int64_t, int64_t>> sorted;
    sorted.reserve(indices.size());
    for (size_t r = 0; r < indices.size(); ++r)
      sorted.emplace_back(indices[r], int64_t(r));
    std::sort(sorted.begin(), sorted.end());
    for (size_t k = 1; k < sorted.size(); ++k)
      if (sorted[k].first == sorted[k - 1].first)
        throw std::invalid_argument("scatter: index " + std::to_string(sorted[k].first) + " appears at positions " +
                                    std::to_string(sorted[k - 1].second) + " and " + std::to_string(sorted[k].second) +
                                    "; a scatter's indices must be distinct");
  }
  checkFits(op, indexedFootprint(spec, tableRows, int64_t(indices.size()), options), options.device);
  CopyKernel kernel = jit.copy(spec);
  const DType indexType = spec.indexTypes[rows.buffer];
  const int eb = dtypeBytes(spec.dtype), ib = dtypeBytes(indexType);
  const int64_t w = rows.width, count = int64_t(indices.size());

  runtime::Context context(options.device);
  runtime::Stream stream;
  std::vector<uint8_t> packed(indices.size() * size_t(ib));
  for (size_t r = 0; r < indices.size(); ++r) {
    int64_t v = indices[r];
    if (ib == 4) {
      int32_t narrow = int32_t(v);
      std::memcpy(&packed[r * 4], &narrow, 4);
    } else {
      std::memcpy(&packed[r * 8], &v, 8);
    }
  }
  size_t tableBytes = size_t(tableRows * w * eb), rowsBytes = size_t(count * w * eb);
  const size_t pad = size_t(options.misalign * eb);
  std::vector<uint8_t> padded = randomBytes(pad + (gather ? tableBytes : rowsBytes), options.seed);
  runtime::DeviceBuffer dTable(pad + std::max<size_t>(tableBytes, 1)), dRows(pad + std::max<size_t>(rowsBytes, 1)),
      dIndices(std::max<size_t>(packed.size(), 1));
  dIndices.copyFromHost(packed.data(), packed.size());
  (gather ? dTable : dRows).copyFromHost(padded.data(), padded.size());
  (gather ? dRows : dTable).fill(kPoison);
  LaunchBuffer table{dTable.address() + pad, tableRows * w}, moved{dRows.address() + pad, count * w};
  std::vector<LaunchBuffer> buffers{gather ? table : moved, gather ? moved : table, {dIndices.address(), count}};
  auto launch = [&] { kernel.launch(context, buffers, {count}, stream); };
  launch();
  stream.synchronize();
  std::vector<uint8_t> output(pad + (gather ? rowsBytes : tableBytes));
  (gather ? dRows : dTable).copyToHost(output.data(), output.size());
  output.erase(output.begin(), output.begin() + std::ptrdiff_t(pad));
  const uint8_t *input = padded.data() + pad; // the data the kernel was given

  RunReport report;
  report.kernel = std::string(op) + " of " + std::to_string(count) + " rows of " + std::to_string(w) + " " +
                  dtypeName(spec.dtype) + " (" + dtypeName(indexType) + " indices)";
  report.elements = count * w;
  report.bytes = 2.0 * double(count * w) * eb + double(count) * ib;
  Checker check{report, eb};
  std::vector<bool> written(gather ? 0 : size_t(tableRows * w), false);
  for (int64_t r = 0; r < count; ++r) {
    for (int64_t c = 0; c < w; ++c) {
      size_t t = size_t(indices[size_t(r)] * w + c), o = size_t(r * w + c);
      if (gather) {
        check.expect(&output[o * eb], &input[t * eb], [&] {
          return "rows[" + std::to_string(r) + "," + std::to_string(c) + "] (table row " +
                 std::to_string(indices[size_t(r)]) + ")";
        });
      } else {
        written[t] = true;
        check.expect(&output[t * eb], &input[o * eb], [&] {
          return "table[" + std::to_string(indices[size_t(r)]) + "," + std::to_string(c) + "] (from row " +
                 std::to_string(r) + ")";
        });
      }
    }
  }
  if (!gather)
    check.untouched(output, written, "table");
  time(report, options, stream, launch);
  return report;
}

std::vector<int64_t> randomIndices(int64_t count, int64_t tableRows, bool distinct, uint64_t seed) {
  if (tableRows <= 0 || count < 0 || (distinct && count > tableRows))
    throw std::invalid_argument("cannot draw " + std::to_string(count) + (distinct ? " distinct" : "") +
                                " indices below " + std::to_string(tableRows));
  uint64_t state = seed * 0x9E3779B97F4A7C15ull + 7;
  std::vector<int64_t> out(static_cast<size_t>(count));
  if (!distinct) {
    for (int64_t &i : out)
      i = int64_t(nextRandom(state) % uint64_t(tableRows));
    return out;
  }
  // A partial Fisher-Yates shuffle of 0..tableRows-1, the positions it has
  // moved kept in a map (every other position p still holds p).
  std::unordered_map<int64_t, int64_t> moved;
  moved.reserve(size_t(count) * 2);
  auto at = [&](int64_t p) {
    auto it = moved.find(p);
    return it == moved.end() ? p : it->second;
  };
  for (int64_t i = 0; i < count; ++i) {
    int64_t j = i + int64_t(nextRandom(state) % uint64_t(tableRows - i));
    int64_t vi = at(i), vj = at(j);
    moved[j] = vi;
    out[size_t(i)] = vj;
  }
  return out;
}

} // namespace layoutc::jit
