// agreement: The loan agreement, read from the server: the order’s own, or the product’s before applying; or a confirmed order’s signed contract.
// Generated from machines/agreement.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const agreementMachine = createMachine({
  "id": "agreement",
  "description": "The loan agreement, read from the server: the order’s own, or the product’s before applying; or a confirmed order’s signed contract.",
  "initial": "loading",
  "states": {
    "loading": {
      "tags": [
        "busy"
      ],
      "initial": "choosing",
      "states": {
        "choosing": {
          "always": [
            {
              "target": [
                "#agreement.loading.contract"
              ],
              "guard": "isContract"
            },
            {
              "target": [
                "#agreement.loading.agreement"
              ]
            }
          ]
        },
        "agreement": {
          "invoke": [
            {
              "id": "0.agreement.loading.agreement",
              "src": "loadAgreement",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#agreement.shown"
                  ],
                  "actions": [
                    {
                      "type": "keepDocument",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#agreement.sessionEnded"
                  ],
                  "guard": "sessionEnded"
                },
                {
                  "target": [
                    "#agreement.loadFailed"
                  ],
                  "actions": [
                    "showFailure"
                  ]
                }
              ]
            }
          ]
        },
        "contract": {
          "description": "The signed contract of a confirmed order.",
          "invoke": [
            {
              "id": "0.agreement.loading.contract",
              "src": "loadContract",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#agreement.shown"
                  ],
                  "actions": [
                    {
                      "type": "keepDocument",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#agreement.sessionEnded"
                  ],
                  "guard": "sessionEnded"
                },
                {
                  "target": [
                    "#agreement.loadFailed"
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
    },
    "loadFailed": {
      "tags": [
        "loadFailed"
      ],
      "on": {
        "agreement.retried": [
          {
            "target": [
              "#agreement.loading"
            ],
            "actions": [
              "clearError"
            ]
          }
        ]
      }
    },
    "shown": {},
    "sessionEnded": {
      "type": "final",
      "entry": [
        "escalateSessionEnded"
      ]
    }
  }
})
