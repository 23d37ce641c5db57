// console-loans: Staff find a borrower by phone, ID or order number, read an order’s story and take the actions its lifecycle allows.
// Generated from machines/console-loans.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const consoleLoansMachine = createMachine({
  "id": "consoleLoans",
  "description": "Staff find a borrower by phone, ID or order number, read an order’s story and take the actions its lifecycle allows.",
  "initial": "idle",
  "on": {
    "loans.queryChanged": [
      {
        "actions": [
          {
            "type": "changeQuery",
            "params": "(from the event)"
          }
        ]
      }
    ]
  },
  "states": {
    "idle": {
      "on": {
        "loans.searched": [
          {
            "target": [
              "#consoleLoans.searching"
            ],
            "guard": "queryValid"
          },
          {
            "actions": [
              "showQueryError"
            ]
          }
        ],
        "loans.orderOpened": [
          {
            "target": [
              "#consoleLoans.reading"
            ],
            "actions": [
              {
                "type": "chooseOrder",
                "params": "(from the event)"
              }
            ]
          }
        ]
      }
    },
    "searching": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.consoleLoans.searching",
          "src": "searchBorrowers",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#consoleLoans.idle"
              ],
              "actions": [
                {
                  "type": "takeBorrowers",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consoleLoans.idle"
              ],
              "guard": {
                "type": "sessionEnded",
                "params": "(from the event)"
              },
              "actions": [
                "reportSessionEnded"
              ]
            },
            {
              "target": [
                "#consoleLoans.idle"
              ],
              "actions": [
                {
                  "type": "showFailure",
                  "params": "(from the event)"
                }
              ]
            }
          ]
        }
      ]
    },
    "reading": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.consoleLoans.reading",
          "src": "readOrder",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#consoleLoans.order"
              ],
              "actions": [
                {
                  "type": "takeStory",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consoleLoans.failed"
              ],
              "guard": {
                "type": "sessionEnded",
                "params": "(from the event)"
              },
              "actions": [
                "reportSessionEnded"
              ]
            },
            {
              "target": [
                "#consoleLoans.failed"
              ],
              "actions": [
                {
                  "type": "showFailure",
                  "params": "(from the event)"
                }
              ]
            }
          ]
        }
      ]
    },
    "failed": {
      "description": "The order could not be read; try again or go back to the search.",
      "tags": [
        "failed"
      ],
      "on": {
        "loans.retried": [
          {
            "target": [
              "#consoleLoans.reading"
            ],
            "guard": "hasOrder"
          }
        ],
        "loans.orderClosed": [
          {
            "target": [
              "#consoleLoans.idle"
            ],
            "actions": [
              "closeOrder"
            ]
          }
        ]
      }
    },
    "order": {
      "description": "An order’s story; back to the borrowers found, or one of the actions its story offers.",
      "initial": "viewing",
      "states": {
        "viewing": {
          "on": {
            "loans.orderClosed": [
              {
                "target": [
                  "#consoleLoans.idle"
                ],
                "actions": [
                  "closeOrder"
                ]
              }
            ],
            "loans.orderOpened": [
              {
                "target": [
                  "#consoleLoans.reading"
                ],
                "actions": [
                  {
                    "type": "chooseOrder",
                    "params": "(from the event)"
                  }
                ]
              }
            ],
            "loans.actionChosen": [
              {
                "target": [
                  "#consoleLoans.order.confirming"
                ],
                "guard": {
                  "type": "actionOffered",
                  "params": "(from the event)"
                },
                "actions": [
                  {
                    "type": "chooseAction",
                    "params": "(from the event)"
                  }
                ]
              }
            ]
          }
        },
        "confirming": {
          "description": "The action’s form: why (and how much of the penalty, for a waiver).",
          "tags": [
            "confirming"
          ],
          "on": {
            "loans.noteChanged": [
              {
                "actions": [
                  {
                    "type": "changeNote",
                    "params": "(from the event)"
                  }
                ]
              }
            ],
            "loans.amountChanged": [
              {
                "actions": [
                  {
                    "type": "changeAmount",
                    "params": "(from the event)"
                  }
                ]
              }
            ],
            "loans.actionConfirmed": [
              {
                "target": [
                  "#consoleLoans.order.acting"
                ],
                "guard": "actionFormValid"
              },
              {
                "actions": [
                  "showActionErrors"
                ]
              }
            ],
            "loans.actionDismissed": [
              {
                "target": [
                  "#consoleLoans.order.viewing"
                ],
                "actions": [
                  "forgetAction"
                ]
              }
            ]
          }
        },
        "acting": {
          "tags": [
            "busy",
            "confirming"
          ],
          "invoke": [
            {
              "id": "0.consoleLoans.order.acting",
              "src": "actOnOrder",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#consoleLoans.order.viewing"
                  ],
                  "actions": [
                    {
                      "type": "takeStory",
                      "params": "(from the event)"
                    },
                    "forgetAction"
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#consoleLoans.order.confirming"
                  ],
                  "guard": {
                    "type": "sessionEnded",
                    "params": "(from the event)"
                  },
                  "actions": [
                    "reportSessionEnded"
                  ]
                },
                {
                  "target": [
                    "#consoleLoans.order.confirming"
                  ],
                  "actions": [
                    {
                      "type": "showActionRefusal",
                      "params": "(from the event)"
                    }
                  ]
                }
              ]
            }
          ]
        }
      }
    }
  }
})
