//===- IndexedCommand.cpp - layoutc gather / scatter: rows through indices ===//
#include "Commands.h"
#include "Files.h"
#include "KernelDriver.h"

#include <sstream>

namespace layoutc::tool {

namespace {

namespace cl = llvm::cl;
using namespace layoutc::jit;

// The indices of the file at `path` (`-`: stdin): integers separated by white
// space.
std::vector<int64_t> readIndices(const std::string &path) {
  std::string error;
  std::optional<std::string> text = readInputFile(path, error);
  if (!text)
    throw std::invalid_argument(error);
  std::istringstream in(*text);
  std::vector<int64_t> out;
  std::string word;
  while (in >> word) {
    int64_t index = 0;
    if (llvm::StringRef(word).getAsInteger(10, index))
      throw std::invalid_argument(inputName(path) + ": '" + word + "' (index " + std::to_string(out.size()) +
                                  ") is not an integer");
    out.push_back(index);
  }
  return out;
}

class IndexedCommand : public Command {
public:
  explicit IndexedCommand(bool scatter)
      : Command(scatter ? "scatter" : "gather",
                scatter ? "generate (and --run) a scatter of rows into a table through indices"
                        : "generate (and --run) a gather of table rows through indices"),
        scatter_(scatter) {}

  std::string overview() const override {
    return R"(Builds a gather, rows[r, :] = table[idx[r], :], or a scatter,
table[idx[r], :] = rows[r, :], for r < R: rows of W elements (W = 1: single
elements), row-major, through the composed layout idx o 0 o R:1 on the table's
row mode, and compiles it. --run takes the table's rows and the indices (R
random ones, or a file's).
  layoutc gather --width 256 --dtype f16 --emit=ptx
  layoutc gather --table 1000000 --width 256 --indices 262144 --dtype f16 --run
  layoutc scatter --table 1000 --index-file idx.txt --run
)";
  }

  int run() override {
    if (std::string conflict = options.conflict(); !conflict.empty())
      return usageError(conflict);
    if (options.run && !table.getNumOccurrences())
      return usageError("--run needs --table ROWS");
    if (options.run && bool(indices.getNumOccurrences()) == bool(indexFile.getNumOccurrences()))
      return usageError("--run needs either --indices R or --index-file FILE");
    if (options.refuseBinaryToTerminal(name()))
      return kUsage;
    CopySpec spec = scatter_ ? CopySpec::scatter(width, options.dtype, indexType)
                             : CopySpec::gather(width, options.dtype, indexType);
    if (!options.run)
      return emitStage([&](Compiler &c, const CompileOptions &o,
                           BufferAlignment buffers) { return compileCopy(c, spec, o, {buffers}); },
                       options);
    RunOptions run;
    run.seed = options.seed;
    std::vector<int64_t> idx;
    if (indices.getNumOccurrences()) {
      // Drawing the indices allocates: the run is checked first.
      checkFits(name().str(), indexedFootprint(spec, table, indices, run), run.device);
      idx = randomIndices(indices, table, scatter_, options.seed);
    } else {
      idx = readIndices(indexFile);
    }
    Jit jit(jitOptionsFor(options));
    if (options.explain)
      explain(jit.copy(spec).kernel().plan());
    return report(runIndexed(jit, spec, table, idx, run));
  }

private:
  bool scatter_;
  cl::opt<long long, false, PositiveParser> table{"table", cl::desc("the table's rows (with --run)"),
                                                  cl::value_desc("ROWS"), cl::sub(sub), cl::cat(category)};
  cl::opt<long long, false, PositiveParser> width{
      "width",          cl::desc("elements per row (default: 1)"), cl::value_desc("W"), cl::init(1), cl::sub(sub),
      cl::cat(category)};
  cl::opt<long long, false, PositiveParser> indices{"indices",
                                                    cl::desc("R random indices (repeated and unordered for a "
                                                             "gather, distinct for a scatter)"),
                                                    cl::value_desc("R"), cl::sub(sub), cl::cat(category)};
  cl::opt<std::string> indexFile{"index-file", cl::desc("the indices, integers separated by white space (- for stdin)"),
                                 cl::value_desc("FILE"), cl::sub(sub), cl::cat(category)};
  cl::opt<DType, false, ChoiceParser<DType>> indexType{
      "index-type",
      cl::desc("the indices' type (default: i32)"),
      cl::init(DType::I32),
      cl::values(clEnumValN(DType::I32, "i32", "32-bit indices"), clEnumValN(DType::I64, "i64", "64-bit indices")),
      cl::sub(sub),
      cl::cat(category)};
  KernelOptions options{sub, category};
};

} // namespace

std::unique_ptr<Command> makeIndexedCommand(bool scatter) { return std::make_unique<IndexedCommand>(scatter); }

} // namespace layoutc::tool
