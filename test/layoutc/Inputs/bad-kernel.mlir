module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%m: index) kernel {
      %l = lay.make_layout %m : !lay.layout<"(?,2):(1,?)">
      gpu.return
    }
  }
}
