// console-loans: Staff find a borrower by phone, ID or order number and read an order’s story.
// Generated from machines/console-loans.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const consoleLoansMachine = createMachine({
  "id": "consoleLoans",
  "description": "Staff find a borrower by phone, ID or order number and read an order’s story.",
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
      "description": "An order’s story; back to the borrowers found.",
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
        ]
      }
    }
  }
})
