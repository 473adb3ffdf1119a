//===- CacheCommand.cpp - layoutc cache stats|clear -----------------------===//
//
// Shows or empties the JIT's disk cache. A directory that is missing is an
// empty cache; one that cannot be read, or that DiskCache refuses (another
// user's, writable by others), is an error: nothing is read or removed there.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "layoutc/Algebra/Error.h"
#include "layoutc/JIT/DiskCache.h"

#include <filesystem>
#include <iostream>

namespace layoutc::tool {

namespace {

namespace cl = llvm::cl;

// Prints what `clear` did in `dir`.
void printCleared(const jit::DiskCache::Cleared &c, const std::string &dir) {
  std::cout << "removed " << c.removed << " entries from " << dir << "\n";
  if (c.kept.empty())
    return;
  std::cout << "kept " << c.kept.size() << " files that are not layoutc entries:";
  for (size_t i = 0; i < c.kept.size(); ++i)
    std::cout << (i ? ", " : " ") << c.kept[i];
  std::cout << "\n";
}

class CacheCommand : public Command {
public:
  CacheCommand() : Command("cache", "the disk cache of compiled kernels: stats, clear") {}

  std::string overview() const override {
    return R"(The disk cache of compiled kernels the JIT keeps (and --run uses):
$LAYOUTC_CACHE_DIR, else $XDG_CACHE_HOME/layoutc, else ~/.cache/layoutc (none
of them set: no cache). It must be yours and writable by you alone.
  layoutc cache stats   the directory, its entries and their size
  layoutc cache clear   remove every entry (files that are not layoutc's are
                        kept, and named)
)";
  }

  int run() override {
    if (actions.size() != 1 || (actions[0] != "stats" && actions[0] != "clear"))
      return usageError("takes one action, stats or clear");
    std::string dir = dirOption.getNumOccurrences() ? dirOption : jit::DiskCache::defaultDirectory();
    std::error_code error;
    bool missing =
        !dir.empty() && std::filesystem::symlink_status(dir, error).type() == std::filesystem::file_type::not_found;
    std::string why;
    std::optional<jit::DiskCache> cache = missing ? std::nullopt : jit::DiskCache::open(dir, /*create=*/false, why);
    if (!missing && !cache) {
      std::cerr << "layoutc: " << algebra::printable(why) << "\n";
      return kInputError;
    }
    if (actions[0] == "clear") {
      printCleared(cache ? cache->clear() : jit::DiskCache::Cleared{}, dir);
    } else {
      jit::DiskCache::Stats s = cache ? cache->scan() : jit::DiskCache::Stats{};
      std::cout << dir << ": " << s.entries << " kernels, " << s.bytes << " bytes\n";
    }
    return kOk;
  }

private:
  cl::list<std::string> actions{cl::Positional, cl::desc("<stats|clear>"), cl::sub(sub), cl::cat(category)};
  cl::opt<std::string> dirOption{"dir", cl::desc("the cache directory (default: the JIT's, above)"),
                                 cl::value_desc("DIR"), cl::sub(sub), cl::cat(category)};
};

} // namespace

std::unique_ptr<Command> makeCacheCommand() { return std::make_unique<CacheCommand>(); }

} // namespace layoutc::tool
