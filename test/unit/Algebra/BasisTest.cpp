//===- BasisTest.cpp - Scaled-basis strides through the algebra -----------===//
#include "TestUtil.h"

#include <set>

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

namespace {
// A coordinate padded with zeros to the profile of `shape` where it has
// fewer modes (a scaled basis names only the modes it reaches).
IntTuple padTo(const IntTuple &c, const IntTuple &shape) {
  if (!c.isTuple() || !shape.isTuple())
    return c;
  std::vector<IntTuple> out;
  for (size_t i = 0; i < shape.size(); ++i)
    out.push_back(i < c.size() ? padTo(c[i], shape[i]) : IntTuple(0));
  return IntTuple::tuple(std::move(out));
}

// A value written canonically: its nonzero leaves with their mode paths (a
// coordinate names only the modes it reaches, an offset is the path "").
void components(const IntTuple &v, const std::string &path, std::string &out) {
  if (!v.isTuple()) {
    if (v != IntTuple(0))
      out += "[" + path + "]" + v.str();
    return;
  }
  for (size_t i = 0; i < v.size(); ++i)
    components(v[i], path + "," + std::to_string(i), out);
}

std::string canonical(const IntTuple &v) {
  std::string out;
  components(v, "", out);
  return out;
}

// A coordinate as one of `shape`: a 1-tuple for an integer shape unwrapped,
// missing modes padded with 0.
IntTuple coordOf(const IntTuple &c, const IntTuple &shape) {
  if (!shape.isTuple())
    return c.isTuple() ? (c.size() ? c[0] : IntTuple(0)) : c;
  return padTo(c, shape);
}

// L(i) at an integer index, as a value (an integer or a coordinate).
IntTuple at(const Layout &l, int64_t i) { return crd2idx(IntTuple(i), l); }

// A(x) for a value x of B: an offset is an index of A, a coordinate is a
// coordinate of A.
IntTuple applyTo(const Layout &a, const IntTuple &x) { return crd2idx(coordOf(x, a.shape), a); }

// R(i) == A(B(i)) for every i in B's domain, R compatible with B.
void expectFunctionComposition(const Layout &a, const Layout &b, const Layout &r) {
  ASSERT_TRUE(compatible(b.shape, r.shape)) << a.str() << " o " << b.str() << " = " << r.str();
  for (int64_t i = 0; i < size(b); ++i)
    ASSERT_EQ(canonical(at(r, i)), canonical(applyTo(a, at(b, i))))
        << a.str() << " o " << b.str() << " = " << r.str() << " at " << i;
}

// A random B whose strides are scaled bases addressing the modes of `a`
// (a sub-mode where a's mode is a tuple), sometimes 0.
Layout basisRhs(LayoutGen &gen, const Layout &a) {
  std::vector<Layout> modes;
  int r = int(gen.pick(1, 3));
  for (int k = 0; k < r; ++k) {
    static const int64_t shapes[] = {1, 2, 2, 3, 4, 4, 6, 8};
    int64_t s = shapes[gen.pick(0, 7)];
    if (gen.pick(0, 6) == 0) {
      modes.push_back(Layout(IntTuple(s), IntTuple(0)));
      continue;
    }
    int m = int(gen.pick(0, rank(a) - 1));
    modes.push_back(Layout(IntTuple(s), IntTuple::basis(gen.pick(1, 12), {m})));
  }
  return concatLayouts(modes);
}
} // namespace

// CuTe's unit tests (composition.cpp, "BETA: Tuple strides") and issue 16.
TEST(Basis, CompositionWithBasisStridedB) {
  EXPECT_EQ(eval("composition((4,4):(4,1), (4,4):(1@1,1@0))"), "(4,4):(1,4)");
  EXPECT_EQ(eval("composition((4,(2,3)):(6,(3,1)), (2,4):(1@1@1,1@0))"), "(2,4):(1,6)");
  EXPECT_EQ(eval("composition(make_identity_layout((8,6)), (4,3):(1@1,1@0))"), "(4,3):(1@1,1@0)");
}

TEST(Basis, CompositionIsFunctionCompositionForBasisStridedB) {
  LayoutGen gen(1616);
  int accepted = 0, refused = 0;
  for (int n = 0; n < 3000; ++n) {
    Layout a = gen.layout(), b = basisRhs(gen, a);
    Expected<Layout> r = attempt("composition", [&] { return composition(a, b); });
    if (r) {
      ++accepted;
      expectFunctionComposition(a, b, r.value());
    } else {
      ++refused;
    }
  }
  EXPECT_GT(accepted, 1000);
  EXPECT_GT(refused, 50);
}

// Partitioning an identity layout (CuTe's make_identity_tensor): A's values
// are coordinates, B integer.
TEST(Basis, CompositionIsFunctionCompositionForIdentityA) {
  LayoutGen gen(4242);
  int accepted = 0;
  for (int n = 0; n < 2000; ++n) {
    Layout shape = gen.layout();
    Layout a = makeIdentityLayout(shape.shape), b = gen.layout();
    Expected<Layout> r = attempt("composition", [&] { return composition(a, b); });
    if (r) {
      ++accepted;
      expectFunctionComposition(a, b, r.value());
    }
  }
  EXPECT_GT(accepted, 500);
}

// Both sides coordinates: an identity layout composed with a transposing B.
TEST(Basis, CompositionOfCoordinatesWithCoordinates) {
  LayoutGen gen(99);
  for (int n = 0; n < 500; ++n) {
    Layout a = makeIdentityLayout(gen.layout().shape);
    Layout b = basisRhs(gen, a);
    Expected<Layout> r = attempt("composition", [&] { return composition(a, b); });
    if (r)
      expectFunctionComposition(a, b, r.value());
  }
}

// right_inverse and left_inverse number the coordinates colexicographically:
// for a permuted identity L of shape S, L(R(i)) is the i-th coordinate of S
// and R(i(L(x))) == x.
TEST(Basis, InversesOfPermutedIdentities) {
  LayoutGen gen(7);
  for (int n = 0; n < 300; ++n) {
    std::vector<IntTuple> extents, shape, stride;
    int r0 = int(gen.pick(1, 4));
    for (int i = 0; i < r0; ++i)
      extents.push_back(IntTuple(gen.pick(2, 6)));
    std::vector<int> order(size_t(r0), 0);
    for (int i = 0; i < r0; ++i)
      order[size_t(i)] = i;
    for (int i = r0 - 1; i > 0; --i)
      std::swap(order[size_t(i)], order[size_t(gen.pick(0, i))]);
    for (int i : order) {
      shape.push_back(extents[size_t(i)]);
      stride.push_back(IntTuple::basis(1, {i}));
    }
    IntTuple s = IntTuple::tuple(extents);
    Layout l(IntTuple::tuple(shape), IntTuple::tuple(stride));
    Layout colMajor = makeLayout(s);
    Layout r = rightInverse(l);
    EXPECT_EQ(size(r), size(l)) << l.str() << " -> " << r.str();
    for (int64_t i = 0; i < size(r); ++i)
      ASSERT_EQ(canonical(crd2idx(at(r, i), l)), canonical(idx2crd(IntTuple(i), s))) << l.str() << " -> " << r.str();
    Layout q = leftInverse(l);
    for (int64_t x = 0; x < size(l); ++x)
      ASSERT_EQ(at(q, crd2idx(coordOf(at(l, x), s), colMajor).value()), IntTuple(x)) << l.str() << " -> " << q.str();
  }
  EXPECT_EQ(eval("right_inverse((4,5):(1@1,1@0))"), "(5,4):(4,1)");
}

// complement among coordinates: for an injective L, (L, R) is injective.
TEST(Basis, ComplementOfCoordinates) {
  LayoutGen gen(31);
  int accepted = 0;
  for (int n = 0; n < 1500; ++n) {
    Expected<Layout> made = attempt(
        "composition", [&] { return composition(makeIdentityLayout(flatten(gen.layout().shape)), gen.layout()); });
    if (!made)
      continue;
    Layout l = made.value();
    std::set<std::string> values;
    for (int64_t i = 0; i < size(l); ++i)
      values.insert(canonical(at(l, i)));
    if (int64_t(values.size()) != size(l))
      continue;
    Expected<Layout> c = attempt("complement", [&] { return complement(l, IntTuple(gen.pick(1, 200))); });
    if (!c)
      continue;
    ++accepted;
    Layout both = concatLayouts({l, c.value()});
    std::set<std::string> seen;
    for (int64_t i = 0; i < size(both); ++i)
      ASSERT_TRUE(seen.insert(canonical(at(both, i))).second)
          << "complement(" << l.str() << ") = " << c.value().str() << " repeats at " << i;
  }
  EXPECT_GT(accepted, 200);
  EXPECT_EQ(eval("complement((4,3):(1@0,1@1), 120)"), "10:3@1");
  EXPECT_EQ(eval("logical_product((4,3):(1@0,1@1), (2,5):(1,2))"), "((4,3),(2,5)):((1@0,1@1),(3@1,6@1))");
  EXPECT_EQ(eval("complement(4:1@0, (8,6))"), "(2,6):(4@0,1@1)");
}

TEST(Basis, Crd2IdxCountsUnderscoreAsZero) {
  EXPECT_EQ(eval("crd2idx((1,_), (8,6):(1,8))"), "1");
  EXPECT_EQ(eval("crd2idx((1,_), make_identity_layout((8,6)))"), "(1,0)");
  EXPECT_EQ(eval("crd2idx((_,(1,1)), zipped_divide(make_identity_layout((8,6)), (4,3)))"), "(4,3)");
}

TEST(Basis, CosizeIsTheSizeOfTheCoshape) {
  EXPECT_EQ(eval("cosize((2,3):(2@0,1@1))"), "9");
  EXPECT_EQ(eval("cosize((4,3):(1@1,0))"), "4");
}

// Each refusal names the op, the argument and the failed condition.
TEST(Basis, Errors) {
  // A scaled basis is a stride, never an extent (found by the expression fuzzer).
  EXPECT_EQ(evalError("composition((1,4):(4,1),(4,?@1))"),
            "composition: argument 2 must be a layout, a shape or a tiler <...>, not the tuple (4,?@1) (at column 1)");
  EXPECT_EQ(evalError("complement((6,2,4):(8,4,1), _)"),
            "complement: cotarget _ has the wildcard _; an extent is an integer >= 1 (at column 1)");
  EXPECT_EQ(evalError("idx2crd(3, (2,_))"),
            "idx2crd: shape (2,_) has the wildcard _ at mode 1; an extent is an integer >= 1 (at column 1)");
  EXPECT_EQ(evalError("make_layout((4,2@1))"),
            "make_layout: shape (4,2@1) has the scaled basis 2@1 at mode 1; an extent is an integer >= 1 (at column "
            "1)");
  EXPECT_EQ(evalError("composition((4,4):(4,1), (4,4):(1@1,1))"),
            "composition: B = (4,4):(1@1,1) mixes the integer stride 1 with scaled-basis strides: its values "
            "would be neither offsets nor coordinates (at column 1)");
  EXPECT_EQ(evalError("composition((4,4):(4,1), (4,4):(1@2,1@0))"),
            "composition: B's stride 1@2 addresses mode 2 of A = (4,4):(4,1), but A has rank 2 (at column 1)");
  EXPECT_EQ(evalError("composition((4,(2,2)):(4,(1,8)), (2,2):(1@2@1,1@0))"),
            "composition: B's stride 1@2@1 addresses mode 1,2 of A = (4,(2,2)):(4,(1,8)), but its mode 1 has "
            "rank 2 (at column 1)");
  EXPECT_EQ(evalError("composition((4,4):(4,1), (4,2):(1@1,1@0@1))"),
            "composition: B = (4,2):(1@1,1@0@1) has the strides 1@1 and 1@0@1, which address mode 1 both whole "
            "and by its sub-modes; CuTe cannot add such coordinates (at column 1)");
  EXPECT_EQ(evalError("right_inverse((4,2):(1@1,1@0@1))"),
            "right_inverse: layout (4,2):(1@1,1@0@1) has the strides 1@1 and 1@0@1, which address mode 1 both "
            "whole and by its sub-modes; CuTe cannot add such coordinates (at column 1)");
  EXPECT_EQ(evalError("composition((4,(2,2)):(1,(8,4)), (2,2):(1@1,1@1))"),
            "composition: A o B is not a layout CuTe can form for A = (4,(2,2)):(1,(8,4)) and B = "
            "(2,2):(1@1,1@1): coordinate 3 of B maps to B(3) = (0,2) and A((0,2)) = 4, but CuTe's result "
            "(2,2):(8,8) gives 16 (A is not additive on the offsets B reaches) (at column 1)");
  EXPECT_EQ(evalError("composition((8,6):(1@0,1@1), 12:1)"),
            "composition: shape divisibility: B's leaf 12:1 has 12 elements left at mode 0 of coalesced A "
            "(8,6):(1@0,1@1), which holds 8 of them; 8 does not divide 12 (at column 1)");
  EXPECT_EQ(evalError("cosize((4,3):(1@1,2))"),
            "cosize: layout (4,3):(1@1,2) mixes the integer stride 2 with scaled-basis strides: its values "
            "would be neither offsets nor coordinates (at column 1)");
  EXPECT_EQ(evalError("right_inverse((4,3):(1@0,1))"),
            "right_inverse: layout (4,3):(1@0,1) mixes the integer stride 1 with scaled-basis strides: its "
            "values would be neither offsets nor coordinates (at column 1)");
  EXPECT_EQ(evalError("left_inverse((?,3):(1@0,1@1))"),
            "left_inverse: layout (?,3):(1@0,1@1) has the leaf ?:1@0 in mode 0, which is not the last: "
            "numbering coordinates needs static shapes and non-negative strides there (at column 1)");
  EXPECT_EQ(evalError("complement(8:1@0, (4,6))"),
            "complement: layout 8:1@0 reaches the coordinate 7 in mode 0, outside its extent 4 (at column 1)");
  EXPECT_EQ(evalError("complement(4:1@2, (4,6))"),
            "complement: layout 4:1@2 has the stride 1@2, which addresses no mode of the cotarget (4,6) (at "
            "column 1)");
  EXPECT_EQ(evalError("complement(4:1@0, (6,4))"),
            "complement: the complement 6:4 of 4:1 (L with its coordinates numbered): mapping 6:4 back to "
            "coordinates through (6,4):(1@0,1@1): composition: A o B is not a layout CuTe can form for A = "
            "(6,4):(1@0,1@1) and B = 6:4: coordinate 2 of B maps to B(2) = 8 and A(8) has the component 2@0, "
            "but CuTe's result (2,3):(4@0,1@1) gives 0@0 (A is not additive on the offsets B reaches) (at "
            "column 1)");
  EXPECT_EQ(evalError("complement(4:1@0, (?,6))"),
            "complement: the cotarget (?,6) has the extent ? in mode 0, which is not the last: numbering "
            "coordinates needs it static (at column 1)");
  EXPECT_EQ(evalError("max_common_layout((4,3):(1,4), (4,3):(1@0,1@1))"),
            "max_common_layout: B = (4,3):(1@0,1@1) has scaled-basis strides: its values are coordinates, and "
            "max_common_layout finds where A and B give the same offsets (at column 1)");
  EXPECT_EQ(evalError("max_common_vector((4,3):(1,4), (4,3):(1@0,1@1))"),
            "max_common_vector: B = (4,3):(1@0,1@1) has scaled-basis strides: its values are coordinates, and "
            "max_common_vector finds where A and B give the same offsets (at column 1)");
}
