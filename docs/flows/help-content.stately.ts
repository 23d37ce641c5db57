// help-content: A public text of the user centre (FAQ, questions before a ticket, download address), read once.
// Generated from machines/help-content.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const helpContentMachine = createMachine({
  "id": "helpContent",
  "description": "A public text of the user centre (FAQ, questions before a ticket, download address), read once.",
  "initial": "choosing",
  "states": {
    "choosing": {
      "always": [
        {
          "target": [
            "#helpContent.loadingFaq"
          ],
          "guard": {
            "type": "kindIs",
            "params": {
              "kind": "faq"
            }
          }
        },
        {
          "target": [
            "#helpContent.loadingQuestions"
          ],
          "guard": {
            "type": "kindIs",
            "params": {
              "kind": "questions"
            }
          }
        },
        {
          "target": [
            "#helpContent.loadingDownloadAddress"
          ]
        }
      ]
    },
    "loadingFaq": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.helpContent.loadingFaq",
          "src": "loadFaq",
          "onDone": [
            {
              "target": [
                "#helpContent.shown"
              ],
              "actions": [
                {
                  "type": "keepFaq",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#helpContent.loadFailed"
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
    "loadingQuestions": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.helpContent.loadingQuestions",
          "src": "loadQuestions",
          "onDone": [
            {
              "target": [
                "#helpContent.shown"
              ],
              "actions": [
                {
                  "type": "keepQuestions",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#helpContent.loadFailed"
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
    "loadingDownloadAddress": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.helpContent.loadingDownloadAddress",
          "src": "loadDownloadAddress",
          "onDone": [
            {
              "target": [
                "#helpContent.shown"
              ],
              "actions": [
                {
                  "type": "keepDownload",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#helpContent.loadFailed"
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
      "description": "The call failed (offline, timeout): the screen offers a retry.",
      "tags": [
        "loadFailed"
      ],
      "on": {
        "content.retried": [
          {
            "target": [
              "#helpContent.choosing"
            ]
          }
        ]
      }
    },
    "shown": {}
  }
})
