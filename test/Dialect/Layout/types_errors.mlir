// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{invalid layout "(6,2):(8,2,1)": parse: layout: shape (6,2) and stride (8,2,1) are not congruent (at column 1)}}
func.func private @congruence() -> !lay.layout<"(6,2):(8,2,1)">

// -----

// The error points at the offending character inside the string.
// expected-error @+1 {{invalid layout "(6,2):(8,2": parse: expected ')' to close the tuple opened at column 7 (at column 11)}}
func.func private @unclosed() -> !lay.layout<"(6,2):(8,2">

// -----

// expected-error @+1 {{invalid layout "(0,2):(1,2)": parse: layout: shape (0,2) has the extent 0 at mode 0; an extent is an integer >= 1 (layoutc forms no empty or negative modes) (at column 1)}}
func.func private @zero_shape() -> !lay.layout<"(0,2):(1,2)">

// -----

// expected-error @+1 {{invalid layout "(-4,4):(1,4)": parse: layout: shape (-4,4) has the extent -4 at mode 0; an extent is an integer >= 1 (layoutc forms no empty or negative modes) (at column 1)}}
func.func private @negative_shape() -> !lay.layout<"(-4,4):(1,4)">

// -----

// expected-error @+1 {{invalid tiler "<-2:1,4>": parse: layout: shape -2 has the extent -2; an extent is an integer >= 1 (layoutc forms no empty or negative modes) (at column 2)}}
func.func private @negative_tiler() -> !lay.tiler<"<-2:1,4>">

// -----

// expected-error @+1 {{invalid tiler "<2,0>": parse: tiler 0 has the extent 0; an extent is an integer >= 1 (layoutc forms no empty or negative modes) (at column 4)}}
func.func private @zero_tiler() -> !lay.tiler<"<2,0>">

// -----

// expected-error @+1 {{invalid tuple "(2,3):(1,2)": lay: expected a tuple, found the layout (2,3):(1,2)}}
func.func private @tuple_not_layout() -> !lay.tuple<"(2,3):(1,2)">

// -----

// expected-error @+1 {{tiler "<?:1>" must be static}}
func.func private @dynamic_tiler() -> !lay.tiler<"<?:1>">

// -----

// expected-error @+1 {{swizzle: S<3,4,2>: the shift |S|=2 must be >= B=3 (otherwise the xor'ed bits overlap their source)}}
func.func private @swizzle() -> !lay.swizzle<3,4,2>

// -----

// expected-error @+1 {{invalid layout "(?{div=0},2):(1,?)": parse: the divisor of ?{div=0} must be positive (at column 4)}}
func.func private @bad_fact() -> !lay.layout<"(?{div=0},2):(1,?)">

// -----

// expected-error @+1 {{the inner part of a composed layout must be a swizzle, a layout, a tensor of integers (a gather) or a function of indices, not 'f32'}}
func.func private @bad_inner() -> !lay.composed<f32, !lay.layout<"8:1">>

// -----

// expected-error @+1 {{a tensor's layout must be a !lay.layout or a !lay.composed, not 'index'}}
func.func private @bad_tensor() -> !lay.tensor<f32, index>

// -----

// expected-error @+1 {{invalid layout "(3037000500,3037000500):(1,3037000500)": layout: (3037000500,3037000500):(1,3037000500) has a size or offsets past int64 (int64 overflow computing 3037000500 * 3037000500)}}
func.func private @size_past_int64() -> !lay.layout<"(3037000500,3037000500):(1,3037000500)">
