// app-rating: Asks the shell for its review card after a repaid loan, at most once every 30 days.
// Generated from machines/app-rating.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const appRatingMachine = createMachine({
  "id": "appRating",
  "description": "Asks the shell for its review card after a repaid loan, at most once every 30 days.",
  "initial": "loading",
  "states": {
    "loading": {
      "invoke": [
        {
          "id": "0.appRating.loading",
          "src": "loadRecord",
          "onDone": [
            {
              "target": [
                "#appRating.idle"
              ],
              "actions": [
                {
                  "type": "keepRecord",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#appRating.idle"
              ]
            }
          ]
        }
      ]
    },
    "idle": {
      "on": {
        "order.seen": [
          {
            "target": [
              "#appRating.saving"
            ],
            "guard": "rejected",
            "actions": [
              "rememberRejection"
            ]
          },
          {
            "target": [
              "#appRating.asking"
            ],
            "guard": "promptDue",
            "actions": [
              "considerOrder"
            ]
          }
        ]
      }
    },
    "asking": {
      "description": "The server keeps the same 30 days (across reinstalls and phones) and may say not now.",
      "invoke": [
        {
          "id": "0.appRating.asking",
          "src": "askServer",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#appRating.waiting"
              ],
              "guard": {
                "type": "serverAgrees",
                "params": "(from the event)"
              }
            },
            {
              "target": [
                "#appRating.idle"
              ],
              "actions": [
                "forgetCandidate"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#appRating.idle"
              ],
              "guard": "sessionEnded",
              "actions": [
                "forgetCandidate",
                "escalateSessionEnded"
              ]
            },
            {
              "target": [
                "#appRating.idle"
              ],
              "actions": [
                "forgetCandidate"
              ]
            }
          ]
        }
      ]
    },
    "waiting": {
      "description": "A moment, so the card does not cover the screen that says the loan is repaid.",
      "entry": [
        "xstate.raise"
      ],
      "exit": [
        "xstate.cancel"
      ],
      "after": {
        "promptDelay": [
          {
            "target": [
              "#appRating.prompting"
            ]
          }
        ]
      }
    },
    "prompting": {
      "tags": [
        "prompting"
      ],
      "invoke": [
        {
          "id": "0.appRating.prompting",
          "src": "requestReview",
          "onDone": [
            {
              "target": [
                "#appRating.recording"
              ],
              "guard": {
                "type": "shown",
                "params": "(from the event)"
              },
              "actions": [
                "rememberPrompt"
              ]
            },
            {
              "target": [
                "#appRating.idle"
              ],
              "actions": [
                "forgetCandidate"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#appRating.idle"
              ],
              "actions": [
                "forgetCandidate"
              ]
            }
          ]
        }
      ]
    },
    "recording": {
      "invoke": [
        {
          "id": "0.appRating.recording",
          "src": "recordShown",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#appRating.saving"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#appRating.saving"
              ]
            }
          ]
        }
      ]
    },
    "saving": {
      "description": "The record is kept on the phone (popEvaluateTime).",
      "entry": [
        "forgetCandidate"
      ],
      "invoke": [
        {
          "id": "0.appRating.saving",
          "src": "saveRecord",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#appRating.idle"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#appRating.idle"
              ]
            }
          ]
        }
      ]
    }
  }
})
