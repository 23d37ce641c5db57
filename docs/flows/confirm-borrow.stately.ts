// confirm-borrow: An approved loan waits 24 hours for the borrower to confirm it (or cancel it).
// Generated from machines/confirm-borrow.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const confirmBorrowMachine = createMachine({
  "id": "confirmBorrow",
  "description": "An approved loan waits 24 hours for the borrower to confirm it (or cancel it).",
  "initial": "loading",
  "states": {
    "loading": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.confirmBorrow.loading",
          "src": "loadOffer",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#confirmBorrow.expired"
              ],
              "guard": {
                "type": "offerAlreadyExpired",
                "params": "(from the event)"
              },
              "actions": [
                {
                  "type": "keepOffer",
                  "params": "(from the event)"
                }
              ]
            },
            {
              "target": [
                "#confirmBorrow.ready"
              ],
              "actions": [
                {
                  "type": "keepOffer",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#confirmBorrow.sessionEnded"
              ],
              "guard": "sessionEnded"
            },
            {
              "target": [
                "#confirmBorrow.loadFailed"
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
      "description": "The offer could not be loaded (network); the borrower can try again.",
      "tags": [
        "loadFailed"
      ],
      "on": {
        "offer.retried": [
          {
            "target": [
              "#confirmBorrow.loading"
            ],
            "actions": [
              "clearError"
            ]
          }
        ]
      }
    },
    "ready": {
      "type": "parallel",
      "states": {
        "window": {
          "description": "Counts down to approvedAt + 24 h by the server clock.",
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
                      "#confirmBorrow.expired"
                    ],
                    "guard": "windowPassedAtForeground"
                  },
                  {
                    "target": [
                      "#confirmBorrow.ready.window.counting"
                    ],
                    "actions": [
                      "recordForegroundTime"
                    ],
                    "reenter": true
                  }
                ]
              },
              "after": {
                "approvalExpiry": [
                  {
                    "target": [
                      "#confirmBorrow.expired"
                    ]
                  }
                ]
              }
            }
          }
        },
        "form": {
          "initial": "idle",
          "states": {
            "idle": {
              "tags": [
                "canConfirm",
                "canCancel"
              ],
              "on": {
                "agreement.toggled": [
                  {
                    "actions": [
                      "toggleAgreement"
                    ]
                  }
                ],
                "agreement.opened": [
                  {
                    "target": [
                      "#confirmBorrow.ready.form.agreement.shown"
                    ],
                    "guard": "agreementLoaded"
                  },
                  {
                    "target": [
                      "#confirmBorrow.ready.form.agreement.loading"
                    ]
                  }
                ],
                "coupon.choose": [
                  {
                    "target": [
                      "#confirmBorrow.ready.form.choosingCoupon"
                    ],
                    "guard": "couponsUsable"
                  }
                ],
                "borrow.confirmed": [
                  {
                    "target": [
                      "#confirmBorrow.ready.form.confirming"
                    ],
                    "guard": "agreementAccepted"
                  },
                  {
                    "actions": [
                      "showAgreementRequired"
                    ]
                  }
                ],
                "cancel.started": [
                  {
                    "target": [
                      "#confirmBorrow.ready.form.cancelling"
                    ]
                  }
                ]
              }
            },
            "agreement": {
              "description": "The loan agreement is open; it is downloaded the first time only.",
              "tags": [
                "agreementOpen"
              ],
              "initial": "loading",
              "on": {
                "agreement.closed": [
                  {
                    "target": [
                      "#confirmBorrow.ready.form.idle"
                    ]
                  }
                ],
                "agreement.toggled": [
                  {
                    "actions": [
                      "toggleAgreement"
                    ]
                  }
                ]
              },
              "states": {
                "loading": {
                  "tags": [
                    "busy"
                  ],
                  "invoke": [
                    {
                      "id": "0.confirmBorrow.ready.form.agreement.loading",
                      "src": "loadAgreement",
                      "input": "(from the event)",
                      "onDone": [
                        {
                          "target": [
                            "#confirmBorrow.ready.form.agreement.shown"
                          ],
                          "actions": [
                            {
                              "type": "keepAgreement",
                              "params": "(from the event)"
                            }
                          ]
                        }
                      ],
                      "onError": [
                        {
                          "target": [
                            "#confirmBorrow.sessionEnded"
                          ],
                          "guard": "sessionEnded"
                        },
                        {
                          "target": [
                            "#confirmBorrow.ready.form.idle"
                          ],
                          "actions": [
                            "showFailure"
                          ]
                        }
                      ]
                    }
                  ]
                },
                "shown": {}
              }
            },
            "choosingCoupon": {
              "description": "The borrower picks a coupon (coupons machine); the server's answer shows its effect on what is repaid.",
              "invoke": [
                {
                  "id": "coupons",
                  "src": "coupons",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#confirmBorrow.ready.form.idle"
                      ],
                      "guard": {
                        "type": "couponApplied",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "showCouponEffect",
                          "params": "(from the event)"
                        }
                      ]
                    },
                    {
                      "target": [
                        "#confirmBorrow.sessionEnded"
                      ],
                      "guard": {
                        "type": "couponsSessionEnded",
                        "params": "(from the event)"
                      }
                    },
                    {
                      "target": [
                        "#confirmBorrow.ready.form.idle"
                      ]
                    }
                  ]
                }
              ]
            },
            "confirming": {
              "tags": [
                "busy",
                "confirming"
              ],
              "entry": [
                "clearError"
              ],
              "invoke": [
                {
                  "id": "0.confirmBorrow.ready.form.confirming",
                  "src": "confirmLoan",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#confirmBorrow.confirmed"
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#confirmBorrow.sessionEnded"
                      ],
                      "guard": "sessionEnded"
                    },
                    {
                      "target": [
                        "#confirmBorrow.ready.form.idle"
                      ],
                      "actions": [
                        "showFailure"
                      ]
                    }
                  ]
                }
              ]
            },
            "cancelling": {
              "description": "The cancellation form (exactly one reason) runs as a child machine.",
              "invoke": [
                {
                  "id": "cancellation",
                  "src": "cancellation",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#confirmBorrow.cancelled"
                      ],
                      "guard": {
                        "type": "cancelled",
                        "params": "(from the event)"
                      }
                    },
                    {
                      "target": [
                        "#confirmBorrow.sessionEnded"
                      ],
                      "guard": {
                        "type": "cancelSessionEnded",
                        "params": "(from the event)"
                      }
                    },
                    {
                      "target": [
                        "#confirmBorrow.ready.form.idle"
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
    "expired": {
      "description": "More than 24 hours since approval: the order can no longer be confirmed (the server cancels it).",
      "tags": [
        "expired"
      ],
      "on": {
        "expiry.acknowledged": [
          {
            "target": [
              "#confirmBorrow.closedExpired"
            ]
          }
        ]
      }
    },
    "closedExpired": {
      "type": "final"
    },
    "confirmed": {
      "type": "final"
    },
    "cancelled": {
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
