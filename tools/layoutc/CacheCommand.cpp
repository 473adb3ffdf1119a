//===- CacheCommand.cpp - layoutc cache stats|clear -----------------------===//
//
// Shows or empties the JIT's disk cache. A directory that is missing is an
// empty cache; one that cannot be read, or that DiskCache refuses (another
// user's, writable by others), is an error: nothing is read or removed there.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "layoutc/JIT/DiskCache.h"

#include <filesystem>

namespace layoutc::tool {

namespace {
const char *kCacheHelp = R"(usage: layoutc cache stats|clear [--dir DIR]

The disk cache of compiled kernels the JIT keeps (and --run uses):
$LAYOUTC_CACHE_DIR, else $XDG_CACHE_HOME/layoutc, else ~/.cache/layoutc (none
of them set: no cache). It must be yours and writable by you alone.
  stats   the directory, its entries and their size
  clear   remove every entry (files that are not layoutc's are kept, and named)
)";

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
} // namespace

int cacheCommand(const std::vector<std::string> &args) {
  if (args.size() == 1 && isHelp(args[0])) {
    std::cout << kCacheHelp;
    return kOk;
  }
  std::string action, dir = jit::DiskCache::defaultDirectory();
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--dir" && i + 1 < args.size())
      dir = args[++i];
    else if (action.empty() && (args[i] == "stats" || args[i] == "clear"))
      action = args[i];
    else
      return usage("unexpected '" + args[i] + "'", kCacheHelp);
  }
  if (action.empty())
    return usage("cache needs stats or clear", kCacheHelp);
  std::error_code error;
  bool missing = !dir.empty() && std::filesystem::symlink_status(dir, error).type() == std::filesystem::file_type::not_found;
  std::string why;
  std::optional<jit::DiskCache> cache = missing ? std::nullopt : jit::DiskCache::open(dir, /*create=*/false, why);
  if (!missing && !cache) {
    std::cerr << "layoutc: " << why << "\n";
    return kInputError;
  }
  if (action == "clear")
    printCleared(cache ? cache->clear() : jit::DiskCache::Cleared{}, dir);
  else {
    jit::DiskCache::Stats s = cache ? cache->scan() : jit::DiskCache::Stats{};
    std::cout << dir << ": " << s.entries << " kernels, " << s.bytes << " bytes\n";
  }
  return kOk;
}

} // namespace layoutc::tool
