// A composition CuTe would get wrong: the verifier refuses it with the
// algebra's explanation, at the op (docs/dialect.md).
func.func @bad(%a: !lay.layout<"(6,2):(1,7)">, %b: !lay.layout<"(3,2):(2,3)">) -> !lay.layout<"(3,2):(2,3)"> {
  %c = lay.composition %a, %b : !lay.layout<"(6,2):(1,7)">, !lay.layout<"(3,2):(2,3)"> -> !lay.layout<"(3,2):(2,3)">
  return %c : !lay.layout<"(3,2):(2,3)">
}
