//===- ScaleKernel.h - A small kernel the target and GPU tests share -*- C++ -*-===//
#ifndef LAYOUTC_TEST_COMMON_SCALEKERNEL_H
#define LAYOUTC_TEST_COMMON_SCALEKERNEL_H

namespace layoutc::test {

// y[i] = 2 x[i] for i < n, one element per thread.
inline const char *kScaleIR = R"(
define ptx_kernel void @scale(ptr addrspace(1) %x, ptr addrspace(1) %y, i32 %n) {
entry:
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %in = icmp ult i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %px = getelementptr float, ptr addrspace(1) %x, i32 %i
  %v = load float, ptr addrspace(1) %px
  %w = fadd float %v, %v
  %py = getelementptr float, ptr addrspace(1) %y, i32 %i
  store float %w, ptr addrspace(1) %py
  br label %done
done:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
)";

} // namespace layoutc::test

#endif
