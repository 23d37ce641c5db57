// repayment: Repay all or part of a loan through a payment channel, within the 15-minute window of the order.
// Generated from machines/repayment.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const repaymentMachine = createMachine({
  "id": "repayment",
  "description": "Repay all or part of a loan through a payment channel, within the 15-minute window of the order.",
  "initial": "loading",
  "invoke": [
    {
      "id": "0.repayment",
      "src": "loadRepayables",
      "onDone": [
        {
          "actions": [
            {
              "type": "keepRepayables",
              "params": "(from the event)"
            }
          ]
        }
      ],
      "onError": [
        {
          "target": [
            "#repayment.sessionEnded"
          ],
          "guard": {
            "type": "errorEndsSession",
            "params": "(from the event)"
          }
        },
        {}
      ]
    }
  ],
  "states": {
    "loading": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.repayment.loading",
          "src": "loadDetail",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#repayment.awaitingPayment"
              ],
              "guard": {
                "type": "paymentPending",
                "params": "(from the event)"
              },
              "actions": [
                {
                  "type": "keepDetail",
                  "params": "(from the event)"
                },
                {
                  "type": "resumePendingPayment",
                  "params": "(from the event)"
                }
              ]
            },
            {
              "target": [
                "#repayment.editing"
              ],
              "actions": [
                {
                  "type": "keepDetail",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#repayment.sessionEnded"
              ],
              "guard": "sessionEnded"
            },
            {
              "target": [
                "#repayment.loadFailed"
              ],
              "actions": [
                "showFailure"
              ]
            }
          ]
        }
      ]
    },
    "loadFailed": {
      "tags": [
        "loadFailed"
      ],
      "on": {
        "detail.retried": [
          {
            "target": [
              "#repayment.loading"
            ],
            "actions": [
              "clearError"
            ]
          }
        ],
        "repayment.orderChosen": [
          {
            "target": [
              "#repayment.loading"
            ],
            "guard": "otherRepayable",
            "actions": [
              "chooseOrder"
            ]
          }
        ]
      }
    },
    "editing": {
      "description": "The repay detail and cashier: the amount (the whole balance by default) and the channel; another order with something to repay may be chosen instead.",
      "tags": [
        "canSubmit",
        "cashier"
      ],
      "on": {
        "repayment.orderChosen": [
          {
            "target": [
              "#repayment.loading"
            ],
            "guard": "otherRepayable",
            "actions": [
              "chooseOrder"
            ]
          }
        ],
        "amount.changed": [
          {
            "actions": [
              "changeAmount"
            ]
          }
        ],
        "amount.full": [
          {
            "actions": [
              "chooseFullAmount"
            ]
          }
        ],
        "channel.chosen": [
          {
            "guard": "channelAvailable",
            "actions": [
              "chooseChannel"
            ]
          },
          {
            "actions": [
              "showNoPaymentMethod"
            ]
          }
        ],
        "repayment.submitted": [
          {
            "target": [
              "#repayment.creatingOrder"
            ],
            "guard": "formValid",
            "actions": [
              "clearError"
            ]
          },
          {
            "actions": [
              "showFormErrors"
            ]
          }
        ]
      }
    },
    "creatingOrder": {
      "tags": [
        "busy",
        "cashier"
      ],
      "invoke": [
        {
          "id": "0.repayment.creatingOrder",
          "src": "createPaymentOrder",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#repayment.editing"
              ],
              "guard": {
                "type": "payOrderIdMissing",
                "params": "(from the event)"
              },
              "actions": [
                "showPayOrderIdMissing"
              ]
            },
            {
              "target": [
                "#repayment.awaitingPayment"
              ],
              "actions": [
                {
                  "type": "keepPayment",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#repayment.sessionEnded"
              ],
              "guard": "sessionEnded"
            },
            {
              "target": [
                "#repayment.editing"
              ],
              "guard": "invalid",
              "actions": [
                "showServerFieldErrors"
              ]
            },
            {
              "target": [
                "#repayment.editing"
              ],
              "actions": [
                "showFailure"
              ]
            }
          ]
        }
      ]
    },
    "awaitingPayment": {
      "description": "The payment order runs: the borrower approves it on the phone; the server is asked until it lands.",
      "tags": [
        "waitingPayment"
      ],
      "invoke": [
        {
          "id": "paymentOrder",
          "src": "paymentOrder",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#repayment.paid"
              ],
              "guard": {
                "type": "paid",
                "params": "(from the event)"
              }
            },
            {
              "target": [
                "#repayment.paymentFailed"
              ],
              "guard": {
                "type": "paymentFailed",
                "params": "(from the event)"
              },
              "actions": [
                "showPaymentFailed"
              ]
            },
            {
              "target": [
                "#repayment.timedOut"
              ],
              "guard": {
                "type": "paymentTimedOut",
                "params": "(from the event)"
              },
              "actions": [
                "showTimedOut"
              ]
            },
            {
              "target": [
                "#repayment.sessionEnded"
              ],
              "guard": {
                "type": "paymentSessionEnded",
                "params": "(from the event)"
              }
            }
          ]
        }
      ],
      "on": {
        "payment.checked": [
          {
            "actions": [
              {
                "type": "forwardToPaymentOrder",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "app.foregrounded": [
          {
            "actions": [
              {
                "type": "forwardToPaymentOrder",
                "params": "(from the event)"
              }
            ]
          }
        ]
      }
    },
    "timedOut": {
      "description": "The 15 minutes passed without a payment: \"This order has timed out, please try again\".",
      "tags": [
        "timedOut"
      ],
      "on": {
        "repayment.retried": [
          {
            "target": [
              "#repayment.loading"
            ],
            "actions": [
              "clearError"
            ]
          }
        ]
      }
    },
    "paymentFailed": {
      "description": "The provider refused the payment; the borrower may try again or choose another channel.",
      "tags": [
        "paymentFailed"
      ],
      "on": {
        "repayment.retried": [
          {
            "target": [
              "#repayment.loading"
            ],
            "actions": [
              "clearError"
            ]
          }
        ]
      }
    },
    "paid": {
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
