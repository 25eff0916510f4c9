func.func @ok() {
  func.return
}

// -----

func.func @bad() {
  "ascendc.pipe_barrier"() <{pipe = 11 : i32}> : () -> ()
  func.return
}
