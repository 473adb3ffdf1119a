//===- Banks.h - Shared-memory bank conflicts of an access pattern -*- C++ -*-===//
//
// Shared memory has 32 banks of 4 bytes; the lanes of a warp instruction
// that touch different words of one bank are served one after the other.
// An access pattern is a TV layout, (thread, value) -> tile index, over a
// shared tile SMEM, tile index -> element offset, behind a swizzle. This
// counts the wavefronts each warp instruction takes and finds the swizzle
// S<B,M,S> that makes a write and a read phase conflict-free. The kernel
// passes (lay-copy-stage) and the expression functions bank_conflicts and
// swizzle_for share it.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_BANKS_H
#define LAYOUTC_ALGEBRA_BANKS_H

#include "layoutc/Algebra/Value.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace layoutc::algebra {

/// Wavefronts: as the banks serve them, and the bytes' own minimum.
struct BankCost {
  int64_t wavefronts = 0, ideal = 0;
  bool conflictFree() const { return wavefronts == ideal; }
};

/// One warp instruction: each lane's byte address and the access width in
/// bytes. Post-condition: 16-byte accesses are served a quarter warp at a
/// time, 8-byte ones a half; in each such phase a bank serving k distinct
/// words takes k wavefronts, and the ideal is ceil(distinct words / 32).
BankCost bankCost(const std::vector<int64_t> &laneBytes, int width);

/// A shared tile: tile index i -> swizzle(offset + layout(i)) elements of
/// elementBytes each.
struct SharedMemory {
  Layout layout;
  int64_t offset = 0;
  Swizzle swizzle;
  int elementBytes = 4;
};

/// One phase: TV (thread, value) -> tile index (threads a multiple of 32),
/// and `width` consecutive values of a thread per access.
struct BankAccess {
  Layout tv;
  int64_t width = 1;
};

/// Warp instruction i of `access`, as warpInstructions numbers them: warp
/// i / G and each lane's values firstValue .. firstValue + width - 1, with
/// G = ceil(values / width) instructions per warp and firstValue = (i mod G) width.
struct WarpInstruction {
  int64_t warp = 0, firstValue = 0;
};
WarpInstruction warpInstruction(const BankAccess &access, int64_t i);

/// The unswizzled element offsets (offset + layout(i)) of the 32 lanes of
/// each warp instruction of `access`: warp by warp, then value group by
/// value group (values v, v + width, ...), a lane's first value.
std::vector<std::vector<int64_t>> warpInstructions(const SharedMemory &smem, const BankAccess &access);

/// The wavefronts of `instructions` (from warpInstructions) behind
/// `swizzle`, summed over all of them.
BankCost instructionsCost(const SharedMemory &smem, const Swizzle &swizzle,
                          const std::vector<std::vector<int64_t>> &instructions, int64_t width);

/// Wavefronts per warp of `access` on `smem`: the sum over a warp's
/// instructions, averaged over the warps.
BankCost phaseCost(const SharedMemory &smem, const BankAccess &access);

/// The swizzles swizzleFor tries, smallest first: M keeps the widest access
/// whole (and at least a 4-byte word); B from 1 to 5; S from the row bits
/// (log2 of the stride-1 mode's extent) less M up to the row bits, and
/// M + S + B within the tile's bits.
std::vector<Swizzle> swizzleCandidates(const SharedMemory &smem, const BankAccess &write, const BankAccess &read);

/// S<3,M,rowBits>, the form of CuTe's SM80 shared-memory atoms (three row
/// bits onto the vector bits, M as in swizzleCandidates), when it fits the
/// tile; the kernel passes try it first.
std::optional<Swizzle> rowSwizzle(const SharedMemory &smem, const BankAccess &write, const BankAccess &read);

/// The swizzle making both phases conflict-free: none when they already are,
/// else the first of `candidates` that does; when none does, the one with the
/// fewest wavefronts of both phases (the first among equals, none if no
/// candidate beats no swizzle).
Swizzle chooseSwizzle(const SharedMemory &smem, const BankAccess &write, const BankAccess &read,
                      const std::vector<Swizzle> &candidates);

//===-- The questions users ask (bank_conflicts, swizzle_for) ---------------===//

/// Whether `name` is an element type below (the expression language reads
/// it as a word, like LayoutLeft).
bool isElementType(const std::string &name);
/// The bytes of an element type: f64/i64/u64 8, f32/i32/u32 4,
/// f16/bf16/i16/u16 2, i8/u8 1; fails as `op` for another name.
int elementBytes(const std::string &dtype, const std::string &op);

/// SMEM (a layout, or S<B,M,S> o k o L) with elements of `bytes` bytes;
/// fails as `op` for another value, a dynamic leaf or a negative offset.
SharedMemory sharedMemory(const Value &smem, int bytes, const std::string &op);

/// The elements one access of a thread moves: the largest power of two w,
/// at most 16 bytes, dividing the values per thread such that each thread's
/// values v..v+w-1 (v a multiple of w) sit at consecutive offsets, the first
/// a multiple of w (a vector of w elements).
int64_t accessWidth(const SharedMemory &smem, const Layout &tv);

/// What bank_conflicts answers: the access (with its derived width), each
/// warp instruction's cost (warp by warp, value group by value group), and
/// the worst of them (the first with the most wavefronts).
struct BankReport {
  BankAccess access;
  int64_t warps = 0;
  std::vector<BankCost> instructions;
  BankCost worst;
  size_t worstInstruction = 0;
};

/// bank_conflicts(SMEM, TV, dtype). Fails as `op` unless TV has rank 2, a
/// thread mode of a multiple of 32 and integer values inside SMEM's domain.
BankReport bankConflicts(const SharedMemory &smem, const Layout &tv, const std::string &op);

/// swizzle_for(SMEM, WRITE_TV, READ_TV, dtype): S<0,0,0> when both phases
/// are conflict-free on SMEM, else the smallest of swizzleCandidates that
/// makes them so; fails, naming the best swizzle and its cost, when none
/// does. SMEM must be unswizzled.
Swizzle swizzleFor(const SharedMemory &smem, const Layout &write, const Layout &read);

} // namespace layoutc::algebra

#endif
