// submit: A form: values drafted on every change, checked, sent once, then saved or failed.
// Generated from machines/submit.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const submitMachine = createMachine({
  "id": "submit",
  "description": "A form: values drafted on every change, checked, sent once, then saved or failed.",
  "initial": "idle",
  "invoke": [
    {
      "id": "draftStore",
      "src": "draftStore",
      "input": "(from the event)"
    }
  ],
  "states": {
    "idle": {
      "tags": [
        "canSubmit"
      ],
      "on": {
        "draft.restored": [
          {
            "actions": [
              "restoreDraft"
            ]
          }
        ],
        "form.changed": [
          {
            "actions": [
              "changeValues",
              "saveDraft"
            ]
          }
        ],
        "form.submitted": [
          {
            "guard": "valuesInvalid",
            "actions": [
              "showSchemaErrors"
            ]
          },
          {
            "guard": "reviewFirst",
            "actions": [
              "announceReady"
            ]
          },
          {
            "target": [
              "#submit.submitting"
            ],
            "actions": [
              "clearErrors"
            ]
          }
        ],
        "form.confirmed": [
          {
            "guard": "valuesInvalid",
            "actions": [
              "showSchemaErrors",
              "tellRefused"
            ]
          },
          {
            "target": [
              "#submit.submitting"
            ],
            "actions": [
              "clearErrors"
            ]
          }
        ]
      }
    },
    "submitting": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.submit.submitting",
          "src": "submit",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#submit.saved"
              ],
              "actions": [
                {
                  "type": "keepData",
                  "params": "(from the event)"
                },
                "clearDraft"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#submit.sessionEnded"
              ],
              "guard": "sessionEnded"
            },
            {
              "target": [
                "#submit.failed"
              ],
              "guard": "invalid",
              "actions": [
                "showServerFieldErrors"
              ]
            },
            {
              "target": [
                "#submit.failed"
              ],
              "actions": [
                "showFailure"
              ]
            }
          ]
        }
      ]
    },
    "failed": {
      "description": "The submit failed; the values and their draft are kept so the borrower can correct or retry.",
      "tags": [
        "canSubmit",
        "failed"
      ],
      "on": {
        "form.changed": [
          {
            "target": [
              "#submit.idle"
            ],
            "actions": [
              "changeValues",
              "saveDraft"
            ]
          }
        ],
        "form.submitted": [
          {
            "target": [
              "#submit.idle"
            ],
            "guard": "valuesInvalid",
            "actions": [
              "showSchemaErrors"
            ]
          },
          {
            "target": [
              "#submit.idle"
            ],
            "guard": "reviewFirst",
            "actions": [
              "announceReady"
            ]
          },
          {
            "target": [
              "#submit.submitting"
            ],
            "actions": [
              "clearErrors"
            ]
          }
        ],
        "form.confirmed": [
          {
            "target": [
              "#submit.idle"
            ],
            "guard": "valuesInvalid",
            "actions": [
              "showSchemaErrors",
              "tellRefused"
            ]
          },
          {
            "target": [
              "#submit.submitting"
            ],
            "actions": [
              "clearErrors"
            ]
          }
        ]
      }
    },
    "saved": {
      "type": "final"
    },
    "sessionEnded": {
      "type": "final",
      "description": "The server ended the session (spec §8); the parent logs out.",
      "entry": [
        "escalateSessionEnded"
      ]
    }
  }
})
