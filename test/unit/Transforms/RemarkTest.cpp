//===- RemarkTest.cpp - The passes' remarks: data, and --explain's prose --===//
#include "layoutc/Transforms/Remark.h"

#include <gtest/gtest.h>

using namespace layoutc::transforms;

namespace {

// Values are bare until they hold a space, quote or backslash; parse reads
// back what str prints.
TEST(Remark, PrintsAndParsesBack) {
  Remark r("lay-copy-stage");
  r.add("smem-bytes", int64_t(16384)).add("swizzle", "S<3,2,6>").add("domain", "8:(1,8) 8:(8,1)");
  r.add("quoted", "a \"b\" \\c").add("empty", "").add("modes", std::vector<int64_t>{0, 1});
  r.add("tile", std::vector<int64_t>{64, 32}, "x");
  EXPECT_EQ(r.str(), "lay-copy-stage: smem-bytes=16384 swizzle=S<3,2,6> domain=\"8:(1,8) 8:(8,1)\" "
                     "quoted=\"a \\\"b\\\" \\\\c\" empty=\"\" modes=0,1 tile=64x32");
  std::optional<Remark> back = parseRemark(r.str());
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, r);
  EXPECT_EQ(back->value("domain"), "8:(1,8) 8:(8,1)");
  EXPECT_EQ(back->value("missing", "none"), "none");
  EXPECT_EQ(parseRemark("lay-copy-unroll:"), Remark("lay-copy-unroll"));
}

TEST(Remark, RefusesTextThatIsNotARemark) {
  for (const char *text : {"", "no colon here", "two words: a=1", "p: a", "p: =1", "p: a=\"open", "p: a=1  b=2",
                           "p: a=b\\c", "p: a=\"x\\", "p:a=1", "p: a=1 "})
    EXPECT_FALSE(parseRemark(text)) << text;
  // Prose (an old disk cache entry's) is shown as it is.
  std::string prose = "lay-copy-unroll: each thread moves its 64 values 16 per step";
  EXPECT_EQ(explainRemark(prose), prose);
}

// --explain's prose, one sentence per decision of each pass.
TEST(Remark, ExplainsEachPassInProse) {
  EXPECT_EQ(explainRemark("lay-index-width: bits=32 reach=64 side=(8,8):(8,1) limit=1879048191"),
            "lay-index-width: 32-bit index math: sizes and offsets reach 64 at most ((8,8):(8,1)), within 1879048191 "
            "(int32 less a grid-stride loop's headroom)");
  EXPECT_EQ(explainRemark("lay-index-width: bits=64 reach=1879048192 side=1879048192:1 limit=1879048191"),
            "lay-index-width: 64-bit index math: 1879048192:1 reaches 1879048192, past 1879048191 (int32 less a "
            "grid-stride loop's headroom)");
  EXPECT_EQ(explainRemark("lay-index-width: bits=64 unbounded=\"?:1 has a dynamic leaf, any int64 at launch\""),
            "lay-index-width: 64-bit index math: ?:1 has a dynamic leaf, any int64 at launch");
  EXPECT_EQ(explainRemark("lay-index-width: bits=32"), "lay-index-width: 32-bit index math: no tensor is accessed");
  EXPECT_EQ(explainRemark("lay-index-width: recorded=none foreign=gpu.thread_id"),
            "lay-index-width: no width recorded: gpu.thread_id makes index values outside the lay IR, which bounds "
            "only its own; the compiler's width applies");
  EXPECT_EQ(explainRemark("lay-copy-partition: plan=elements reason=\"the source is not a tensor\""),
            "lay-copy-partition: stays an element loop, one element per thread per step: the source is not a tensor");
  EXPECT_EQ(explainRemark("lay-copy-partition: plan=tiles domain=\"8:(8,1) 8:(1,8)\" tiles=1 tile=8x8 modes=0,1 "
                          "threads=64 tv=(64,1):(1,0) sizes-checked=true"),
            "lay-copy-partition: the domain as joint modes size:(src stride,dst stride) 8:(8,1) 8:(1,8), ordered by "
            "the destination's strides; 1 tile of 8x8 over modes (0,1), blocks take them along the destination's "
            "contiguous mode first; 64 threads, TV layout (64,1):(1,0) (thread, value) -> tile index; the sides' "
            "dynamic sizes checked equal at run time, else an element loop");
  EXPECT_EQ(explainRemark("lay-copy-partition: plan=tiles domain=65536:(1,1) tiles=64 indices=1024 threads=64 "
                          "tv=(64,16):(16,1) composed=source"),
            "lay-copy-partition: the domain as joint modes size:(src stride,dst stride) 65536:(1,1), ordered by the "
            "destination's strides; 64 tiles of 1024 consecutive indices, blocks take them along the destination's "
            "contiguous mode first; 64 threads, TV layout (64,16):(16,1) (thread, value) -> tile index; the source's "
            "composed layout is read at flat indices k through lay.make_composed_function over N:1, whose function is "
            "the inner part at offset + the joint modes' layout at k; one element per access");
  EXPECT_EQ(explainRemark("lay-copy-stage: smem-bytes=16384 smem-layout=(64,64):(64,1) swizzle=S<3,2,6> load-tv=L "
                          "store-tv=W window=32 bank-tv=B row-group=2 writes=16 writes-ideal=16 reads=17 "
                          "reads-ideal=16 unswizzled-reads=128"),
            "lay-copy-stage: the source is contiguous along the tile's mode 1, the destination along mode 0: staged "
            "through 16384 bytes of shared memory laid out (64,64):(64,1) behind S<3,2,6>; loads along mode 1 with TV "
            "L, stores along mode 0 with TV W in windows of 32 elements aligned in memory (one element per store; the "
            "bank analysis is of B, whose column runs the windows read rotated) (reading 2 adjacent elements of a row "
            "at once); bank-conflict analysis of both phases: shared writes 16 wavefronts per warp (16 without "
            "conflicts), reads 17 (16); unswizzled reads take 128");
  EXPECT_EQ(explainRemark("lay-copy-predicate: modes=0,1 extents=8191,? tiles=128,32"),
            "lay-copy-predicate: tiles reach past the domain along mode 0 (8191 by 128), mode 1 (? by 32): tiles "
            "inside it copy whole; edge tiles copy the elements whose coordinate is elem_less than the residue (the "
            "extent left from the tile's origin), one by one");
  EXPECT_EQ(explainRemark("lay-copy-predicate: predicated=false cause=loop-results"),
            "lay-copy-predicate: the tile loop's body has results; its ragged tiles are not predicated");
  EXPECT_EQ(explainRemark("lay-copy-vectorize: leaf=1"),
            "lay-copy-vectorize: neither side is contiguous and aligned along the tile's mode 1 beyond one element: "
            "elements one by one");
  EXPECT_EQ(explainRemark("lay-copy-vectorize: src-width=4 src-bytes=16 src-leaf=1 dst-width=4 dst-bytes=16 "
                          "dst-leaf=1 src-multiples=4,2 src-align=checked dst-align=given"),
            "lay-copy-vectorize: along the tile's mode 1 the source moves 4 per access (16 bytes), the destination 4 "
            "per access (16 bytes); aligned buffers (llvm.align): the destination's; checked in the kernel: a dynamic "
            "size or stride a multiple of 4, a dynamic size or stride a multiple of 2, the source's address a "
            "multiple of 16 bytes, else one element per access");
  EXPECT_EQ(explainRemark("lay-copy-vectorize: src-width=4 src-bytes=4 src-leaf=1 dst-width=16 dst-bytes=16 "
                          "dst-leaf=0"),
            "lay-copy-vectorize: the source moves 4 per access (4 bytes) along the tile's mode 1, the destination 16 "
            "per access (16 bytes) along mode 0: each thread's values change places in registers between them");
  EXPECT_EQ(explainRemark("lay-copy-unroll: values=20 per-step=5 steps=4 in-flight=4 path=slow"),
            "lay-copy-unroll: each thread moves its 20 values 5 per step, in a loop of 4 steps along the TV's last "
            "value leaf: at most 4 loads in flight on a slow path (single elements, or the edge)");
}

// A remark missing a field its sentence needs, or of a pass the renderer
// does not know, is shown as its data: never a sentence with a hole.
TEST(Remark, ShowsIncompleteOrUnknownRemarksAsData) {
  for (const char *text : {"lay-copy-unroll: values=20 per-step=5", "lay-copy-predicate: modes=0,1 extents=8 tiles=4",
                           "lay-copy-stage: smem-bytes=1", "some-other-pass: a=1", "lay-index-width: bits=64 reach=1"})
    EXPECT_EQ(explainRemark(text), text);
}

} // namespace
