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
              "guard": {
                "type": "mustRepay",
                "params": "(from the event)"
              },
              "actions": [
                {
                  "type": "keepExtension",
                  "params": "(from the event)"
                },
                "showUnavailable"
              ]
            },
            {
              "target": [
                "#rollover.refused"
              ],
              "guard": {
                "type": "noneLeft",
                "params": "(from the event)"
              },
              "actions": [
                {
                  "type": "keepExtension",
                  "params": "(from the event)"
                },
                "showUnavailable"
              ]
            },
            {
              "target": [
                "#rollover.ready"
              ],
              "actions": [
                {
                  "type": "keepExtension",
                  "params": "(from the event)"
                }
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
                "#rollover.awaitingPayment"
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
              "guard": {
                "type": "paid",
                "params": "(from the event)"
              }
            },
            {
              "target": [
                "#rollover.paymentFailed"
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
                "#rollover.timedOut"
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
                "#rollover.sessionEnded"
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
