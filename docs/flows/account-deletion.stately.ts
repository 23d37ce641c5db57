// account-deletion: Delete the account: never while a loan is open; one reason and an SMS code.
// Generated from machines/account-deletion.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const accountDeletionMachine = createMachine({
  "id": "accountDeletion",
  "description": "Delete the account: never while a loan is open; one reason and an SMS code.",
  "initial": "start",
  "states": {
    "start": {
      "always": [
        {
          "target": [
            "#accountDeletion.refused"
          ],
          "guard": "loanOpen",
          "actions": [
            "showLoanOpen"
          ]
        },
        {
          "target": [
            "#accountDeletion.editing"
          ]
        }
      ]
    },
    "refused": {
      "description": "A loan is open (any status but 4, 8, 9): the account stays until it is repaid or closed.",
      "tags": [
        "refused"
      ],
      "on": {
        "deletion.dismissed": [
          {
            "target": [
              "#accountDeletion.dismissed"
            ]
          }
        ]
      }
    },
    "editing": {
      "type": "parallel",
      "on": {
        "deletion.dismissed": [
          {
            "target": [
              "#accountDeletion.dismissed"
            ]
          }
        ]
      },
      "states": {
        "code": {
          "description": "The SMS code to the login number; another only after the server says so.",
          "initial": "idle",
          "states": {
            "idle": {
              "tags": [
                "canRequestCode"
              ],
              "on": {
                "code.requested": [
                  {
                    "target": [
                      "#accountDeletion.editing.code.sending"
                    ]
                  }
                ]
              }
            },
            "sending": {
              "tags": [
                "busy",
                "sendingCode"
              ],
              "invoke": [
                {
                  "id": "0.accountDeletion.editing.code.sending",
                  "src": "sendDeletionCode",
                  "onDone": [
                    {
                      "target": [
                        "#accountDeletion.editing.code.coolingDown"
                      ],
                      "actions": [
                        {
                          "type": "keepCodeSent",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#accountDeletion.sessionEnded"
                      ],
                      "guard": "sessionEnded"
                    },
                    {
                      "target": [
                        "#accountDeletion.editing.code.idle"
                      ],
                      "actions": [
                        "showFailure"
                      ]
                    }
                  ]
                }
              ]
            },
            "coolingDown": {
              "entry": [
                "xstate.raise"
              ],
              "exit": [
                "xstate.cancel"
              ],
              "after": {
                "resendCooldown": [
                  {
                    "target": [
                      "#accountDeletion.editing.code.idle"
                    ]
                  }
                ]
              }
            }
          }
        },
        "form": {
          "initial": "filling",
          "states": {
            "filling": {
              "tags": [
                "canSubmit"
              ],
              "on": {
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
                "code.changed": [
                  {
                    "actions": [
                      "changeCode"
                    ]
                  }
                ],
                "deletion.submitted": [
                  {
                    "target": [
                      "#accountDeletion.editing.form.deleting"
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
            "deleting": {
              "tags": [
                "busy",
                "deleting"
              ],
              "invoke": [
                {
                  "id": "0.accountDeletion.editing.form.deleting",
                  "src": "deleteAccount",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#accountDeletion.deleted"
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#accountDeletion.sessionEnded"
                      ],
                      "guard": "sessionEnded"
                    },
                    {
                      "target": [
                        "#accountDeletion.refused"
                      ],
                      "guard": "loanOpenOnServer",
                      "actions": [
                        "showLoanOpen"
                      ]
                    },
                    {
                      "target": [
                        "#accountDeletion.editing.form.filling"
                      ],
                      "guard": "invalid",
                      "actions": [
                        "showServerFieldErrors"
                      ]
                    },
                    {
                      "target": [
                        "#accountDeletion.editing.form.filling"
                      ],
                      "actions": [
                        "showFailure"
                      ]
                    }
                  ]
                }
              ]
            }
          }
        }
      }
    },
    "deleted": {
      "type": "final"
    },
    "dismissed": {
      "type": "final"
    },
    "sessionEnded": {
      "type": "final",
      "entry": [
        "escalateSessionEnded"
      ]
    }
  }
})
