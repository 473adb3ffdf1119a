//===- TensorViews.cpp - Views of a tensor as maps of coordinates ---------===//
#include "TensorViews.h"

#include "layoutc/Algebra/Operations.h"
#include "layoutc/Dialect/Layout/LayoutOps.h"

#include <algorithm>

namespace layoutc::conversion {

using algebra::Int;
using algebra::IntTuple;
using namespace mlir;
using namespace layoutc::lay;

namespace {

using Modes = std::vector<IntTuple>;

algebra::Layout outerLayout(Value tensor) {
  return cast<LayoutTensorType>(tensor.getType()).getOuterLayout().getLayout();
}

// The sizes of the top modes of `l`, through the emitter.
std::vector<Int> modeSizes(const algebra::Layout &l) {
  std::vector<Int> sizes;
  for (int i = 0; i < algebra::rank(l.shape); ++i)
    sizes.push_back(algebra::product(algebra::mode(l.shape, i)));
  return sizes;
}

bool allStatic(const std::vector<Int> &v) {
  return std::all_of(v.begin(), v.end(), [](const Int &i) { return i.isStatic(); });
}

IntTuple tupleOf(const std::vector<Int> &v) {
  std::vector<IntTuple> children;
  for (const Int &i : v)
    children.push_back(IntTuple::of(i));
  return IntTuple::tuple(std::move(children));
}

// The sizes of `tensor`'s top modes: from the bound layout of a
// lay.make_tensor, else from its type when static.
std::optional<std::vector<Int>> tensorModeSizes(const ViewBinder &bind, Value tensor) {
  if (tensor.getDefiningOp<MakeTensorOp>()) {
    std::optional<algebra::Layout> l = bind.tensorLayout(tensor);
    if (!l)
      return std::nullopt;
    return modeSizes(*l);
  }
  std::vector<Int> sizes = modeSizes(outerLayout(tensor));
  if (!allStatic(sizes))
    return std::nullopt;
  return sizes;
}

// `coord` split into one coordinate per top mode of a tensor of `layout`:
// a tuple of one entry per mode, or an integer (rank 1, or static sizes).
std::optional<Modes> perMode(const IntTuple &coord, const algebra::Layout &layout, std::string &why) {
  int r = algebra::rank(layout.shape);
  if (coord.isTuple() && int(coord.size()) == r)
    return algebra::modesOf(coord);
  if (coord.isTuple()) {
    why = "the coordinate " + coord.typeStr() + " has " + std::to_string(coord.size()) + " modes; the view " +
          layout.typeStr() + " has " + std::to_string(r);
    return std::nullopt;
  }
  if (r == 1)
    return Modes{coord};
  std::vector<Int> sizes = modeSizes(layout);
  if (!allStatic(sizes)) {
    why = "an integer coordinate of the view " + layout.typeStr() +
          ", whose sizes are dynamic: give one coordinate per mode";
    return std::nullopt;
  }
  return algebra::modesOf(algebra::idx2crd(coord, tupleOf(sizes)));
}

// The integer in a mode coordinate, for arithmetic on it.
std::optional<Int> integer(const IntTuple &c, std::string &why) {
  if (c.isInt())
    return c.integer();
  why = "a hierarchical coordinate " + c.typeStr() + " inside a tiled or partitioned mode";
  return std::nullopt;
}

// The parent's coordinate from one per mode: an integer for an integer shape.
IntTuple assemble(Modes modes, Value parent) {
  if (!outerLayout(parent).shape.isTuple() && modes.size() == 1)
    return modes[0];
  return IntTuple::tuple(std::move(modes));
}

// The tiler of a tiler, layout or shape value (a shape (2,4) is <2:1,4:1>).
algebra::Tiler tilerOf(Value tiler) {
  if (auto shape = dyn_cast<IntTupleType>(tiler.getType()))
    return algebra::Tiler::ofShape(shape.getTuple());
  if (auto layout = dyn_cast<LayoutType>(tiler.getType()))
    return algebra::Tiler::ofLayout(layout.getLayout());
  return cast<TilerType>(tiler.getType()).getTiler();
}

// T_i of a by-mode tiler of static T_i:1 modes (or integers); empty when
// another kind.
std::optional<std::vector<Int>> unitTiles(Value tiler, std::string &why) {
  algebra::Tiler t = tilerOf(tiler);
  std::vector<Int> tiles;
  for (const algebra::Tiler &m : t.kind == algebra::Tiler::Kind::Tuple ? t.modes : std::vector{t}) {
    const algebra::Layout &l = m.layout;
    if (m.kind == algebra::Tiler::Kind::Int) {
      tiles.push_back(Int(m.value));
    } else if (m.kind == algebra::Tiler::Kind::Layout && l.shape.isInt() && l.shape.isStatic() && l.stride.isInt() &&
               l.stride.integer().is(1)) {
      tiles.push_back(l.shape.integer());
    } else {
      why = "local_tile is lowered for by-mode tilers of static T:1 modes (or shapes), not " + t.str();
      return std::nullopt;
    }
  }
  return tiles;
}

// local_tile(t, <T_i:1>, b)(c) = t(c_i + T_i * b_i).
std::optional<Modes> tileParent(IndexEmitter &, const ViewBinder &bind, LocalTileOp tile, const IntTuple &coord,
                                std::string &why) {
  Value parent = tile.getTensor();
  std::optional<std::vector<Int>> tiles = unitTiles(tile.getTiler(), why);
  if (!tiles)
    return std::nullopt;
  int r = algebra::rank(outerLayout(parent).shape);
  if (int(tiles->size()) != r) {
    why = "the tiler has " + std::to_string(tiles->size()) + " modes and the tensor " + std::to_string(r) +
          "; local_tile is lowered for one tile size per mode";
    return std::nullopt;
  }
  std::optional<IntTuple> b = bind.tuple(tile.getCoord());
  if (!b) {
    why = "the tile coordinate's dynamic leaves are not in the IR";
    return std::nullopt;
  }
  Modes blocks;
  if (b->isTuple()) {
    blocks = algebra::modesOf(*b);
  } else {
    // An integer tile index counts the tiles colexicographically.
    std::optional<std::vector<Int>> sizes = tensorModeSizes(bind, parent);
    if (!sizes) {
      why = "an integer tile index into a view of dynamic size: give the tile coordinate per mode";
      return std::nullopt;
    }
    std::vector<Int> counts;
    for (int i = 0; i < r; ++i)
      counts.push_back(algebra::ceilDiv((*sizes)[size_t(i)], (*tiles)[size_t(i)]));
    blocks = r == 1 ? Modes{*b} : algebra::modesOf(algebra::idx2crd(*b, tupleOf(counts)));
  }
  std::optional<Modes> c = perMode(coord, outerLayout(tile.getResult()), why);
  if (!c || int(blocks.size()) != r || int(c->size()) != r) {
    if (why.empty())
      why = "the tile coordinate does not have one entry per mode";
    return std::nullopt;
  }
  Modes out;
  for (int i = 0; i < r; ++i) {
    std::optional<Int> ci = integer((*c)[size_t(i)], why), bi = integer(blocks[size_t(i)], why);
    if (!ci || !bi)
      return std::nullopt;
    out.push_back(IntTuple::of(algebra::add(*ci, algebra::mul((*tiles)[size_t(i)], *bi))));
  }
  return out;
}

// local_partition(t, thr, k)(c) = t(k_i + P_i * c_i): k_i is thread k's
// coordinate in mode i of the compact thread layout, P_i that mode's size.
std::optional<Modes> partitionParent(IndexEmitter &emitter, LocalPartitionOp part, const IntTuple &coord,
                                     std::string &why) {
  algebra::Layout threads = cast<LayoutType>(part.getThreads().getType()).getLayout();
  int r = algebra::rank(threads.shape);
  if (r != algebra::rank(outerLayout(part.getTensor()).shape)) {
    why = "the thread layout's rank differs from the tensor's";
    return std::nullopt;
  }
  // Leaves of each mode with their strides; compact: sorted strides are the
  // running products of the shapes.
  struct Leaf {
    int mode;
    int64_t shape, stride, placeInMode;
  };
  std::vector<Leaf> leaves;
  for (int i = 0; i < r; ++i) {
    std::vector<IntTuple> shapes, strides;
    algebra::flattenInto(algebra::mode(threads.shape, i), shapes);
    algebra::flattenInto(algebra::mode(threads.stride, i), strides);
    int64_t place = 1;
    for (size_t j = 0; j < shapes.size(); ++j) {
      if (!shapes[j].isStatic() || !strides[j].isStatic() || strides[j].integer().basis) {
        why = "local_partition is lowered for static thread layouts";
        return std::nullopt;
      }
      leaves.push_back({i, shapes[j].value(), strides[j].value(), place});
      place *= shapes[j].value();
    }
  }
  std::vector<Leaf> sorted = leaves;
  std::sort(sorted.begin(), sorted.end(), [](const Leaf &a, const Leaf &b) { return a.stride < b.stride; });
  int64_t expect = 1;
  for (const Leaf &l : sorted) {
    if (l.shape == 1)
      continue;
    if (l.stride != expect) {
      why = "the thread layout " + threads.str() + " is not compact (a bijection onto 0..size-1)";
      return std::nullopt;
    }
    expect *= l.shape;
  }
  Int tid = emitter.leaf(part.getIndex());
  std::vector<Int> thr(size_t(r), Int(0));
  for (const Leaf &l : leaves) {
    Int x = algebra::remainder(algebra::divide(tid, Int(l.stride)), Int(l.shape));
    thr[size_t(l.mode)] = algebra::add(thr[size_t(l.mode)], algebra::mul(x, Int(l.placeInMode)));
  }
  std::optional<Modes> c = perMode(coord, outerLayout(part.getResult()), why);
  if (!c)
    return std::nullopt;
  Modes out;
  for (int i = 0; i < r; ++i) {
    std::optional<Int> ci = integer((*c)[size_t(i)], why);
    if (!ci)
      return std::nullopt;
    Int p = algebra::product(algebra::mode(threads.shape, i));
    out.push_back(IntTuple::of(algebra::add(thr[size_t(i)], algebra::mul(p, *ci))));
  }
  return out;
}

// tensor_slice(x, t)(c) = t(x with its `_` modes taken from c, in order).
std::optional<Modes> sliceParent(const ViewBinder &bind, TensorSliceOp slice, const IntTuple &coord, std::string &why) {
  std::optional<IntTuple> x = bind.tuple(slice.getCoord());
  if (!x) {
    why = "the slice coordinate's dynamic leaves are not in the IR";
    return std::nullopt;
  }
  std::optional<Modes> c = perMode(coord, outerLayout(slice.getResult()), why);
  if (!c)
    return std::nullopt;
  Modes given = algebra::modesOf(*x);
  Modes out;
  size_t next = 0;
  for (const IntTuple &m : given) {
    if (m.isUnderscore()) {
      if (next == c->size())
        break;
      out.push_back((*c)[next++]);
    } else if (algebra::hasUnderscore(m)) {
      why = "a slice with `_` inside a mode (" + x->typeStr() + ") is not lowered yet; slice whole modes";
      return std::nullopt;
    } else {
      out.push_back(m);
    }
  }
  if (next != c->size()) {
    why = "the coordinate does not match the slice's `_` modes";
    return std::nullopt;
  }
  return out;
}

} // namespace

std::optional<TensorAccess> throughViews(IndexEmitter &emitter, const ViewBinder &bind, Value tensor, IntTuple coord,
                                         std::string &why) {
  while (Operation *view = tensor.getDefiningOp()) {
    std::optional<Modes> parent;
    Value next;
    if (auto tile = dyn_cast<LocalTileOp>(view)) {
      next = tile.getTensor();
      parent = tileParent(emitter, bind, tile, coord, why);
    } else if (auto part = dyn_cast<LocalPartitionOp>(view)) {
      next = part.getTensor();
      parent = partitionParent(emitter, part, coord, why);
    } else if (auto slice = dyn_cast<TensorSliceOp>(view)) {
      next = slice.getTensor();
      parent = sliceParent(bind, slice, coord, why);
    } else {
      break;
    }
    if (!parent) {
      why = std::string("through lay.") + view->getName().stripDialect().str() + ": " + why;
      return std::nullopt;
    }
    coord = assemble(std::move(*parent), next);
    tensor = next;
  }
  return TensorAccess{tensor, std::move(coord)};
}

} // namespace layoutc::conversion
