// records: The borrower's orders by tab (Incomplete, Finished), a page at a time, and one order's statement.
// Generated from machines/records.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const recordsMachine = createMachine({
  "id": "records",
  "description": "The borrower's orders by tab (Incomplete, Finished), a page at a time, and one order's statement.",
  "initial": "loading",
  "on": {
    "records.tabChosen": [
      {
        "target": [
          "#records.loading"
        ],
        "guard": "otherTab",
        "actions": [
          "chooseTab",
          "startOver",
          "clearError"
        ]
      }
    ],
    "records.refreshed": [
      {
        "target": [
          "#records.loading"
        ],
        "actions": [
          "startOver",
          "clearError"
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
          "id": "0.records.loading",
          "src": "loadOrders",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#records.shown"
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
                "#records.sessionEnded"
              ],
              "guard": "sessionEnded"
            },
            {
              "target": [
                "#records.loadFailed"
              ],
              "guard": "firstPage",
              "actions": [
                "showFailure"
              ]
            },
            {
              "target": [
                "#records.shown"
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
        "records.retried": [
          {
            "target": [
              "#records.loading"
            ],
            "actions": [
              "clearError"
            ]
          }
        ]
      }
    },
    "shown": {
      "on": {
        "records.more": [
          {
            "target": [
              "#records.loading"
            ],
            "guard": "moreToLoad",
            "actions": [
              "clearError"
            ]
          }
        ],
        "statement.opened": [
          {
            "guard": "listed",
            "actions": [
              "openStatement"
            ]
          }
        ],
        "statement.closed": [
          {
            "actions": [
              "closeStatement"
            ]
          }
        ]
      }
    },
    "sessionEnded": {
      "type": "final",
      "entry": [
        "escalateSessionEnded"
      ]
    }
  }
})
