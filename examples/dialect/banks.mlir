// The swizzle that frees a 32 x 32 f32 tile, written row by row and read
// column by column, of bank conflicts: lay.swizzle_for's result type is the
// algebra's answer, and the op folds to it (docs/analyses.md).
func.func @banks() -> !lay.swizzle<3,2,3> {
  %smem = lay.constant : !lay.layout<"(32,32):(32,1)">
  %write = lay.constant : !lay.layout<"(32,32):(32,1)">
  %read = lay.constant : !lay.layout<"(32,32):(1,32)">
  %s = lay.swizzle_for %smem, %write, %read, f32 : !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(1,32)"> -> !lay.swizzle<3,2,3>
  return %s : !lay.swizzle<3,2,3>
}
