//===- SharedLibraryTest.cpp - dlopen of a library a user may name --------===//
//
// Issue 51: a library named by an environment variable that is a FIFO
// blocked the first device call forever. Paths are opened only where they
// are regular files; names go to the loader.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Runtime/SharedLibrary.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <dlfcn.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace layoutc::runtime {
namespace {

// A fresh path under the test's temporary directory.
std::string scratch(const char *name) {
  const char *dir = std::getenv("TMPDIR");
  std::string path = std::string(dir && *dir ? dir : "/tmp") + "/layoutc-shared-" + std::to_string(getpid()) + name;
  std::remove(path.c_str());
  return path;
}

TEST(SharedLibrary, AFifoIsRefusedWithoutOpeningIt) {
  std::string fifo = scratch(".fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::string why;
  EXPECT_EQ(openSharedLibrary(fifo, why), nullptr); // would block in dlopen
  EXPECT_EQ(why, fifo + " is a fifo, not a regular file");
  std::remove(fifo.c_str());
}

TEST(SharedLibrary, DirectoriesDevicesAndMissingPaths) {
  std::string why;
  EXPECT_EQ(openSharedLibrary("/", why), nullptr);
  EXPECT_EQ(why, "/ is a directory, not a regular file");
  EXPECT_EQ(openSharedLibrary("/dev/null", why), nullptr);
  EXPECT_EQ(why, "/dev/null is a character device, not a regular file");
  std::string missing = scratch(".missing");
  EXPECT_EQ(openSharedLibrary(missing, why), nullptr);
  EXPECT_EQ(why, missing + ": No such file or directory");
}

TEST(SharedLibrary, ARegularFileIsGivenToTheLoader) {
  std::string text = scratch(".txt");
  FILE *f = std::fopen(text.c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fputs("not a library\n", f);
  std::fclose(f);
  std::string why;
  EXPECT_EQ(openSharedLibrary(text, why), nullptr);
  EXPECT_EQ(why, text + ": file too short"); // dlerror's reason
  std::remove(text.c_str());
}

TEST(SharedLibrary, NamesAreTheLoaders) {
  std::string why;
  void *c = openSharedLibrary("libc.so.6", why);
  ASSERT_NE(c, nullptr) << why;
  EXPECT_NE(dlsym(c, "strlen"), nullptr);
  dlclose(c);
  EXPECT_EQ(openSharedLibrary("liblayoutc-no-such-library.so.9", why), nullptr);
  EXPECT_NE(why.find("liblayoutc-no-such-library.so.9"), std::string::npos) << why;
}

} // namespace
} // namespace layoutc::runtime
