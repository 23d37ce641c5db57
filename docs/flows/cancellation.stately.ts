// cancellation: Cancel an approved order that is not confirmed yet, with exactly one reason.
// Generated from machines/cancellation.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const cancellationMachine = createMachine({
  "id": "cancellation",
  "description": "Cancel an approved order that is not confirmed yet, with exactly one reason.",
  "initial": "choosing",
  "states": {
    "choosing": {
      "tags": [
        "canSubmit"
      ],
      "on": {
        "reason.chosen": [
          {
            "actions": [
              "chooseReason"
            ]
          }
        ],
        "reason.toggled": [
          {
            "actions": [
              "toggleReason"
            ]
          }
        ],
        "remark.changed": [
          {
            "actions": [
              "changeRemark"
            ]
          }
        ],
        "cancellation.submitted": [
          {
            "target": [
              "#cancellation.cancelling"
            ],
            "guard": "formValid"
          },
          {
            "actions": [
              "showFormProblem"
            ]
          }
        ],
        "cancellation.dismissed": [
          {
            "target": [
              "#cancellation.dismissed"
            ]
          }
        ]
      }
    },
    "cancelling": {
      "tags": [
        "busy"
      ],
      "entry": [
        "clearError"
      ],
      "invoke": [
        {
          "id": "0.cancellation.cancelling",
          "src": "cancelOrder",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#cancellation.cancelled"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#cancellation.sessionEnded"
              ],
              "guard": "sessionEnded"
            },
            {
              "target": [
                "#cancellation.choosing"
              ],
              "actions": [
                "showCancellationFailed"
              ]
            }
          ]
        }
      ]
    },
    "cancelled": {
      "type": "final"
    },
    "dismissed": {
      "type": "final",
      "description": "The borrower kept the loan offer."
    },
    "sessionEnded": {
      "type": "final",
      "entry": [
        "escalateSessionEnded"
      ]
    }
  }
})
