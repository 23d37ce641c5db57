// coupons: The borrower's coupons and the coupon draw; or picking a coupon for an approved order.
// Generated from machines/coupons.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const couponsMachine = createMachine({
  "id": "coupons",
  "description": "The borrower's coupons and the coupon draw; or picking a coupon for an approved order.",
  "initial": "start",
  "states": {
    "start": {
      "always": [
        {
          "target": [
            "#coupons.choose"
          ],
          "guard": "choosing"
        },
        {
          "target": [
            "#coupons.centre"
          ]
        }
      ]
    },
    "centre": {
      "initial": "loading",
      "states": {
        "loading": {
          "tags": [
            "busy"
          ],
          "invoke": [
            {
              "id": "0.coupons.centre.loading",
              "src": "loadCentre",
              "onDone": [
                {
                  "target": [
                    "#coupons.centre.ready"
                  ],
                  "actions": [
                    {
                      "type": "keepCentre",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#coupons.sessionEnded"
                  ],
                  "guard": "sessionEnded"
                },
                {
                  "target": [
                    "#coupons.centre.loadFailed"
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
            "centre.retried": [
              {
                "target": [
                  "#coupons.centre.loading"
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
          "tags": [
            "centreReady"
          ],
          "states": {
            "list": {
              "description": "One tab of coupons (available, used, expired), a page at a time.",
              "initial": "loading",
              "states": {
                "loading": {
                  "tags": [
                    "busy",
                    "listLoading"
                  ],
                  "invoke": [
                    {
                      "id": "0.coupons.centre.ready.list.loading",
                      "src": "loadCoupons",
                      "input": "(from the event)",
                      "onDone": [
                        {
                          "target": [
                            "#coupons.centre.ready.list.shown"
                          ],
                          "actions": [
                            {
                              "type": "keepPage",
                              "params": "(from the event)"
                            }
                          ]
                        }
                      ],
                      "onError": [
                        {
                          "target": [
                            "#coupons.sessionEnded"
                          ],
                          "guard": "sessionEnded"
                        },
                        {
                          "target": [
                            "#coupons.centre.ready.list.shown"
                          ],
                          "actions": [
                            "showFailure"
                          ]
                        }
                      ]
                    }
                  ]
                },
                "shown": {
                  "on": {
                    "coupons.tabChosen": [
                      {
                        "target": [
                          "#coupons.centre.ready.list.loading"
                        ],
                        "guard": "otherTab",
                        "actions": [
                          "chooseTab",
                          "startOver"
                        ]
                      }
                    ],
                    "coupons.more": [
                      {
                        "target": [
                          "#coupons.centre.ready.list.loading"
                        ],
                        "guard": "moreToLoad"
                      }
                    ],
                    "coupons.refreshed": [
                      {
                        "target": [
                          "#coupons.centre.ready.list.loading"
                        ],
                        "actions": [
                          "startOver"
                        ]
                      }
                    ]
                  }
                }
              }
            },
            "draw": {
              "description": "The coupon draw, when the lender offers it.",
              "initial": "idle",
              "states": {
                "idle": {
                  "on": {
                    "lottery.drawn": [
                      {
                        "target": [
                          "#coupons.centre.ready.draw.drawing"
                        ],
                        "guard": "drawOffered"
                      }
                    ]
                  }
                },
                "drawing": {
                  "tags": [
                    "busy",
                    "drawing"
                  ],
                  "invoke": [
                    {
                      "id": "0.coupons.centre.ready.draw.drawing",
                      "src": "drawCoupon",
                      "onDone": [
                        {
                          "target": [
                            "#coupons.centre.ready.draw.result"
                          ],
                          "actions": [
                            {
                              "type": "keepDraw",
                              "params": "(from the event)"
                            },
                            "refreshList"
                          ]
                        }
                      ],
                      "onError": [
                        {
                          "target": [
                            "#coupons.sessionEnded"
                          ],
                          "guard": "sessionEnded"
                        },
                        {
                          "target": [
                            "#coupons.centre.ready.draw.idle"
                          ],
                          "actions": [
                            "showFailure"
                          ]
                        }
                      ]
                    }
                  ]
                },
                "result": {
                  "description": "What the draw gave (a coupon, or nothing this time) until the borrower closes it.",
                  "tags": [
                    "drawResult"
                  ],
                  "on": {
                    "draw.acknowledged": [
                      {
                        "target": [
                          "#coupons.centre.ready.draw.idle"
                        ],
                        "actions": [
                          "forgetDraw"
                        ]
                      }
                    ]
                  }
                }
              }
            }
          }
        }
      }
    },
    "choose": {
      "initial": "loading",
      "states": {
        "loading": {
          "tags": [
            "busy"
          ],
          "invoke": [
            {
              "id": "0.coupons.choose.loading",
              "src": "loadCoupons",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#coupons.choose.picking"
                  ],
                  "actions": [
                    {
                      "type": "keepPage",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#coupons.sessionEnded"
                  ],
                  "guard": "sessionEnded"
                },
                {
                  "target": [
                    "#coupons.choose.picking"
                  ],
                  "actions": [
                    "showFailure"
                  ]
                }
              ]
            }
          ]
        },
        "picking": {
          "description": "The usable coupons; those whose quota condition this loan does not meet are shown but refused.",
          "tags": [
            "canPick"
          ],
          "on": {
            "coupon.picked": [
              {
                "target": [
                  "#coupons.choose.applying"
                ],
                "guard": "couponApplies",
                "actions": [
                  "clearError"
                ]
              }
            ],
            "coupon.dismissed": [
              {
                "target": [
                  "#coupons.dismissed"
                ]
              }
            ]
          }
        },
        "applying": {
          "tags": [
            "busy"
          ],
          "invoke": [
            {
              "id": "0.coupons.choose.applying",
              "src": "applyCoupon",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#coupons.applied"
                  ],
                  "actions": [
                    {
                      "type": "keepApplied",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#coupons.sessionEnded"
                  ],
                  "guard": "sessionEnded"
                },
                {
                  "target": [
                    "#coupons.choose.picking"
                  ],
                  "actions": [
                    "showFailure"
                  ]
                }
              ]
            }
          ]
        }
      }
    },
    "applied": {
      "type": "final"
    },
    "dismissed": {
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
