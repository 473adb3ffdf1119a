// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @offset_type(%s: !lay.swizzle<1,4,-7>) {
  %t = lay.constant : !lay.tuple<"3">
  // expected-error @+1 {{'lay.swizzle' op operand #1 must be index, but got '!lay.tuple<"3">'}}
  %y = "lay.swizzle"(%s, %t) : (!lay.swizzle<1,4,-7>, !lay.tuple<"3">) -> index
  return
}
