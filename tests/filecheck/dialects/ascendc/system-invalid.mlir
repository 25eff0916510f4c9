// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics

func.func @bad_atomic_type() {
  // expected-error@+1 {{store atomics combine f32, f16, bf16, i32, i16, i8 elements, not f64}}
  ascendc.set_atomic_add {dtype = f64} : () -> ()
  func.return
}

// -----

func.func @bad_scalar_cast(%f: f32) {
  // expected-error@+1 {{ScalarCast converts to i32 or f16, not i64}}
  %0 = ascendc.scalar_cast %f {dtype = i64, roundMode = 4 : i32} : f32 -> i64
  func.return
}

// -----

func.func @bad_cache_line(%g: !ascendc.global_tensor<*xf32>) {
  // expected-error@+1 {{'entireType' = 5 is not a CacheLine (valid values 0 to 1)}}
  ascendc.data_cache_clean_invalid_global_nodccidst %g {entireType = 5 : i32} : !ascendc.global_tensor<*xf32>
  func.return
}

// -----

func.func @bad_atomic_keyword() {
  // expected-error@+1 {{expected a AtomicDtype keyword}}
  ascendc.set_store_atomic_config atomic_f64, atomic_sum
  func.return
}

// -----

func.func @bad_arch_version(%v: i32) {
  // expected-error@+1 {{the core version is a uint32_t& output, not i32}}
  ascendc.get_arch_version %v : i32
  func.return
}

// -----

func.func @bad_preload(%g: !ascendc.global_tensor<*xf32>, %o: i32) {
  // expected-error@+1 {{DataCachePreload reads a global tensor of ui64, not f32}}
  ascendc.data_cache_preload %g, %o : !ascendc.global_tensor<*xf32>, i32
  func.return
}
