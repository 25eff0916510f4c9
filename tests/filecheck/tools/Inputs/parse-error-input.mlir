func.func @f() {
  %p = ascendc.pipe
  %q = ascendc.queue : <vecsomewhere, 1>
  func.return
}
