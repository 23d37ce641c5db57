// console-books: Finance reads the books check, the settlement and the daily totals by UTC days, exports them, and resolves receipts in suspense.
// Generated from machines/console-books.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const consoleBooksMachine = createMachine({
  "id": "consoleBooks",
  "description": "Finance reads the books check, the settlement and the daily totals by UTC days, exports them, and resolves receipts in suspense.",
  "initial": "starting",
  "on": {
    "books.dayChanged": [
      {
        "actions": [
          {
            "type": "changeDay",
            "params": "(from the event)"
          }
        ]
      }
    ]
  },
  "states": {
    "starting": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.consoleBooks.starting",
          "src": "today",
          "input": {
            "timeZone": "UTC"
          },
          "onDone": [
            {
              "target": [
                "#consoleBooks.loading"
              ],
              "actions": [
                {
                  "type": "startDays",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consoleBooks.failed"
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
    "loading": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.consoleBooks.loading",
          "src": "readBooks",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#consoleBooks.ready"
              ],
              "actions": [
                {
                  "type": "takePage",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consoleBooks.failed"
              ],
              "guard": {
                "type": "sessionEnded",
                "params": "(from the event)"
              },
              "actions": [
                "reportSessionEnded"
              ]
            },
            {
              "target": [
                "#consoleBooks.failed"
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
    "failed": {
      "tags": [
        "failed"
      ],
      "on": {
        "books.retried": [
          {
            "target": [
              "#consoleBooks.loading"
            ],
            "guard": "hasDays",
            "actions": [
              "clearMessages"
            ]
          },
          {
            "target": [
              "#consoleBooks.starting"
            ],
            "actions": [
              "clearMessages"
            ]
          }
        ],
        "books.applied": [
          {
            "target": [
              "#consoleBooks.loading"
            ],
            "guard": "daysValid",
            "actions": [
              "applyDays"
            ]
          },
          {
            "actions": [
              "showDayErrors"
            ]
          }
        ]
      }
    },
    "ready": {
      "initial": "idle",
      "states": {
        "idle": {
          "on": {
            "books.applied": [
              {
                "target": [
                  "#consoleBooks.loading"
                ],
                "guard": "daysValid",
                "actions": [
                  "applyDays"
                ]
              },
              {
                "actions": [
                  "showDayErrors"
                ]
              }
            ],
            "books.exportRequested": [
              {
                "target": [
                  "#consoleBooks.ready.exporting"
                ],
                "actions": [
                  "clearMessages",
                  {
                    "type": "chooseReport",
                    "params": "(from the event)"
                  }
                ]
              }
            ],
            "books.resolveChosen": [
              {
                "target": [
                  "#consoleBooks.ready.resolving"
                ],
                "guard": {
                  "type": "mayResolve",
                  "params": "(from the event)"
                },
                "actions": [
                  {
                    "type": "chooseReceipt",
                    "params": "(from the event)"
                  }
                ]
              }
            ]
          }
        },
        "resolving": {
          "description": "A receipt in suspense: applied to an order, or paid back by hand; with a note.",
          "tags": [
            "resolving"
          ],
          "on": {
            "books.resolveChanged": [
              {
                "actions": [
                  {
                    "type": "changeResolve",
                    "params": "(from the event)"
                  }
                ]
              }
            ],
            "books.resolveConfirmed": [
              {
                "target": [
                  "#consoleBooks.ready.sendingResolution"
                ],
                "guard": "resolveValid"
              },
              {
                "actions": [
                  "showResolveErrors"
                ]
              }
            ],
            "books.resolveDismissed": [
              {
                "target": [
                  "#consoleBooks.ready.idle"
                ],
                "actions": [
                  "forgetReceipt"
                ]
              }
            ]
          }
        },
        "sendingResolution": {
          "tags": [
            "resolving"
          ],
          "invoke": [
            {
              "id": "0.consoleBooks.ready.sendingResolution",
              "src": "resolveSuspense",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#consoleBooks.loading"
                  ],
                  "actions": [
                    "sayResolved"
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#consoleBooks.ready.resolving"
                  ],
                  "guard": {
                    "type": "sessionEnded",
                    "params": "(from the event)"
                  },
                  "actions": [
                    "reportSessionEnded"
                  ]
                },
                {
                  "target": [
                    "#consoleBooks.ready.resolving"
                  ],
                  "actions": [
                    {
                      "type": "showResolveRefusal",
                      "params": "(from the event)"
                    }
                  ]
                }
              ]
            }
          ]
        },
        "exporting": {
          "tags": [
            "exporting"
          ],
          "invoke": [
            {
              "id": "0.consoleBooks.ready.exporting",
              "src": "exportBooks",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#consoleBooks.ready.idle"
                  ],
                  "actions": [
                    "sayExported"
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#consoleBooks.ready.idle"
                  ],
                  "guard": {
                    "type": "sessionEnded",
                    "params": "(from the event)"
                  },
                  "actions": [
                    "reportSessionEnded"
                  ]
                },
                {
                  "target": [
                    "#consoleBooks.ready.idle"
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
        }
      }
    }
  }
})
