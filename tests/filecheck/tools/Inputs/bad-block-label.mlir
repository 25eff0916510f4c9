func.func @f() {
^1:
  func.return
}
