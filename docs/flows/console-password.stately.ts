// console-password: A staff member changes their password; their other sessions end.
// Generated from machines/console-password.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const consolePasswordMachine = createMachine({
  "id": "consolePassword",
  "description": "A staff member changes their password; their other sessions end.",
  "initial": "editing",
  "states": {
    "editing": {
      "on": {
        "password.changed": [
          {
            "actions": [
              {
                "type": "change",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "password.submitted": [
          {
            "target": [
              "#consolePassword.saving"
            ],
            "guard": "formValid",
            "actions": [
              "clearError"
            ]
          },
          {
            "actions": [
              "showFormErrors"
            ]
          }
        ]
      }
    },
    "saving": {
      "tags": [
        "busy",
        "saving"
      ],
      "invoke": [
        {
          "id": "0.consolePassword.saving",
          "src": "changePassword",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#consolePassword.changed"
              ],
              "actions": [
                "clearValues"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consolePassword.editing"
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
                "#consolePassword.editing"
              ],
              "guard": {
                "type": "refusedAtFields",
                "params": "(from the event)"
              },
              "actions": [
                {
                  "type": "showFieldRefusal",
                  "params": "(from the event)"
                }
              ]
            },
            {
              "target": [
                "#consolePassword.editing"
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
    "changed": {
      "description": "Changed: this session goes on, every other one of the member has ended.",
      "tags": [
        "changed"
      ],
      "on": {
        "password.changed": [
          {
            "target": [
              "#consolePassword.editing"
            ],
            "actions": [
              {
                "type": "change",
                "params": "(from the event)"
              }
            ]
          }
        ]
      }
    }
  }
})
