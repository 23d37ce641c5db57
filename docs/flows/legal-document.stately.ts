// legal-document: A public legal text (privacy policy, terms of service) read from the server.
// Generated from machines/legal-document.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const legalDocumentMachine = createMachine({
  "id": "legalDocument",
  "description": "A public legal text (privacy policy, terms of service) read from the server.",
  "initial": "loading",
  "states": {
    "loading": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.legalDocument.loading",
          "src": "loadLegalDocument",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#legalDocument.shown"
              ],
              "actions": [
                {
                  "type": "keep",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#legalDocument.loadFailed"
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
    "loadFailed": {
      "tags": [
        "loadFailed"
      ],
      "on": {
        "document.retried": [
          {
            "target": [
              "#legalDocument.loading"
            ]
          }
        ]
      }
    },
    "shown": {}
  }
})
