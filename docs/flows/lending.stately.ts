// lending: When the money of a confirmed loan should reach the wallet, and when it was sent.
// Generated from machines/lending.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const lendingMachine = createMachine({
  "id": "lending",
  "description": "When the money of a confirmed loan should reach the wallet, and when it was sent.",
  "initial": "loading",
  "states": {
    "loading": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.lending.loading",
          "src": "loadMoneyTime",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#lending.sent"
              ],
              "guard": {
                "type": "sent",
                "params": "(from the event)"
              },
              "actions": [
                {
                  "type": "keepMoneyTime",
                  "params": "(from the event)"
                }
              ]
            },
            {
              "target": [
                "#lending.expected"
              ],
              "actions": [
                {
                  "type": "keepMoneyTime",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#lending.sessionEnded"
              ],
              "guard": "sessionEnded"
            },
            {
              "target": [
                "#lending.loadFailed"
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
      "description": "The window could not be read; the screen says so and offers a retry (no other time is shown).",
      "tags": [
        "loadFailed"
      ],
      "on": {
        "lending.retried": [
          {
            "target": [
              "#lending.loading"
            ],
            "actions": [
              "clearError"
            ]
          }
        ]
      }
    },
    "expected": {
      "description": "The money should arrive between expectedFrom and expectedBy."
    },
    "sent": {
      "description": "The pay-out has gone out (disbursedAt); the order moves on to repaying.",
      "tags": [
        "sent"
      ]
    },
    "sessionEnded": {
      "type": "final",
      "entry": [
        "escalateSessionEnded"
      ]
    }
  }
})
