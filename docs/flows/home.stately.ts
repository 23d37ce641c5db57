// home: The home tab: the product card and spec §4's home state with its one button.
// Generated from machines/home.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const homeMachine = createMachine({
  "id": "home",
  "type": "parallel",
  "description": "The home tab: the product card and spec §4's home state with its one button.",
  "invoke": [
    {
      "id": "0.home",
      "src": "loadMarket",
      "onDone": [
        {
          "actions": [
            {
              "type": "takeNotice",
              "params": "(from the event)"
            }
          ]
        }
      ],
      "onError": [
        {
          "target": [
            "#home.status.sessionEnded"
          ],
          "guard": {
            "type": "sessionEnded",
            "params": "(from the event)"
          }
        },
        {}
      ]
    }
  ],
  "on": {
    "home.orderChanged": [
      {
        "target": [
          "#home.status.deciding"
        ],
        "actions": [
          {
            "type": "takeOrder",
            "params": "(from the event)"
          }
        ]
      }
    ]
  },
  "states": {
    "card": {
      "initial": "loading",
      "on": {
        "home.finished": [
          {
            "target": [
              "#home.card.closed"
            ]
          }
        ]
      },
      "states": {
        "loading": {
          "description": "Loads the product card and the repeat-loan benefit flag.",
          "tags": [
            "loading"
          ],
          "invoke": [
            {
              "id": "0.home.card.loading",
              "src": "loadOverview",
              "onDone": [
                {
                  "target": [
                    "#home.card.shown"
                  ],
                  "actions": [
                    {
                      "type": "takeOverview",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#home.card.closed"
                  ],
                  "guard": {
                    "type": "sessionEnded",
                    "params": "(from the event)"
                  },
                  "actions": [
                    "xstate.raise"
                  ]
                },
                {
                  "target": [
                    "#home.card.failed"
                  ],
                  "actions": [
                    {
                      "type": "showLoadFailure",
                      "params": "(from the event)"
                    }
                  ]
                }
              ]
            }
          ]
        },
        "shown": {},
        "failed": {
          "on": {
            "home.retried": [
              {
                "target": [
                  "#home.card.loading"
                ]
              }
            ]
          }
        },
        "closed": {
          "type": "final"
        }
      }
    },
    "status": {
      "initial": "deciding",
      "on": {
        "home.sessionEnded": [
          {
            "target": [
              "#home.status.sessionEnded"
            ]
          }
        ]
      },
      "states": {
        "deciding": {
          "description": "Picks spec §4's home state from the latest order's status.",
          "always": [
            {
              "target": [
                "#home.status.lending"
              ],
              "guard": {
                "type": "homeStateIs",
                "params": {
                  "state": "lending"
                }
              }
            },
            {
              "target": [
                "#home.status.assessing"
              ],
              "guard": {
                "type": "homeStateIs",
                "params": {
                  "state": "assessing"
                }
              }
            },
            {
              "target": [
                "#home.status.rejected"
              ],
              "guard": {
                "type": "homeStateIs",
                "params": {
                  "state": "rejected"
                }
              }
            },
            {
              "target": [
                "#home.status.approved"
              ],
              "guard": {
                "type": "homeStateIs",
                "params": {
                  "state": "approved"
                }
              }
            },
            {
              "target": [
                "#home.status.failed"
              ],
              "guard": {
                "type": "homeStateIs",
                "params": {
                  "state": "failed"
                }
              }
            },
            {
              "target": [
                "#home.status.repaying"
              ],
              "guard": {
                "type": "homeStateIs",
                "params": {
                  "state": "repaying"
                }
              }
            },
            {
              "target": [
                "#home.status.overdue"
              ],
              "guard": {
                "type": "homeStateIs",
                "params": {
                  "state": "overdue"
                }
              }
            },
            {
              "target": [
                "#home.status.canLoan"
              ]
            }
          ]
        },
        "canLoan": {
          "description": "Apply: starts an application, or continues the onboarding where it stopped. The one state that offers credit (the product card, the repeat-loan benefits); the recent loans of the country run as a ticker.",
          "tags": [
            "canLoan",
            "offersCredit"
          ],
          "invoke": [
            {
              "id": "0.home.status.canLoan",
              "src": "loadLendingRecords",
              "onDone": [
                {
                  "actions": [
                    {
                      "type": "takeLendingRecords",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#home.status.sessionEnded"
                  ],
                  "guard": {
                    "type": "sessionEnded",
                    "params": "(from the event)"
                  }
                },
                {}
              ]
            }
          ],
          "on": {
            "home.apply": [
              {
                "guard": "inline guard"
              },
              {
                "target": [
                  "#home.status.done"
                ],
                "guard": "hasOpenOrder",
                "actions": [
                  {
                    "type": "decide",
                    "params": {
                      "result": {
                        "next": "follow"
                      }
                    }
                  }
                ]
              },
              {
                "target": [
                  "#home.status.done"
                ],
                "actions": [
                  "applyNew"
                ]
              }
            ]
          }
        },
        "lending": {
          "description": "Confirmed; the money is on its way (no button).",
          "tags": [
            "lending"
          ]
        },
        "assessing": {
          "tags": [
            "assessing"
          ],
          "on": {
            "home.details": [
              {
                "target": [
                  "#home.status.done"
                ],
                "actions": [
                  {
                    "type": "decide",
                    "params": {
                      "result": {
                        "next": "follow"
                      }
                    }
                  }
                ]
              }
            ]
          }
        },
        "rejected": {
          "description": "Not approved: no button until the retry date, which the card shows; other products may be offered.",
          "tags": [
            "rejected"
          ],
          "entry": [
            "xstate.raise"
          ],
          "exit": [
            "xstate.cancel"
          ],
          "invoke": [
            {
              "id": "0.home.status.rejected",
              "src": "checkRejectRecommendation",
              "onDone": [
                {
                  "actions": [
                    {
                      "type": "takeRecommendation",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#home.status.sessionEnded"
                  ],
                  "guard": {
                    "type": "sessionEnded",
                    "params": "(from the event)"
                  }
                },
                {}
              ]
            }
          ],
          "after": {
            "retryOpens": [
              {
                "target": [
                  "#home.status.deciding"
                ],
                "actions": [
                  "reachRetryDate"
                ]
              }
            ]
          }
        },
        "approved": {
          "tags": [
            "approved"
          ],
          "on": {
            "home.getMoney": [
              {
                "target": [
                  "#home.status.done"
                ],
                "actions": [
                  {
                    "type": "decide",
                    "params": {
                      "result": {
                        "next": "follow"
                      }
                    }
                  }
                ]
              }
            ]
          }
        },
        "failed": {
          "description": "The pay-out failed (10): Edit corrects the wallet account.",
          "tags": [
            "failed"
          ],
          "on": {
            "home.edit": [
              {
                "target": [
                  "#home.status.done"
                ],
                "actions": [
                  {
                    "type": "decide",
                    "params": {
                      "result": {
                        "next": "editWallet"
                      }
                    }
                  }
                ]
              }
            ]
          }
        },
        "repaying": {
          "description": "Pay opens repay detail; the card takes the tone of the due date (due soon, due today).",
          "tags": [
            "repaying"
          ],
          "invoke": [
            {
              "id": "0.home.status.repaying",
              "src": "loadRepayTone",
              "onDone": [
                {
                  "actions": [
                    {
                      "type": "takeRepayTone",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#home.status.sessionEnded"
                  ],
                  "guard": {
                    "type": "sessionEnded",
                    "params": "(from the event)"
                  }
                },
                {}
              ]
            }
          ],
          "on": {
            "home.pay": [
              {
                "target": [
                  "#home.status.done"
                ],
                "actions": [
                  {
                    "type": "decide",
                    "params": {
                      "result": {
                        "next": "follow"
                      }
                    }
                  }
                ]
              }
            ]
          }
        },
        "overdue": {
          "tags": [
            "overdue"
          ],
          "invoke": [
            {
              "id": "0.home.status.overdue",
              "src": "loadRepayTone",
              "onDone": [
                {
                  "actions": [
                    {
                      "type": "takeRepayTone",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#home.status.sessionEnded"
                  ],
                  "guard": {
                    "type": "sessionEnded",
                    "params": "(from the event)"
                  }
                },
                {}
              ]
            }
          ],
          "on": {
            "home.pay": [
              {
                "target": [
                  "#home.status.done"
                ],
                "actions": [
                  {
                    "type": "decide",
                    "params": {
                      "result": {
                        "next": "follow"
                      }
                    }
                  }
                ]
              }
            ]
          }
        },
        "done": {
          "type": "final",
          "entry": [
            "xstate.raise"
          ]
        },
        "sessionEnded": {
          "type": "final",
          "entry": [
            "escalateSessionEnded",
            {
              "type": "decide",
              "params": {
                "result": {
                  "next": "sessionEnded"
                }
              }
            },
            "xstate.raise"
          ]
        }
      }
    }
  }
})
