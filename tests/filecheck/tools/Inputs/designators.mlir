func.func @f(%id: i32) {
  ascendc.set_flag max, %id : i32
  // expected-error@above {{HardEvent.MAX is a bound}}
  // expected-error@below {{HardEvent.MAX is a bound}}
  // this line is not a directive: @below skips only directive lines
  ascendc.wait_flag max, %id : i32
  ascendc.set_flag max, %id : i32 // expected-error {{HardEvent.MAX is a bound}}
  // expected-error@+2 {{HardEvent.MAX is a bound}}

  ascendc.wait_flag max, %id : i32
  func.return
}
