//===- JitCacheTest.cpp - The in-memory kernel cache, without a GPU -------===//
#include "layoutc/Algebra/Notation.h"
#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/DiskCache.h"
#include "layoutc/JIT/Jit.h"

#include "../../common/TempDir.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace layoutc::test {
namespace {

using jit::DType;

// A Jit that keeps kernels in memory only (the disk cache has its own tests).
jit::JitOptions memoryOnly() {
  jit::JitOptions o;
  o.diskCache = false;
  return o;
}

jit::JitOptions shapeSpecialized() {
  jit::JitOptions o = memoryOnly();
  o.specialize = jit::JitOptions::Specialize::Shape;
  return o;
}

// Every transpose of f32 whose sizes are multiples of 4 (a 16-byte vector)
// and at least kStaticSizeBelow (256) is one family: one kernel whatever the
// sizes; the copy's extents are its launch values. Sizes of other
// divisibility, smaller ones (static in the family), or another dtype, are
// other families.
TEST(JitCache, OneKernelServesAFamily) {
  jit::Jit j(memoryOnly());
  jit::CopyKernel a = j.copy({"(640,640):(640,1)", "(640,640):(1,640)", DType::F32});
  for (const char *shape : {"(320,480)", "(1000,256)", "(3000,4096)"}) {
    algebra::Layout rows = algebra::makeLayoutRight(algebra::parseIntTuple(shape).value());
    algebra::Layout cols = algebra::makeLayout(algebra::parseIntTuple(shape).value());
    EXPECT_EQ(&j.copy({rows, cols, DType::F32}).kernel(), &a.kernel()) << shape;
  }
  jit::CopyKernel c = j.copy({"(640,640):(640,1)", "(640,640):(1,640)", DType::F16});
  EXPECT_NE(&a.kernel(), &c.kernel());
  jit::CopyKernel odd = j.copy({"(1000,701):(701,1)", "(1000,701):(1,1000)", DType::F32});
  EXPECT_NE(&a.kernel(), &odd.kernel());
  EXPECT_EQ(&j.copy({"(640,999):(999,1)", "(640,999):(1,640)", DType::F32}).kernel(), &odd.kernel());
  jit::CopyKernel small = j.copy({"(640,12):(12,1)", "(640,12):(1,640)", DType::F32});
  EXPECT_NE(&a.kernel(), &small.kernel());
  EXPECT_EQ(&j.copy({"(4000,12):(12,1)", "(4000,12):(1,4000)", DType::F32}).kernel(), &small.kernel());
  jit::Jit::CacheStats s = j.cacheStats();
  EXPECT_EQ(s.misses, 4u);
  EXPECT_EQ(s.entries, 4u);
  EXPECT_EQ(s.families, 4u);
  EXPECT_NE(a.kernel().ptx().find(".entry copy("), std::string::npos);
  EXPECT_EQ(a.family(), "lay-copy-family: modes=2 sizes=?{div=4},?{div=4} src=?{div=4},1 dst=1,?{div=4}");
  EXPECT_EQ(odd.family(), "lay-copy-family: modes=2 sizes=?{div=4},? src=?,1 dst=1,?{div=4}");
  EXPECT_EQ(small.family(), "lay-copy-family: modes=2 sizes=?{div=4},12 src=?{div=4},1 dst=1,?{div=4}");
  EXPECT_EQ(a.dynamicCount(), 0);
  EXPECT_EQ(a.srcExtent(), 640 * 640);
}

// Specialized on shapes, every spec is a kernel of its own.
TEST(JitCache, SpecializedOnShapesEachSpecIsItsOwnKernel) {
  jit::Jit j(shapeSpecialized());
  jit::CopyKernel a = j.copy({"(64,64):(64,1)", "(64,64):(1,64)", DType::F32});
  jit::CopyKernel b = j.copy({"(32,64):(64,1)", "(32,64):(1,32)", DType::F32});
  EXPECT_NE(&a.kernel(), &b.kernel());
  EXPECT_EQ(a.family(), "");
  EXPECT_EQ(j.cacheStats().misses, 2u);
}

// A spec is its algebra values: one layout written in other words, as an
// expression, or built in code is the same spec, compiled once.
TEST(JitCache, OneLayoutWrittenTwoWaysCompilesOnce) {
  jit::Jit j(shapeSpecialized());
  jit::CopyKernel a = j.copy({"(32,64):(64,1)", "(32,64):(1,32)", DType::F32});
  jit::CopyKernel b = j.copy({"( 32 , 64 ) : ( 64 , 1 )", "(32, 64):(1, 32)", DType::F32});
  jit::CopyKernel c = j.copy({"make_layout((32,64), (64,1))", "coalesce((32,(8,8)):(1,(32,256)), (1,1))", DType::F32});
  algebra::IntTuple shape{32, 64};
  jit::CopyKernel d = j.copy({algebra::makeLayoutRight(shape), algebra::makeLayout(shape), DType::F32});
  for (const jit::CopyKernel *k : {&b, &c, &d})
    EXPECT_EQ(&k->kernel(), &a.kernel());
  jit::Jit::CacheStats s = j.cacheStats();
  EXPECT_EQ(s.misses, 1u);
  EXPECT_EQ(s.entries, 1u);
  EXPECT_EQ(s.families, 1u);
  // CuTe tells (8):(1), a tuple of one mode, from 8:1: two specs, though
  // one family.
  j.copy({"8:1", "8:1", DType::F32});
  j.copy({"(8):(1)", "(8):(1)", DType::F32});
  EXPECT_EQ(j.cacheStats().misses, 3u);
  jit::Jit family(memoryOnly());
  family.copy({"8:1", "8:1", DType::F32});
  family.copy({"(8):(1)", "(8):(1)", DType::F32});
  EXPECT_EQ(family.cacheStats().misses, 1u);
}

// A repeat is found by the spec's structure first (nothing printed): only a
// spec equal in every leaf, fact, type and program is the same one. A
// scale's value is a launch's: specs that differ in it share a kernel.
TEST(JitCache, ARepeatIsFoundByItsStructure) {
  jit::Jit j(memoryOnly());
  jit::CopyKernel a = j.copy({"(?,64):(64,1)", "(?,64):(1,?)", DType::F32});
  jit::CopyKernel b = j.copy({"(?,64):(64,1)", "(?,64):(1,?)", DType::F32});
  EXPECT_EQ(&a.kernel(), &b.kernel());
  jit::CopyKernel fact = j.copy({"(?{div=4},64):(64,1)", "(?{div=4},64):(1,?)", DType::F32});
  EXPECT_NE(&a.kernel(), &fact.kernel());
  jit::CopySpec scaled{"(8,8):(8,1)", "(8,8):(1,8)", DType::F32}, negative = scaled;
  scaled.scale = 0.5, negative.scale = -0.0;
  jit::CopyKernel plus = j.copy(scaled), minus = j.copy(negative);
  EXPECT_EQ(&plus.kernel(), &minus.kernel());
  EXPECT_NE(&j.copy({"(8,8):(8,1)", "(8,8):(1,8)", DType::F32}).kernel(), &plus.kernel());
  jit::CopyKernel swizzled = j.copy({"S<3,4,3> o 0 o (64,64):(64,1)", "(64,64):(1,64)", DType::F16});
  EXPECT_EQ(&j.copy({"S<3,4,3> o 0 o (64,64):(64,1)", "(64,64):(1,64)", DType::F16}).kernel(), &swizzled.kernel());
  EXPECT_NE(&j.copy({"S<2,4,3> o 0 o (64,64):(64,1)", "(64,64):(1,64)", DType::F16}).kernel(), &swizzled.kernel());
  jit::Jit::CacheStats s = j.cacheStats();
  EXPECT_EQ(s.misses, 6u);
  EXPECT_EQ(s.families, 6u);
}

// A spec compiles its kernel for 16-byte aligned buffers; the kernel for any
// others compiles once, when first asked for (a launch on such buffers),
// even after the Jit that made it is gone.
TEST(JitCache, TheAnyAlignmentKernelCompilesWhenFirstAskedFor) {
  std::optional<jit::CopyKernel> gather;
  {
    jit::Jit j(memoryOnly());
    jit::CopyKernel k = j.copy({"(64,64):(64,1)", "(64,64):(1,64)", DType::F32});
    EXPECT_EQ(j.cacheStats().misses, 1u);
    const jit::CompiledKernel &any = k.kernel(jit::BufferAlignment::Any);
    EXPECT_EQ(&k.kernel(jit::BufferAlignment::Any), &any);
    EXPECT_EQ(j.cacheStats().misses, 2u);
    EXPECT_NE(any.ptx(), k.kernel().ptx());
    gather = j.copy(jit::CopySpec::gather(8, DType::F16));
  }
  EXPECT_NE(gather->kernel(jit::BufferAlignment::Any).ptx().find(".entry gather("), std::string::npos);
}

// An algebra error inside the passes (index math past int64) reaches the
// host as the CompileError Jit.h promises, naming the pass; a family's
// launch values past int64 are refused before any kernel is built.
TEST(JitCache, IndexMathPastInt64IsACompileError) {
  jit::Jit shapes(shapeSpecialized());
  try {
    shapes.copy({"(2,2):(4611686018427387904,1)", "(2,2):(2,1)", DType::F32});
    FAIL() << "compiled";
  } catch (const jit::CompileError &e) {
    EXPECT_NE(std::string(e.what()).find("lay-copy-partition: int64 overflow computing 4611686018427387904 * 2"),
              std::string::npos)
        << e.what();
  }
  jit::Jit families(memoryOnly());
  try {
    families.copy({"(2,2):(4611686018427387904,1)", "(2,2):(2,1)", DType::F32});
    FAIL() << "compiled";
  } catch (const jit::CompileError &e) {
    EXPECT_NE(std::string(e.what()).find("int64"), std::string::npos) << e.what();
  }
}

TEST(JitCache, MlirIsKeyedByItsCanonicalForm) {
  const char *kernel = R"(module attributes {gpu.container_module} {
  gpu.module @k { gpu.func @touch(%a: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %x = memref.load %a[%c0] : memref<?xf32>
    memref.store %x, %a[%c0] : memref<?xf32>
    gpu.return } } })";
  // The same module with other whitespace and a comment.
  std::string spaced = std::string("// touch\n") + kernel;
  jit::Jit j(memoryOnly());
  auto a = j.compile(kernel, "touch");
  auto b = j.compile(spaced, "touch");
  EXPECT_EQ(a.get(), b.get());
  EXPECT_EQ(j.cacheStats().entries, 1u);
  EXPECT_THROW(j.compile(kernel, "missing"), jit::CompileError);
  EXPECT_THROW(j.compile("gpu.module", "touch"), jit::CompileError);
}

TEST(JitCache, ConcurrentCompilesShareOneKernel) {
  jit::Jit j(memoryOnly());
  std::vector<const jit::CompiledKernel *> seen(8);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < seen.size(); ++t)
    threads.emplace_back([&, t] {
      seen[t] = &j.copy({"(128,32):(32,1)", "(128,32):(1,128)", DType::BF16}).kernel();
      j.copy(t % 2 ? jit::CopySpec::gather(8, DType::F32) : jit::CopySpec::scatter(8, DType::F32));
    });
  for (std::thread &t : threads)
    t.join();
  for (const jit::CompiledKernel *k : seen)
    EXPECT_EQ(k, seen[0]);
  EXPECT_EQ(j.cacheStats().entries, 3u);
  EXPECT_EQ(j.cacheStats().misses, 3u);
}

TEST(JitCache, LaunchArgumentsAreCheckedAgainstTheParameters) {
  jit::Jit j(memoryOnly());
  jit::CopyKernel k = j.copy({"(?,8):(8,1)", "(?,8):(1,?)", DType::F32});
  EXPECT_EQ(k.dynamicCount(), 3);
  EXPECT_EQ(k.size({5, 5, 5}), 40);
  EXPECT_EQ(k.srcExtent({5, 5, 5}), 40);
  EXPECT_EQ(k.dstExtent({5, 7, 5}), (7 - 1) * 1 + (8 - 1) * 5 + 1); // (7,8):(1,5)
  EXPECT_THROW(k.size({5}), std::invalid_argument);
}

jit::JitOptions onDisk(const std::string &dir) {
  jit::JitOptions o;
  o.cacheDirectory = dir;
  return o;
}

jit::DiskCache openCache(const std::string &dir) {
  std::string why;
  std::optional<jit::DiskCache> cache = jit::DiskCache::open(dir, false, why);
  EXPECT_TRUE(cache) << why;
  return std::move(*cache);
}

std::string readFile(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// An entry's text with the length on its second line replaced by `length`.
std::string withLength(std::string text, const std::string &length) {
  size_t start = text.find(' ', text.find('\n')) + 1;
  return text.replace(start, text.find(' ', start) - start, length);
}

TEST(DiskCache, ANewJitReadsWhatAnEarlierOneCompiled) {
  TempDir dir;
  jit::CopySpec spec{"(64,64):(64,1)", "(64,64):(1,64)", DType::F32};
  std::string ptx;
  {
    jit::Jit first(onDisk(dir.path));
    ptx = first.copy(spec).kernel().ptx();
    EXPECT_EQ(first.cacheStats().misses, 1u);
  }
  jit::Jit second(onDisk(dir.path));
  EXPECT_EQ(second.copy(spec).kernel().ptx(), ptx);
  jit::Jit::CacheStats s = second.cacheStats();
  EXPECT_EQ(s.diskHits, 1u);
  EXPECT_EQ(s.misses, 0u);
  EXPECT_EQ(openCache(dir.path).scan().entries, 1u);
}

TEST(DiskCache, ADamagedEntryIsDetectedAndRebuilt) {
  TempDir dir;
  jit::CopySpec spec{"(32,8):(8,1)", "(32,8):(1,32)", DType::F16};
  std::string ptx = jit::Jit(onDisk(dir.path)).copy(spec).kernel().ptx();
  std::filesystem::path entry = *std::filesystem::directory_iterator(dir.path);
  for (auto damage : {+[](std::string &t) { t.resize(t.size() / 2); },        // truncated
                      +[](std::string &t) { t[t.size() - 10] ^= 1; },         // a flipped bit
                      +[](std::string &t) { t = "not a cache entry\n" + t; }, // no header
                      // A length that is not the payload's: never allocated, always removed.
                      +[](std::string &t) { t = withLength(t, "18446744073709551615"); },
                      +[](std::string &t) { t = withLength(t, "1099511627776"); },
                      +[](std::string &t) { t = withLength(t, "99999999999999999999999"); },
                      +[](std::string &t) { t = withLength(t, "-1"); },
                      +[](std::string &t) {
                        t = withLength(t, std::to_string(std::stoull(t.substr(t.find(' ', t.find('\n')) + 1)) + 1));
                      }}) {
    std::string text = readFile(entry);
    damage(text);
    std::ofstream(entry, std::ios::binary) << text;
    jit::Jit again(onDisk(dir.path));
    EXPECT_EQ(again.copy(spec).kernel().ptx(), ptx);
    jit::Jit::CacheStats s = again.cacheStats();
    EXPECT_EQ(s.corrupt, 1u);
    EXPECT_EQ(s.misses, 1u); // rebuilt, and stored whole again
  }
  jit::Jit whole(onDisk(dir.path));
  whole.copy(spec);
  EXPECT_EQ(whole.cacheStats().diskHits, 1u);
}

// An entry copied under another kernel's name is not that kernel's: it is
// removed, and the kernel asked for compiled.
TEST(DiskCache, AnEntryLoadsOnlyForItsKey) {
  TempDir dir;
  jit::CopySpec a{"(32,8):(8,1)", "(32,8):(1,32)", DType::F32}, b{"(16,8):(8,1)", "(16,8):(1,16)", DType::F16};
  std::string ptxB;
  std::filesystem::path entryA;
  {
    jit::Jit j(onDisk(dir.path));
    j.copy(a);
    entryA = *std::filesystem::directory_iterator(dir.path);
    ptxB = j.copy(b).kernel().ptx();
  }
  for (const auto &e : std::filesystem::directory_iterator(dir.path))
    if (e.path() != entryA)
      std::filesystem::copy_file(entryA, e.path(), std::filesystem::copy_options::overwrite_existing);
  jit::Jit again(onDisk(dir.path));
  EXPECT_EQ(again.copy(b).kernel().ptx(), ptxB);
  jit::Jit::CacheStats s = again.cacheStats();
  EXPECT_EQ(s.corrupt, 1u);
  EXPECT_EQ(s.misses, 1u);
  EXPECT_EQ(s.diskHits, 0u);
}

TEST(DiskCache, TheDirectoryIsMadeForItsUserAlone) {
  TempDir dir;
  std::string made = dir.path + "/parent/layoutc";
  jit::Jit(onDisk(made)).copy({"(8,8):(8,1)", "(8,8):(1,8)", DType::F32});
  struct stat st;
  ASSERT_EQ(::stat(made.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0700u);
  EXPECT_EQ(openCache(made).scan().entries, 1u);
}

// What a Jit on `dir` says on stderr, and whether it used the disk: it
// compiles a kernel and leaves `dir` as it was.
std::string warningOfAJitOn(const std::string &dir) {
  testing::internal::CaptureStderr();
  jit::Jit j(onDisk(dir));
  std::string warning = testing::internal::GetCapturedStderr();
  EXPECT_NE(j.copy({"(8,4):(4,1)", "(8,4):(1,8)", DType::F32}).kernel().ptx().find(".entry copy("), std::string::npos);
  EXPECT_EQ(j.cacheStats().misses, 1u);
  return warning;
}

TEST(DiskCache, ADirectoryOthersMayWriteIsRefused) {
  TempDir dir;
  for (mode_t mode : {0777, 0720, 0702}) {
    ASSERT_EQ(::chmod(dir.path.c_str(), mode), 0);
    EXPECT_EQ(warningOfAJitOn(dir.path), "layoutc: warning: compiling without the disk cache: the cache directory " +
                                             dir.path + " is writable by group or others\n");
    EXPECT_TRUE(std::filesystem::is_empty(dir.path));
  }
}

TEST(DiskCache, AnotherUsersDirectoryIsRefused) {
  TempDir dir;
  // Root makes a directory another user's; others find one in root's.
  std::string foreign = ::geteuid() == 0 ? dir.path : "/";
  if (::geteuid() == 0) {
    ASSERT_EQ(::chown(dir.path.c_str(), 65534, 65534), 0);
  }
  EXPECT_EQ(warningOfAJitOn(foreign), "layoutc: warning: compiling without the disk cache: the cache directory " +
                                          foreign + " is owned by another user\n");
  EXPECT_TRUE(std::filesystem::is_empty(dir.path));
}

// Sets an environment variable (or unsets it, for nullptr) while it lives.
struct ScopedEnv {
  std::string name;
  std::optional<std::string> old;
  ScopedEnv(const char *n, const char *value) : name(n) {
    if (const char *v = std::getenv(n))
      old = v;
    value ? ::setenv(n, value, 1) : ::unsetenv(n);
  }
  ~ScopedEnv() { old ? ::setenv(name.c_str(), old->c_str(), 1) : ::unsetenv(name.c_str()); }
};

TEST(DiskCache, WithoutAHomeThereIsNoDiskCache) {
  ScopedEnv dir("LAYOUTC_CACHE_DIR", nullptr), xdg("XDG_CACHE_HOME", nullptr), home("HOME", nullptr);
  EXPECT_EQ(jit::DiskCache::defaultDirectory(), "");
  EXPECT_EQ(warningOfAJitOn(""), "layoutc: warning: compiling without the disk cache: no cache directory: none of "
                                 "LAYOUTC_CACHE_DIR, XDG_CACHE_HOME and HOME is set\n");
  ScopedEnv xdgSet("XDG_CACHE_HOME", "/x");
  EXPECT_EQ(jit::DiskCache::defaultDirectory(), "/x/layoutc");
}

// clear removes layoutc's entries only: a user's own *.ptx, a file of
// another kind and a link (to an entry elsewhere) are kept, and named.
TEST(DiskCache, ClearRemovesOnlyLayoutcEntries) {
  TempDir dir, elsewhere;
  jit::CopySpec spec{"(8,8):(8,1)", "(8,8):(1,8)", DType::F32};
  jit::Jit(onDisk(dir.path)).copy(spec);
  jit::Jit(onDisk(elsewhere.path)).copy(spec);
  std::filesystem::path outside = *std::filesystem::directory_iterator(elsewhere.path);
  std::ofstream(dir.path + "/mine.ptx") << "// my kernel\n";
  std::ofstream(dir.path + "/notes.txt") << "layoutc-cache-3\n";
  std::filesystem::create_symlink(outside, dir.path + "/link.ptx");
  std::filesystem::create_directory(dir.path + "/sub.ptx");
  jit::DiskCache cache = openCache(dir.path);
  EXPECT_EQ(cache.scan().entries, 1u);
  jit::DiskCache::Cleared c = cache.clear();
  EXPECT_EQ(c.removed, 1u);
  EXPECT_EQ(c.kept, (std::vector<std::string>{"link.ptx", "mine.ptx", "sub.ptx"}));
  EXPECT_EQ(readFile(dir.path + "/mine.ptx"), "// my kernel\n");
  EXPECT_TRUE(std::filesystem::exists(dir.path + "/notes.txt"));
  EXPECT_TRUE(std::filesystem::exists(outside));
  EXPECT_EQ(cache.scan().entries, 0u);
}

TEST(DiskCache, ProcessesShareADirectory) {
  TempDir dir;
  // Several Jits (as several processes would) store and read the same entries
  // at once; every kernel they end with is whole.
  std::vector<std::thread> threads;
  std::vector<std::string> ptx(6);
  for (size_t t = 0; t < ptx.size(); ++t)
    threads.emplace_back([&, t] {
      jit::Jit j(onDisk(dir.path));
      ptx[t] = j.copy(jit::CopySpec::gather(4, DType::F32)).kernel().ptx();
    });
  for (std::thread &t : threads)
    t.join();
  for (const std::string &p : ptx)
    EXPECT_EQ(p, ptx[0]);
  jit::DiskCache cache = openCache(dir.path);
  EXPECT_EQ(cache.scan().entries, 1u);
  EXPECT_EQ(cache.clear().removed, 1u);
  EXPECT_EQ(cache.scan().entries, 0u);
}

} // namespace
} // namespace layoutc::test
