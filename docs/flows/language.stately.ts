// language: The interface language the borrower chose, kept on the phone.
// Generated from machines/language.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const languageMachine = createMachine({
  "id": "language",
  "description": "The interface language the borrower chose, kept on the phone.",
  "initial": "loading",
  "on": {
    "language.chosen": [
      {
        "target": [
          "#language.saving"
        ],
        "guard": "otherLanguage",
        "actions": [
          "choose"
        ]
      }
    ]
  },
  "states": {
    "loading": {
      "invoke": [
        {
          "id": "0.language.loading",
          "src": "loadLanguage",
          "onDone": [
            {
              "target": [
                "#language.ready"
              ],
              "actions": [
                {
                  "type": "keepStored",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#language.ready"
              ]
            }
          ]
        }
      ]
    },
    "ready": {},
    "saving": {
      "description": "Stored at once; a phone that refuses the write keeps the choice for this visit.",
      "invoke": [
        {
          "id": "0.language.saving",
          "src": "saveLanguage",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#language.ready"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#language.ready"
              ]
            }
          ]
        }
      ]
    }
  }
})
