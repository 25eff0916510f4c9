func.func @ok() {
  func.return
}

// -----

func.func @bad() {
  ascendc.pipe_barrier pipe_s
  func.return
}
