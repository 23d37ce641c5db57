// permission: The permission disclosure: what each permission is for, then the phone’s own dialogs on accept.
// Generated from machines/permission.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const permissionMachine = createMachine({
  "id": "permission",
  "description": "The permission disclosure: what each permission is for, then the phone’s own dialogs on accept.",
  "initial": "recalling",
  "states": {
    "recalling": {
      "description": "Whether the disclosure was accepted on this device; the /pop prompt then is not shown again.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.permission.recalling",
          "src": "recallAcceptance",
          "onDone": [
            {
              "target": [
                "#permission.done"
              ],
              "guard": {
                "type": "alreadyAccepted",
                "params": "(from the event)"
              },
              "actions": [
                {
                  "type": "keepAcceptance",
                  "params": "(from the event)"
                },
                {
                  "type": "decide",
                  "params": {
                    "outcome": "accepted"
                  }
                }
              ]
            },
            {
              "target": [
                "#permission.readingPolicy"
              ],
              "actions": [
                {
                  "type": "keepAcceptance",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#permission.readingPolicy"
              ]
            }
          ]
        }
      ]
    },
    "readingPolicy": {
      "description": "The server's data policy for the borrower's country: which permissions are required.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.permission.readingPolicy",
          "src": "readPolicy",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#permission.reading"
              ],
              "actions": [
                {
                  "type": "takePolicy",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#permission.policyUnknown"
              ],
              "actions": [
                {
                  "type": "showPolicyFailure",
                  "params": "(from the event)"
                }
              ]
            }
          ]
        }
      ]
    },
    "policyUnknown": {
      "description": "The policy could not be read: the list is not shown (nothing is accepted blind); try again or not now.",
      "tags": [
        "policyUnknown"
      ],
      "on": {
        "permissions.retried": [
          {
            "target": [
              "#permission.readingPolicy"
            ],
            "actions": [
              "clearError"
            ]
          }
        ],
        "permissions.declined": [
          {
            "target": [
              "#permission.done"
            ],
            "actions": [
              {
                "type": "decide",
                "params": {
                  "outcome": "declined"
                }
              }
            ]
          }
        ]
      }
    },
    "reading": {
      "description": "Reads the current answers without asking; a phone that cannot say leaves them unknown.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.permission.reading",
          "src": "queryPermissions",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#permission.shown"
              ],
              "actions": [
                {
                  "type": "takeStates",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#permission.shown"
              ]
            }
          ]
        }
      ]
    },
    "shown": {
      "on": {
        "permissions.accepted": [
          {
            "target": [
              "#permission.asking"
            ],
            "actions": [
              "clearError"
            ]
          }
        ],
        "permissions.declined": [
          {
            "target": [
              "#permission.done"
            ],
            "actions": [
              {
                "type": "decide",
                "params": {
                  "outcome": "declined"
                }
              }
            ]
          }
        ]
      }
    },
    "asking": {
      "description": "The phone's dialogs for every permission the app uses in the borrower's country.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.permission.asking",
          "src": "requestPermissions",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#permission.remembering"
              ],
              "actions": [
                {
                  "type": "takeStates",
                  "params": "(from the event)"
                },
                {
                  "type": "decide",
                  "params": {
                    "outcome": "accepted"
                  }
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#permission.shown"
              ],
              "actions": [
                "showFailure"
              ]
            }
          ]
        }
      ]
    },
    "remembering": {
      "description": "Keeps the acceptance on the device; a phone that refuses the write goes on all the same.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.permission.remembering",
          "src": "rememberAcceptance",
          "onDone": [
            {
              "target": [
                "#permission.done"
              ],
              "actions": [
                {
                  "type": "keepAcceptance",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#permission.done"
              ]
            }
          ]
        }
      ]
    },
    "done": {
      "type": "final"
    }
  }
})
