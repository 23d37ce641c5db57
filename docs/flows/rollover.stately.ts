// rollover: Move the due date by 7 days for a fee, paid through a channel, while rollovers are left.
// Generated from machines/rollover.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const rolloverMachine = createMachine({
  "id": "rollover",
  "description": "Move the due date by 7 days for a fee, paid through a channel, while rollovers are left.",
  "initial": "loading",
  "states": {
    "loading": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.rollover.loading",
          "src": "loadExtension",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#rollover.mustRepay"
              ],
              "guard": "mustRepay",
              "actions": [
                "keepExtension",
                "showUnavailable"
              ]
            },
            {
              "target": [
                "#rollover.refused"
              ],
              "guard": "noneLeft",
              "actions": [
                "keepExtension",
                "showUnavailable"
              ]
            },
            {
              "target": [
                "#rollover.ready"
              ],
              "actions": [
                "keepExtension"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#rollover.sessionEnded"
              ],
              "guard": "sessionEnded"
            },
            {
              "target": [
                "#rollover.loadFailed"
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
              "#rollover.loading"
            ],
            "actions": [
              "clearError"
            ]
          }
        ]
      }
    },
    "refused": {
      "description": "No rollover is offered: every one allowed was taken, nothing is left or the loan is not repaying.",
      "tags": [
        "noRolloversLeft"
      ]
    },
    "mustRepay": {
      "description": "The rollover is withdrawn for good: too late (the new due date is past, 2119) or the charges cap reached (2120), as offered or as confirming was refused; the loan must be repaid instead.",
      "tags": [
        "noRolloversLeft",
        "mustRepay"
      ]
    },
    "ready": {
      "description": "The fee, the new due date and the rollovers left are shown; the borrower picks a channel.",
      "tags": [
        "canConfirm"
      ],
      "on": {
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
        "rollover.confirmed": [
          {
            "target": [
              "#rollover.creatingOrder"
            ],
            "guard": "channelGiven",
            "actions": [
              "clearError"
            ]
          },
          {
            "actions": [
              "showChannelRequired"
            ]
          }
        ]
      }
    },
    "creatingOrder": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.rollover.creatingOrder",
          "src": "confirmExtension",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#rollover.ready"
              ],
              "guard": "payOrderIdMissing",
              "actions": [
                "showPayOrderIdMissing"
              ]
            },
            {
              "target": [
                "#rollover.awaitingPayment"
              ],
              "actions": [
                "keepPayment"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#rollover.sessionEnded"
              ],
              "guard": "sessionEnded"
            },
            {
              "target": [
                "#rollover.mustRepay"
              ],
              "guard": "offerWithdrawn",
              "actions": [
                "withdrawOffer"
              ]
            },
            {
              "target": [
                "#rollover.ready"
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
      "description": "The fee is being paid; the due date moves when the server confirms it.",
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
                "#rollover.rolledOver"
              ],
              "guard": "paid"
            },
            {
              "target": [
                "#rollover.paymentFailed"
              ],
              "guard": "paymentFailed",
              "actions": [
                "showPaymentFailed"
              ]
            },
            {
              "target": [
                "#rollover.timedOut"
              ],
              "guard": "paymentTimedOut",
              "actions": [
                "showTimedOut"
              ]
            },
            {
              "target": [
                "#rollover.sessionEnded"
              ],
              "guard": "paymentSessionEnded"
            }
          ]
        }
      ],
      "on": {
        "payment.checked": [
          {
            "actions": [
              "forwardToPaymentOrder"
            ]
          }
        ],
        "app.foregrounded": [
          {
            "actions": [
              "forwardToPaymentOrder"
            ]
          }
        ]
      }
    },
    "timedOut": {
      "tags": [
        "timedOut"
      ],
      "on": {
        "rollover.retried": [
          {
            "target": [
              "#rollover.loading"
            ],
            "actions": [
              "clearError"
            ]
          }
        ]
      }
    },
    "paymentFailed": {
      "tags": [
        "paymentFailed"
      ],
      "on": {
        "rollover.retried": [
          {
            "target": [
              "#rollover.loading"
            ],
            "actions": [
              "clearError"
            ]
          }
        ]
      }
    },
    "rolledOver": {
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
