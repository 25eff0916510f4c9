func.func @f(%id: i32) {
  "ascendc.set_flag"(%id) <{event = 40 : i32}> : (i32) -> ()
  // expected-error@above {{'event' = 40 is not a HardEvent}}
  // expected-error@below {{'event' = 40 is not a HardEvent}}
  // this line is not a directive: @below skips only directive lines
  "ascendc.wait_flag"(%id) <{event = 40 : i32}> : (i32) -> ()
  "ascendc.set_flag"(%id) <{event = 40 : i32}> : (i32) -> () // expected-error {{'event' = 40 is not a HardEvent}}
  // expected-error@+2 {{'event' = 40 is not a HardEvent}}

  "ascendc.wait_flag"(%id) <{event = 40 : i32}> : (i32) -> ()
  func.return
}
