// console-sign-in: A staff member signs in with a username, a password and the code of their authenticator app.
// Generated from machines/console-sign-in.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const consoleSignInMachine = createMachine({
  "id": "consoleSignIn",
  "description": "A staff member signs in with a username, a password and the code of their authenticator app.",
  "initial": "editing",
  "states": {
    "editing": {
      "on": {
        "signIn.changed": [
          {
            "actions": [
              {
                "type": "change",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "signIn.submitted": [
          {
            "target": [
              "#consoleSignIn.signingIn"
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
    "signingIn": {
      "tags": [
        "busy",
        "signingIn"
      ],
      "invoke": [
        {
          "id": "0.consoleSignIn.signingIn",
          "src": "signIn",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#consoleSignIn.signedIn"
              ],
              "actions": [
                {
                  "type": "keepResult",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consoleSignIn.editing"
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
                "#consoleSignIn.editing"
              ],
              "actions": [
                {
                  "type": "showRefusal",
                  "params": "(from the event)"
                }
              ]
            }
          ]
        }
      ]
    },
    "signedIn": {
      "type": "final"
    }
  }
})
