// CuTe DSL's composed-layout example as a kernel: inner(x, y) = (x, y + 1),
// offset (1, 0), outer the identity layout of (8, 4). Thread k takes the
// coordinate c = idx2crd(k, (8, 4)), reads the 9 x 5 row-major source at
// inner((1, 0) + c) and writes the 8 x 4 row-major result at c:
//   out(i, j) = src(i + 1, j + 1).
// Compile it with  layoutc compile examples/kernels/custom_inner.mlir --emit=ptx
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @shifted_window(%src: memref<?xf32>, %out: memref<?xf32>) kernel {
      %k = gpu.thread_id x
      %c32 = arith.constant 32 : index
      %in = arith.cmpi ult, %k, %c32 : index
      scf.if %in {
        %off = lay.constant : !lay.tuple<"(1,0)">
        %id = lay.constant : !lay.layout<"(8,4):(1@0,1@1)">
        %f = lay.make_composed_function %off, %id : !lay.tuple<"(1,0)">, !lay.layout<"(8,4):(1@0,1@1)"> -> !lay.composed<(index, index) -> (index, index), !lay.layout<"(8,4):(1@0,1@1)">> {
        ^bb0(%x: index, %y: index):
          %one = arith.constant 1 : index
          %y1 = arith.addi %y, %one : index
          lay.yield %x, %y1 : index, index
        }
        %shape = lay.constant : !lay.tuple<"(8,4)">
        %c = lay.idx2crd %k, %shape : index, !lay.tuple<"(8,4)"> -> !lay.tuple<"(?,?)">
        %xy = lay.crd2idx %c, %f : !lay.tuple<"(?,?)">, !lay.composed<(index, index) -> (index, index), !lay.layout<"(8,4):(1@0,1@1)">> -> !lay.tuple<"(?,?)">
        %sl = lay.constant : !lay.layout<"(9,5):(5,1)">
        %s = lay.make_tensor %src, %sl : memref<?xf32>, !lay.layout<"(9,5):(5,1)"> -> !lay.tensor<f32, !lay.layout<"(9,5):(5,1)">>
        %ol = lay.constant : !lay.layout<"(8,4):(4,1)">
        %o = lay.make_tensor %out, %ol : memref<?xf32>, !lay.layout<"(8,4):(4,1)"> -> !lay.tensor<f32, !lay.layout<"(8,4):(4,1)">>
        %v = lay.load %s[%xy] : !lay.tensor<f32, !lay.layout<"(9,5):(5,1)">>, !lay.tuple<"(?,?)"> -> f32
        lay.store %v, %o[%c] : f32, !lay.tensor<f32, !lay.layout<"(8,4):(4,1)">>, !lay.tuple<"(?,?)">
      }
      gpu.return
    }
  }
}
