// console-inbox: Support reads the tickets by SLA, opens one, answers it and moves its status.
// Generated from machines/console-inbox.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const consoleInboxMachine = createMachine({
  "id": "consoleInbox",
  "description": "Support reads the tickets by SLA, opens one, answers it and moves its status.",
  "initial": "starting",
  "invoke": [
    {
      "id": "pictureKeeper",
      "src": "pictureKeeper"
    }
  ],
  "states": {
    "starting": {
      "always": [
        {
          "target": [
            "#consoleInbox.reading"
          ],
          "guard": "hasTicket"
        },
        {
          "target": [
            "#consoleInbox.listing"
          ]
        }
      ]
    },
    "listing": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.consoleInbox.listing",
          "src": "readInbox",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#consoleInbox.list"
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
                "#consoleInbox.list"
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
                "#consoleInbox.list"
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
    "list": {
      "description": "The tickets of one status; choose another status, or open a ticket.",
      "on": {
        "inbox.filterChosen": [
          {
            "target": [
              "#consoleInbox.listing"
            ],
            "actions": [
              {
                "type": "chooseFilter",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "inbox.ticketOpened": [
          {
            "target": [
              "#consoleInbox.reading"
            ],
            "actions": [
              {
                "type": "chooseTicket",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "inbox.retried": [
          {
            "target": [
              "#consoleInbox.listing"
            ]
          }
        ]
      }
    },
    "reading": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.consoleInbox.reading",
          "src": "readTicket",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#consoleInbox.ticket"
              ],
              "actions": [
                {
                  "type": "takeTicket",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consoleInbox.failed"
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
                "#consoleInbox.failed"
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
      "description": "The ticket could not be read; try again or go back to the list.",
      "tags": [
        "failed"
      ],
      "on": {
        "inbox.retried": [
          {
            "target": [
              "#consoleInbox.reading"
            ],
            "guard": "hasTicket"
          }
        ],
        "inbox.ticketClosed": [
          {
            "target": [
              "#consoleInbox.listing"
            ],
            "actions": [
              {
                "type": "keepPictures",
                "params": {
                  "urls": []
                }
              },
              "closeTicket"
            ]
          }
        ]
      }
    },
    "ticket": {
      "description": "The thread; reply, move the status, look at a receipt, or go back to the list.",
      "initial": "idle",
      "on": {
        "inbox.replyChanged": [
          {
            "actions": [
              {
                "type": "changeReply",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "inbox.replySent": [
          {
            "target": [
              "#consoleInbox.replying"
            ],
            "guard": "replyValid"
          },
          {
            "actions": [
              "showReplyError"
            ]
          }
        ],
        "inbox.statusChosen": [
          {
            "target": [
              "#consoleInbox.moving"
            ],
            "guard": {
              "type": "statusAllowed",
              "params": "(from the event)"
            },
            "actions": [
              {
                "type": "chooseStatus",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "inbox.receiptOpened": [
          {
            "target": [
              "#consoleInbox.ticket.opening"
            ],
            "actions": [
              {
                "type": "keepPictures",
                "params": {
                  "urls": []
                }
              },
              {
                "type": "chooseReceipt",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "inbox.receiptClosed": [
          {
            "actions": [
              {
                "type": "keepPictures",
                "params": {
                  "urls": []
                }
              },
              "closePicture"
            ]
          }
        ],
        "inbox.pictureAdded": [
          {
            "target": [
              "#consoleInbox.ticket.reading"
            ],
            "guard": {
              "type": "pictureFits",
              "params": "(from the event)"
            },
            "actions": [
              {
                "type": "choosePicture",
                "params": "(from the event)"
              }
            ]
          },
          {
            "actions": [
              {
                "type": "refusePicture",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "inbox.pictureRemoved": [
          {
            "actions": [
              {
                "type": "dropPicture",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "inbox.ticketClosed": [
          {
            "target": [
              "#consoleInbox.listing"
            ],
            "actions": [
              {
                "type": "keepPictures",
                "params": {
                  "urls": []
                }
              },
              "closeTicket"
            ]
          }
        ]
      },
      "states": {
        "idle": {},
        "reading": {
          "invoke": [
            {
              "id": "0.consoleInbox.ticket.reading",
              "src": "readPicture",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#consoleInbox.ticket.idle"
                  ],
                  "actions": [
                    {
                      "type": "keepPicture",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#consoleInbox.ticket.idle"
                  ],
                  "actions": [
                    "unreadablePicture"
                  ]
                }
              ]
            }
          ]
        },
        "opening": {
          "invoke": [
            {
              "id": "0.consoleInbox.ticket.opening",
              "src": "readTicketFile",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#consoleInbox.ticket.idle"
                  ],
                  "actions": [
                    {
                      "type": "showPicture",
                      "params": "(from the event)"
                    },
                    {
                      "type": "keepPictures",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#consoleInbox.ticket.idle"
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
                    "#consoleInbox.ticket.idle"
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
    },
    "replying": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.consoleInbox.replying",
          "src": "replyToTicket",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#consoleInbox.reading"
              ],
              "actions": [
                "markAnswered"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consoleInbox.ticket"
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
                "#consoleInbox.ticket"
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
    "moving": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.consoleInbox.moving",
          "src": "moveTicket",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#consoleInbox.reading"
              ],
              "actions": [
                "markMoved"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consoleInbox.ticket"
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
                "#consoleInbox.ticket"
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
})
