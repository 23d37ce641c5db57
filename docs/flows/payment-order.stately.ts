// payment-order: One payment order waits up to 15 minutes (server time) to be paid at the wallet provider.
// Generated from machines/payment-order.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const paymentOrderMachine = createMachine({
  "id": "paymentOrder",
  "description": "One payment order waits up to 15 minutes (server time) to be paid at the wallet provider.",
  "initial": "open",
  "states": {
    "open": {
      "type": "parallel",
      "tags": [
        "waiting"
      ],
      "states": {
        "window": {
          "description": "Counts down to the server's expiry of the order.",
          "initial": "counting",
          "states": {
            "counting": {
              "entry": [
                "xstate.raise"
              ],
              "exit": [
                "xstate.cancel"
              ],
              "on": {
                "app.foregrounded": [
                  {
                    "target": [
                      "#paymentOrder.lastCheck"
                    ],
                    "guard": "windowPassedAtForeground"
                  },
                  {
                    "target": [
                      "#paymentOrder.open.window.counting"
                    ],
                    "actions": [
                      "recordForegroundTime",
                      "checkNow"
                    ],
                    "reenter": true
                  }
                ]
              },
              "after": {
                "paymentWindow": [
                  {
                    "target": [
                      "#paymentOrder.lastCheck"
                    ]
                  }
                ]
              }
            }
          }
        },
        "poll": {
          "description": "Asks the server whether the provider confirmed the payment.",
          "initial": "waiting",
          "states": {
            "waiting": {
              "entry": [
                "xstate.raise"
              ],
              "exit": [
                "xstate.cancel"
              ],
              "on": {
                "payment.checked": [
                  {
                    "target": [
                      "#paymentOrder.open.poll.checking"
                    ]
                  }
                ]
              },
              "after": {
                "pollInterval": [
                  {
                    "target": [
                      "#paymentOrder.open.poll.checking"
                    ]
                  }
                ]
              }
            },
            "checking": {
              "tags": [
                "busy"
              ],
              "invoke": [
                {
                  "id": "0.paymentOrder.open.poll.checking",
                  "src": "checkPayment",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#paymentOrder.paid"
                      ],
                      "guard": {
                        "type": "succeeded",
                        "params": "(from the event)"
                      }
                    },
                    {
                      "target": [
                        "#paymentOrder.failed"
                      ],
                      "guard": {
                        "type": "failed",
                        "params": "(from the event)"
                      }
                    },
                    {
                      "target": [
                        "#paymentOrder.timedOut"
                      ],
                      "guard": {
                        "type": "expired",
                        "params": "(from the event)"
                      }
                    },
                    {
                      "target": [
                        "#paymentOrder.open.poll.waiting"
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#paymentOrder.sessionEnded"
                      ],
                      "guard": "sessionEnded"
                    },
                    {
                      "target": [
                        "#paymentOrder.open.poll.waiting"
                      ]
                    }
                  ]
                }
              ]
            }
          }
        }
      }
    },
    "lastCheck": {
      "description": "The window has passed: one last question, in case the payment landed in its last seconds.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.paymentOrder.lastCheck",
          "src": "checkPayment",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#paymentOrder.paid"
              ],
              "guard": {
                "type": "succeeded",
                "params": "(from the event)"
              }
            },
            {
              "target": [
                "#paymentOrder.timedOut"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#paymentOrder.sessionEnded"
              ],
              "guard": "sessionEnded"
            },
            {
              "target": [
                "#paymentOrder.timedOut"
              ]
            }
          ]
        }
      ]
    },
    "paid": {
      "type": "final"
    },
    "failed": {
      "type": "final",
      "description": "The provider refused the payment (declined, insufficient funds, cancelled on the phone)."
    },
    "timedOut": {
      "type": "final"
    },
    "sessionEnded": {
      "type": "final",
      "entry": [
        "escalateSessionEnded"
      ]
    }
  }
})
