// console-audit: An admin reads the audit log by days, a page at a time, and exports those days as CSV.
// Generated from machines/console-audit.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const consoleAuditMachine = createMachine({
  "id": "consoleAudit",
  "description": "An admin reads the audit log by days, a page at a time, and exports those days as CSV.",
  "initial": "starting",
  "on": {
    "audit.dayChanged": [
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
        "busy",
        "loading"
      ],
      "invoke": [
        {
          "id": "0.consoleAudit.starting",
          "src": "today",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#consoleAudit.loading"
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
                "#consoleAudit.failed"
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
        "busy",
        "loading"
      ],
      "invoke": [
        {
          "id": "0.consoleAudit.loading",
          "src": "readAudit",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#consoleAudit.ready"
              ],
              "actions": [
                {
                  "type": "takeFirstPage",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consoleAudit.failed"
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
                "#consoleAudit.failed"
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
        "audit.retried": [
          {
            "target": [
              "#consoleAudit.loading"
            ],
            "guard": "hasDays",
            "actions": [
              "clearMessages"
            ]
          },
          {
            "target": [
              "#consoleAudit.starting"
            ],
            "actions": [
              "clearMessages"
            ]
          }
        ],
        "audit.applied": [
          {
            "target": [
              "#consoleAudit.loading"
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
            "audit.applied": [
              {
                "target": [
                  "#consoleAudit.loading"
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
            "audit.moreRequested": [
              {
                "target": [
                  "#consoleAudit.ready.loadingMore"
                ],
                "guard": "hasMore",
                "actions": [
                  "clearMessages"
                ]
              }
            ],
            "audit.exportRequested": [
              {
                "target": [
                  "#consoleAudit.ready.exporting"
                ],
                "guard": "mayExport",
                "actions": [
                  "clearMessages"
                ]
              }
            ]
          }
        },
        "loadingMore": {
          "tags": [
            "loadingMore"
          ],
          "invoke": [
            {
              "id": "0.consoleAudit.ready.loadingMore",
              "src": "readAudit",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#consoleAudit.ready.idle"
                  ],
                  "actions": [
                    {
                      "type": "takeNextPage",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#consoleAudit.ready.idle"
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
                    "#consoleAudit.ready.idle"
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
        "exporting": {
          "tags": [
            "exporting"
          ],
          "invoke": [
            {
              "id": "0.consoleAudit.ready.exporting",
              "src": "exportAudit",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#consoleAudit.ready.idle"
                  ],
                  "actions": [
                    "sayExported"
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#consoleAudit.ready.idle"
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
                    "#consoleAudit.ready.idle"
                  ],
                  "actions": [
                    {
                      "type": "showExportFailure",
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
