"""CuTe's layout algebra from Python (docs/python.md shows its output)."""
import layoutc
from layoutc import Layout

a, b = Layout("(6,2):(8,2)"), Layout("(4,3):(3,1)")
r = layoutc.composition(a, b)
print("A o B         =", r, "  (A o B)(5) =", r(5), "= A(B(5)) =", a(b(5)))
print("size, cosize  =", layoutc.size(a), layoutc.cosize(a), "  shape", a.shape, "stride", a.stride)
print("logical_divide =", layoutc.logical_divide(a, (Layout("2:1"), Layout("2:1"))))
print("complement    =", layoutc.complement("4:2", 24), "  right_inverse =", Layout("(4,2):(2,1)").right_inverse())
print("slice A(_,1)  =", a((None, 1)))
try:
    layoutc.composition("(6,2):(1,7)", "(3,2):(2,3)")
except layoutc.LayoutError as e:
    print("LayoutError:", e)
