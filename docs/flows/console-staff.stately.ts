// console-staff: An admin adds a staff member with a role and a first password; their authenticator URI is shown once.
// Generated from machines/console-staff.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const consoleStaffMachine = createMachine({
  "id": "consoleStaff",
  "description": "An admin adds a staff member with a role and a first password; their authenticator URI is shown once.",
  "initial": "editing",
  "states": {
    "editing": {
      "on": {
        "staff.changed": [
          {
            "actions": [
              {
                "type": "change",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "staff.passwordSuggested": [
          {
            "target": [
              "#consoleStaff.suggesting"
            ],
            "actions": [
              "clearError"
            ]
          }
        ],
        "staff.submitted": [
          {
            "target": [
              "#consoleStaff.creating"
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
    "suggesting": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.consoleStaff.suggesting",
          "src": "suggestPassword",
          "onDone": [
            {
              "target": [
                "#consoleStaff.editing"
              ],
              "actions": [
                {
                  "type": "takePassword",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consoleStaff.editing"
              ],
              "actions": [
                "sayNoSuggestion"
              ]
            }
          ]
        }
      ]
    },
    "creating": {
      "tags": [
        "busy",
        "creating"
      ],
      "invoke": [
        {
          "id": "0.consoleStaff.creating",
          "src": "createStaff",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#consoleStaff.created"
              ],
              "actions": [
                {
                  "type": "keepCreated",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consoleStaff.editing"
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
                "#consoleStaff.editing"
              ],
              "guard": {
                "type": "usernameTaken",
                "params": "(from the event)"
              },
              "actions": [
                "showTaken"
              ]
            },
            {
              "target": [
                "#consoleStaff.editing"
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
                "#consoleStaff.editing"
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
    "created": {
      "description": "The new member and their authenticator URI, shown once; then another member may be added.",
      "tags": [
        "created"
      ],
      "on": {
        "staff.another": [
          {
            "target": [
              "#consoleStaff.editing"
            ],
            "actions": [
              "forgetCreated"
            ]
          }
        ]
      }
    }
  }
})
