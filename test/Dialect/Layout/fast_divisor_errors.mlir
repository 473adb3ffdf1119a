// RUN: layoutc-opt %s --split-input-file -verify-diagnostics

// The parameters are index values.
// expected-note @+1 {{prior use here}}
func.func @not_index(%m: index, %mul: i64, %shift: index) {
  // expected-error @+1 {{use of value '%mul' expects different type than prior uses: 'index' vs 'i64'}}
  %d = lay.fast_divisor %m, %mul, %shift
  return
}
