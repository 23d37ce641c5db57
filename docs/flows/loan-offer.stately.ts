// loan-offer: The amounts, tenures and pricing terms the borrower may choose from, priced on the phone.
// Generated from machines/loan-offer.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const loanOfferMachine = createMachine({
  "id": "loanOffer",
  "description": "The amounts, tenures and pricing terms the borrower may choose from, priced on the phone.",
  "initial": "loading",
  "invoke": [
    {
      "id": "0.loanOffer",
      "src": "loadProducts",
      "onDone": [
        {
          "actions": [
            {
              "type": "keepProducts",
              "params": "(from the event)"
            }
          ]
        }
      ],
      "onError": [
        {
          "target": [
            "#loanOffer.sessionEnded"
          ],
          "guard": {
            "type": "errorEndsSession",
            "params": "(from the event)"
          }
        },
        {}
      ]
    },
    {
      "id": "1.loanOffer",
      "src": "loadCredit",
      "onDone": [
        {
          "actions": [
            {
              "type": "keepCredit",
              "params": "(from the event)"
            }
          ]
        }
      ],
      "onError": [
        {
          "target": [
            "#loanOffer.sessionEnded"
          ],
          "guard": {
            "type": "errorEndsSession",
            "params": "(from the event)"
          }
        },
        {}
      ]
    }
  ],
  "on": {
    "offer.productChosen": [
      {
        "target": [
          "#loanOffer.loading"
        ],
        "guard": "otherProduct",
        "actions": [
          "chooseProduct"
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
          "id": "0.loanOffer.loading",
          "src": "loadOffer",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#loanOffer.ready"
              ],
              "actions": [
                {
                  "type": "keepOffer",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#loanOffer.sessionEnded"
              ],
              "guard": "sessionEnded"
            },
            {
              "target": [
                "#loanOffer.loadFailed"
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
        "offer.retried": [
          {
            "target": [
              "#loanOffer.loading"
            ],
            "actions": [
              "clearError"
            ]
          }
        ]
      }
    },
    "ready": {
      "description": "The amount stepper and tenure chips; each choice is quoted by the pricing engine."
    },
    "sessionEnded": {
      "type": "final",
      "entry": [
        "escalateSessionEnded"
      ]
    }
  }
})
