func.func @loads(%t: !lay.tensor<f32, !lay.layout<"(4294967296,4294967296):(1,4294967296)">>, %i: index, %j: index) {
  %c = lay.make_tuple %i, %j : !lay.tuple<"(?,?)">
  %x = lay.load %t[%c] : !lay.tensor<f32, !lay.layout<"(4294967296,4294967296):(1,4294967296)">>, !lay.tuple<"(?,?)"> -> f32
  %v = lay.load %t[%i] : !lay.tensor<f32, !lay.layout<"(4294967296,4294967296):(1,4294967296)">>, index -> vector<8xf32>
  return
}
