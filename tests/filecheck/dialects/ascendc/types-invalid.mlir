// Bad type parameters are located parse errors.
// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics

// A depth is TQue's int32_t template argument (any value pyasc's parser takes: its lit
// tests use 101); the bound of 8 is on the buffers init_queue gives a queue.
// expected-error@+1 {{queue depth must be between 0 and 2147483647, got 2147483648}}
func.func @depth(%q: !ascendc.queue<vecin, 2147483648>) {
  func.return
}

// -----

// expected-error@+1 {{expected a TPosition}}
func.func @position(%q: !ascendc.queue<vecwhere, 1>) {
  func.return
}

// -----

// expected-error@+1 {{TBufPool buffer id count must be between 1 and 16, got 17}}
func.func @pool(%q: !ascendc.tbuf_pool<vecin, 17>) {
  func.return
}

// -----

// expected-error@+1 {{LocalMemAllocator hardware must be between 0 and 7, got 9}}
func.func @alloc(%a: !ascendc.local_mem_allocator<9>) {
  func.return
}

// -----

// expected-error@+1 {{queue depth must be between 0 and 2147483647, got -1}}
func.func @negative(%q: !ascendc.que_bind<vecin, vecout, -1>) {
  func.return
}
