// A copy through a composed layout whose inner function divides by an
// element of an index buffer, rounding toward minus infinity:
// inner(x) = (x - 64) floordiv idx[x] + (x - 64) mod 7, the modulo as
// a - b * floordiv(a, b).
module attributes {gpu.container_module} {
  gpu.module @layoutc {
    gpu.func @copy(%src: memref<?xf32>, %dst: memref<?xf32>, %idx: memref<?xi32>) kernel {
      %outer = lay.constant : !lay.layout<"128:1">
      %zero = arith.constant 0 : index
      %f = lay.make_composed_function %zero, %outer : index, !lay.layout<"128:1"> -> !lay.composed<(index) -> index, !lay.layout<"128:1">> {
      ^bb0(%x: index):
        %v = memref.load %idx[%x] : memref<?xi32>
        %d = arith.index_cast %v : i32 to index
        %c64 = arith.constant 64 : index
        %c7 = arith.constant 7 : index
        %y = arith.subi %x, %c64 : index
        %q = arith.floordivsi %y, %d : index
        %q7 = arith.floordivsi %y, %c7 : index
        %m = arith.muli %c7, %q7 : index
        %r = arith.subi %y, %m : index
        %o = arith.addi %q, %r : index
        lay.yield %o : index
      }
      %s = lay.make_tensor %src, %f : memref<?xf32>, !lay.composed<(index) -> index, !lay.layout<"128:1">> -> !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"128:1">>>
      %dl = lay.constant : !lay.layout<"128:1">
      %d = lay.make_tensor %dst, %dl : memref<?xf32>, !lay.layout<"128:1"> -> !lay.tensor<f32, !lay.layout<"128:1">>
      lay.copy %s, %d : !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"128:1">>>, !lay.tensor<f32, !lay.layout<"128:1">>
      gpu.return
    }
  }
}
