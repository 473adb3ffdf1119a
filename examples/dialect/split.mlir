// crd2idx at a 1-D index %k over ((4,?),8):((1,?),4), where ? is %m:
// convert-lay-to-arith runs the algebra's own crd2idx with SSA values as its
// dynamic integers (docs/dialect.md).
func.func @split(%m: index, %k: index) -> index {
  %l = lay.make_layout %m, %m : !lay.layout<"((4,?),8):((1,?),4)">
  %r = lay.crd2idx %k, %l : index, !lay.layout<"((4,?),8):((1,?),4)"> -> index
  return %r : index
}
