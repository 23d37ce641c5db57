// feedback-ticket: The borrower's feedback tickets: list, a new ticket with receipts, a ticket's thread and rating.
// Generated from machines/feedback-ticket.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const feedbackTicketMachine = createMachine({
  "id": "feedbackTicket",
  "description": "The borrower's feedback tickets: list, a new ticket with receipts, a ticket's thread and rating.",
  "initial": "list",
  "states": {
    "list": {
      "description": "feedback_list: the tickets a page at a time, and the red dot of unread replies.",
      "initial": "loading",
      "invoke": [
        {
          "id": "0.feedbackTicket.list",
          "src": "loadRedDot",
          "onDone": [
            {
              "actions": [
                {
                  "type": "keepRedDot",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {}
          ]
        }
      ],
      "on": {
        "ticket.opened": [
          {
            "target": [
              "#feedbackTicket.detail"
            ],
            "actions": [
              {
                "type": "chooseTicket",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "ticket.started": [
          {
            "target": [
              "#feedbackTicket.composing"
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
              "id": "0.feedbackTicket.list.loading",
              "src": "loadTickets",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#feedbackTicket.list.shown"
                  ],
                  "actions": [
                    {
                      "type": "keepPage",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#feedbackTicket.list.signedOut"
                  ],
                  "guard": "neverSignedIn"
                },
                {
                  "target": [
                    "#feedbackTicket.sessionEnded"
                  ],
                  "guard": "sessionEnded"
                },
                {
                  "target": [
                    "#feedbackTicket.list.loadFailed"
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
            "tickets.refreshed": [
              {
                "target": [
                  "#feedbackTicket.list.loading"
                ],
                "actions": [
                  "startOver",
                  "clearError"
                ]
              }
            ]
          }
        },
        "signedOut": {
          "description": "No session at all (the questions before a ticket are open to anyone): nothing to list, and no session that ended. Writing a ticket still starts here; the journey asks for login first."
        },
        "shown": {
          "on": {
            "tickets.more": [
              {
                "target": [
                  "#feedbackTicket.list.loading"
                ],
                "guard": "moreToLoad"
              }
            ],
            "tickets.refreshed": [
              {
                "target": [
                  "#feedbackTicket.list.loading"
                ],
                "actions": [
                  "startOver"
                ]
              }
            ]
          }
        }
      }
    },
    "composing": {
      "type": "parallel",
      "description": "add_feedback: the form (a submit child with a draft) and the receipts, uploaded as they are added.",
      "invoke": [
        {
          "id": "ticketForm",
          "src": "ticketForm",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#feedbackTicket.created"
              ],
              "guard": {
                "type": "formSaved",
                "params": "(from the event)"
              },
              "actions": [
                {
                  "type": "keepCreated",
                  "params": "(from the event)"
                }
              ]
            },
            {
              "target": [
                "#feedbackTicket.sessionEnded"
              ]
            }
          ]
        }
      ],
      "on": {
        "composing.cancelled": [
          {
            "target": [
              "#feedbackTicket.list"
            ],
            "actions": [
              "forgetComposition"
            ]
          }
        ]
      },
      "states": {
        "form": {
          "initial": "editing",
          "states": {
            "editing": {
              "tags": [
                "canSubmit"
              ],
              "on": {
                "ticket.submitted": [
                  {
                    "guard": "receiptsSettled",
                    "actions": [
                      "clearError",
                      "sendTicket"
                    ]
                  },
                  {
                    "actions": [
                      "showReceiptsUploading"
                    ]
                  }
                ]
              }
            }
          }
        },
        "receipts": {
          "description": "One receipt at a time: compress, then upload with its progress.",
          "initial": "idle",
          "on": {
            "receipt.added": [
              {
                "guard": {
                  "type": "receiptAcceptable",
                  "params": "(from the event)"
                },
                "actions": [
                  {
                    "type": "addReceipt",
                    "params": "(from the event)"
                  }
                ]
              },
              {
                "actions": [
                  {
                    "type": "refuseReceipt",
                    "params": "(from the event)"
                  }
                ]
              }
            ],
            "receipt.removed": [
              {
                "target": [
                  "#feedbackTicket.composing.receipts.idle"
                ],
                "guard": {
                  "type": "currentRemoved",
                  "params": "(from the event)"
                },
                "actions": [
                  {
                    "type": "removeReceipt",
                    "params": "(from the event)"
                  }
                ],
                "reenter": true
              },
              {
                "actions": [
                  {
                    "type": "removeReceipt",
                    "params": "(from the event)"
                  }
                ]
              }
            ],
            "receipt.retried": [
              {
                "guard": {
                  "type": "receiptFailed",
                  "params": "(from the event)"
                },
                "actions": [
                  {
                    "type": "retryReceipt",
                    "params": "(from the event)"
                  }
                ]
              }
            ],
            "receipt.progressed": [
              {
                "actions": [
                  {
                    "type": "showProgress",
                    "params": "(from the event)"
                  }
                ]
              }
            ]
          },
          "states": {
            "idle": {
              "always": [
                {
                  "target": [
                    "#feedbackTicket.composing.receipts.compressing"
                  ],
                  "guard": "receiptQueued",
                  "actions": [
                    "startNextReceipt"
                  ]
                }
              ]
            },
            "compressing": {
              "tags": [
                "uploading"
              ],
              "invoke": [
                {
                  "id": "0.feedbackTicket.composing.receipts.compressing",
                  "src": "compressReceipt",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#feedbackTicket.composing.receipts.uploading"
                      ],
                      "actions": [
                        {
                          "type": "keepCompressed",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#feedbackTicket.composing.receipts.uploading"
                      ],
                      "actions": [
                        "uploadAsChosen"
                      ]
                    }
                  ]
                }
              ]
            },
            "uploading": {
              "tags": [
                "uploading"
              ],
              "invoke": [
                {
                  "id": "0.feedbackTicket.composing.receipts.uploading",
                  "src": "uploadReceipt",
                  "input": "(from the event)"
                }
              ],
              "on": {
                "receipt.uploaded": [
                  {
                    "target": [
                      "#feedbackTicket.composing.receipts.idle"
                    ],
                    "actions": [
                      {
                        "type": "keepUploaded",
                        "params": "(from the event)"
                      }
                    ]
                  }
                ],
                "receipt.failed": [
                  {
                    "target": [
                      "#feedbackTicket.composing.receipts.idle"
                    ],
                    "actions": [
                      {
                        "type": "markFailed",
                        "params": "(from the event)"
                      }
                    ]
                  }
                ]
              }
            }
          }
        }
      }
    },
    "created": {
      "description": "feedback_result: the ticket was opened.",
      "tags": [
        "created"
      ],
      "on": {
        "result.acknowledged": [
          {
            "target": [
              "#feedbackTicket.list"
            ],
            "actions": [
              "startOver"
            ]
          }
        ]
      }
    },
    "detail": {
      "description": "feedbackDetail: one ticket and its thread (its latest page first); a message box with images while it is open, the rating once resolved.",
      "initial": "loading",
      "on": {
        "detail.closed": [
          {
            "target": [
              "#feedbackTicket.list"
            ],
            "actions": [
              "startOver"
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
              "id": "0.feedbackTicket.detail.loading",
              "src": "loadTicket",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#feedbackTicket.detail.loadingThread"
                  ],
                  "actions": [
                    {
                      "type": "keepTicket",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#feedbackTicket.sessionEnded"
                  ],
                  "guard": "sessionEnded"
                },
                {
                  "target": [
                    "#feedbackTicket.detail.loadFailed"
                  ],
                  "actions": [
                    "showFailure"
                  ]
                }
              ]
            }
          ]
        },
        "loadingThread": {
          "description": "The thread's first page; a longer thread is shown from its latest page.",
          "tags": [
            "busy"
          ],
          "invoke": [
            {
              "id": "0.feedbackTicket.detail.loadingThread",
              "src": "loadMessages",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#feedbackTicket.detail.loadingLatest"
                  ],
                  "guard": {
                    "type": "threadLonger",
                    "params": "(from the event)"
                  },
                  "actions": [
                    {
                      "type": "aimAtLatestPage",
                      "params": "(from the event)"
                    }
                  ]
                },
                {
                  "target": [
                    "#feedbackTicket.detail.shown"
                  ],
                  "actions": [
                    {
                      "type": "keepThread",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#feedbackTicket.sessionEnded"
                  ],
                  "guard": "sessionEnded"
                },
                {
                  "target": [
                    "#feedbackTicket.detail.loadFailed"
                  ],
                  "actions": [
                    "showFailure"
                  ]
                }
              ]
            }
          ]
        },
        "loadingLatest": {
          "tags": [
            "busy"
          ],
          "invoke": [
            {
              "id": "0.feedbackTicket.detail.loadingLatest",
              "src": "loadMessages",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#feedbackTicket.detail.shown"
                  ],
                  "actions": [
                    {
                      "type": "keepThread",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#feedbackTicket.sessionEnded"
                  ],
                  "guard": "sessionEnded"
                },
                {
                  "target": [
                    "#feedbackTicket.detail.loadFailed"
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
            "tickets.refreshed": [
              {
                "target": [
                  "#feedbackTicket.detail.loading"
                ],
                "actions": [
                  "clearError"
                ]
              }
            ]
          }
        },
        "shown": {
          "type": "parallel",
          "on": {
            "message.changed": [
              {
                "actions": [
                  {
                    "type": "changeMessage",
                    "params": "(from the event)"
                  }
                ]
              }
            ],
            "message.sent": [
              {
                "guard": "ticketResolved"
              },
              {
                "guard": "inline guard",
                "actions": [
                  "showReceiptsUploading"
                ]
              },
              {
                "target": [
                  "#feedbackTicket.detail.sending"
                ],
                "guard": "messageValid"
              },
              {
                "actions": [
                  "showMessageProblem"
                ]
              }
            ],
            "ticket.rated": [
              {
                "target": [
                  "#feedbackTicket.detail.rating"
                ],
                "guard": {
                  "type": "rateable",
                  "params": "(from the event)"
                }
              }
            ]
          },
          "states": {
            "thread": {
              "initial": "idle",
              "states": {
                "idle": {
                  "on": {
                    "thread.earlier": [
                      {
                        "target": [
                          "#feedbackTicket.detail.shown.thread.loadingEarlier"
                        ],
                        "guard": "earlierPages"
                      }
                    ]
                  }
                },
                "loadingEarlier": {
                  "tags": [
                    "loadingEarlier"
                  ],
                  "invoke": [
                    {
                      "id": "0.feedbackTicket.detail.shown.thread.loadingEarlier",
                      "src": "loadMessages",
                      "input": "(from the event)",
                      "onDone": [
                        {
                          "target": [
                            "#feedbackTicket.detail.shown.thread.idle"
                          ],
                          "actions": [
                            {
                              "type": "keepEarlier",
                              "params": "(from the event)"
                            }
                          ]
                        }
                      ],
                      "onError": [
                        {
                          "target": [
                            "#feedbackTicket.sessionEnded"
                          ],
                          "guard": "sessionEnded"
                        },
                        {
                          "target": [
                            "#feedbackTicket.detail.shown.thread.idle"
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
            "attachments": {
              "description": "A message's images, one at a time: compress, then upload (/feedback/uploadFile).",
              "initial": "idle",
              "on": {
                "receipt.added": [
                  {
                    "guard": "ticketResolved"
                  },
                  {
                    "guard": {
                      "type": "receiptAcceptable",
                      "params": "(from the event)"
                    },
                    "actions": [
                      {
                        "type": "addReceipt",
                        "params": "(from the event)"
                      }
                    ]
                  },
                  {
                    "actions": [
                      {
                        "type": "refuseReceipt",
                        "params": "(from the event)"
                      }
                    ]
                  }
                ],
                "receipt.removed": [
                  {
                    "target": [
                      "#feedbackTicket.detail.shown.attachments.idle"
                    ],
                    "guard": {
                      "type": "currentRemoved",
                      "params": "(from the event)"
                    },
                    "actions": [
                      {
                        "type": "removeReceipt",
                        "params": "(from the event)"
                      }
                    ],
                    "reenter": true
                  },
                  {
                    "actions": [
                      {
                        "type": "removeReceipt",
                        "params": "(from the event)"
                      }
                    ]
                  }
                ],
                "receipt.retried": [
                  {
                    "guard": {
                      "type": "receiptFailed",
                      "params": "(from the event)"
                    },
                    "actions": [
                      {
                        "type": "retryReceipt",
                        "params": "(from the event)"
                      }
                    ]
                  }
                ],
                "receipt.progressed": [
                  {
                    "actions": [
                      {
                        "type": "showProgress",
                        "params": "(from the event)"
                      }
                    ]
                  }
                ]
              },
              "states": {
                "idle": {
                  "always": [
                    {
                      "target": [
                        "#feedbackTicket.detail.shown.attachments.compressing"
                      ],
                      "guard": "receiptQueued",
                      "actions": [
                        "startNextReceipt"
                      ]
                    }
                  ]
                },
                "compressing": {
                  "tags": [
                    "uploading"
                  ],
                  "invoke": [
                    {
                      "id": "0.feedbackTicket.detail.shown.attachments.compressing",
                      "src": "compressReceipt",
                      "input": "(from the event)",
                      "onDone": [
                        {
                          "target": [
                            "#feedbackTicket.detail.shown.attachments.uploading"
                          ],
                          "actions": [
                            {
                              "type": "keepCompressed",
                              "params": "(from the event)"
                            }
                          ]
                        }
                      ],
                      "onError": [
                        {
                          "target": [
                            "#feedbackTicket.detail.shown.attachments.uploading"
                          ],
                          "actions": [
                            "uploadAsChosen"
                          ]
                        }
                      ]
                    }
                  ]
                },
                "uploading": {
                  "tags": [
                    "uploading"
                  ],
                  "invoke": [
                    {
                      "id": "0.feedbackTicket.detail.shown.attachments.uploading",
                      "src": "uploadReceipt",
                      "input": "(from the event)"
                    }
                  ],
                  "on": {
                    "receipt.uploaded": [
                      {
                        "target": [
                          "#feedbackTicket.detail.shown.attachments.idle"
                        ],
                        "actions": [
                          {
                            "type": "keepUploaded",
                            "params": "(from the event)"
                          }
                        ]
                      }
                    ],
                    "receipt.failed": [
                      {
                        "target": [
                          "#feedbackTicket.detail.shown.attachments.idle"
                        ],
                        "actions": [
                          {
                            "type": "markFailed",
                            "params": "(from the event)"
                          }
                        ]
                      }
                    ]
                  }
                }
              }
            },
            "images": {
              "description": "The ticket's and the thread's images, fetched with the session as they appear.",
              "initial": "idle",
              "states": {
                "idle": {
                  "always": [
                    {
                      "target": [
                        "#feedbackTicket.detail.shown.images.loading"
                      ],
                      "guard": "imagesToAsk",
                      "actions": [
                        "askImages"
                      ]
                    }
                  ]
                },
                "loading": {
                  "invoke": [
                    {
                      "id": "0.feedbackTicket.detail.shown.images.loading",
                      "src": "loadImages",
                      "input": "(from the event)",
                      "onDone": [
                        {
                          "target": [
                            "#feedbackTicket.detail.shown.images.idle"
                          ],
                          "actions": [
                            {
                              "type": "keepImages",
                              "params": "(from the event)"
                            }
                          ]
                        }
                      ],
                      "onError": [
                        {
                          "target": [
                            "#feedbackTicket.detail.shown.images.idle"
                          ],
                          "actions": [
                            "imagesNotRead"
                          ]
                        }
                      ]
                    }
                  ]
                }
              }
            }
          }
        },
        "sending": {
          "tags": [
            "busy",
            "sending"
          ],
          "invoke": [
            {
              "id": "0.feedbackTicket.detail.sending",
              "src": "leaveMessage",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#feedbackTicket.detail.loading"
                  ],
                  "actions": [
                    "clearMessage"
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#feedbackTicket.sessionEnded"
                  ],
                  "guard": "sessionEnded"
                },
                {
                  "target": [
                    "#feedbackTicket.detail.shown"
                  ],
                  "actions": [
                    "showFailure"
                  ]
                }
              ]
            }
          ]
        },
        "rating": {
          "tags": [
            "busy",
            "rating"
          ],
          "invoke": [
            {
              "id": "0.feedbackTicket.detail.rating",
              "src": "rateTicket",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#feedbackTicket.detail.loading"
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#feedbackTicket.sessionEnded"
                  ],
                  "guard": "sessionEnded"
                },
                {
                  "target": [
                    "#feedbackTicket.detail.shown"
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
    "sessionEnded": {
      "type": "final",
      "entry": [
        "escalateSessionEnded"
      ]
    }
  }
})
