// order-watch: Reads the latest order with a back-off while a screen waits on the server; ends when it changed.
// Generated from machines/order-watch.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const orderWatchMachine = createMachine({
  "id": "orderWatch",
  "description": "Reads the latest order with a back-off while a screen waits on the server; ends when it changed.",
  "initial": "deciding",
  "states": {
    "deciding": {
      "always": [
        {
          "target": [
            "#orderWatch.watching"
          ],
          "guard": "awaited"
        },
        {
          "target": [
            "#orderWatch.idle"
          ]
        }
      ]
    },
    "idle": {
      "description": "No order, or one whose status the server does not move by itself: nothing to follow."
    },
    "watching": {
      "tags": [
        "watching"
      ],
      "initial": "waiting",
      "on": {
        "app.backgrounded": [
          {
            "target": [
              "#orderWatch.paused"
            ]
          }
        ],
        "app.foregrounded": [
          {
            "target": [
              "#orderWatch.watching.reading"
            ],
            "actions": [
              "restartBackOff"
            ],
            "reenter": true
          }
        ]
      },
      "states": {
        "waiting": {
          "entry": [
            "xstate.raise"
          ],
          "exit": [
            "xstate.cancel"
          ],
          "after": {
            "nextReading": [
              {
                "target": [
                  "#orderWatch.watching.reading"
                ]
              }
            ]
          }
        },
        "reading": {
          "invoke": [
            {
              "id": "0.orderWatch.watching.reading",
              "src": "fetchLatestOrder",
              "onDone": [
                {
                  "target": [
                    "#orderWatch.changed"
                  ],
                  "guard": {
                    "type": "changed",
                    "params": "(from the event)"
                  },
                  "actions": [
                    {
                      "type": "keepReading",
                      "params": "(from the event)"
                    }
                  ]
                },
                {
                  "target": [
                    "#orderWatch.watching.waiting"
                  ],
                  "actions": [
                    "countReading"
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#orderWatch.sessionEnded"
                  ],
                  "guard": "sessionEnded"
                },
                {
                  "target": [
                    "#orderWatch.failed"
                  ],
                  "guard": "gaveUp",
                  "actions": [
                    "countFailure",
                    "showFailure"
                  ]
                },
                {
                  "target": [
                    "#orderWatch.watching.waiting"
                  ],
                  "actions": [
                    "countFailure"
                  ]
                }
              ]
            }
          ]
        }
      }
    },
    "paused": {
      "description": "The app is in the background: no reading until it comes back, then one at once.",
      "tags": [
        "paused"
      ],
      "on": {
        "app.foregrounded": [
          {
            "target": [
              "#orderWatch.watching.reading"
            ],
            "actions": [
              "restartBackOff"
            ]
          }
        ]
      }
    },
    "failed": {
      "description": "Several readings in a row failed: the screen says so and offers to check again.",
      "tags": [
        "watchFailed"
      ],
      "on": {
        "orderWatch.retried": [
          {
            "target": [
              "#orderWatch.watching.reading"
            ],
            "actions": [
              "restartBackOff"
            ]
          }
        ],
        "app.foregrounded": [
          {
            "target": [
              "#orderWatch.watching.reading"
            ],
            "actions": [
              "restartBackOff"
            ]
          }
        ]
      }
    },
    "changed": {
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
