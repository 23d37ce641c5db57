// console-app: The lender’s operations console: sign-in, then the pages the member’s role may open.
// Generated from machines/console-app.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const consoleAppMachine = createMachine({
  "id": "console",
  "description": "The lender’s operations console: sign-in, then the pages the member’s role may open.",
  "initial": "starting",
  "on": {
    "console.languageChosen": [
      {
        "actions": [
          {
            "type": "chooseLanguage",
            "params": "(from the event)"
          },
          "storeLanguage"
        ]
      }
    ]
  },
  "states": {
    "starting": {
      "description": "Checks the session kept in this tab with the server.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.console.starting",
          "src": "restoreSession",
          "onDone": [
            {
              "target": [
                "#console.signedIn"
              ],
              "guard": {
                "type": "hasSession",
                "params": "(from the event)"
              },
              "actions": [
                {
                  "type": "takeSession",
                  "params": "(from the event)"
                }
              ]
            },
            {
              "target": [
                "#signIn"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#console.unreachable"
              ],
              "actions": [
                {
                  "type": "showStartFailure",
                  "params": "(from the event)"
                }
              ]
            }
          ]
        }
      ],
      "on": {
        "xstate.route": [
          {
            "actions": [
              {
                "type": "rememberRoute",
                "params": "(from the event)"
              }
            ]
          }
        ]
      }
    },
    "unreachable": {
      "description": "The server did not answer at start-up; the member tries again.",
      "on": {
        "console.retried": [
          {
            "target": [
              "#console.starting"
            ]
          }
        ],
        "xstate.route": [
          {
            "actions": [
              {
                "type": "rememberRoute",
                "params": "(from the event)"
              }
            ]
          }
        ]
      }
    },
    "signIn": {
      "id": "signIn",
      "description": "The sign-in page; once signed in, on to the page asked for, or back to the one the session ended on.",
      "meta": {
        "route": "signIn"
      },
      "invoke": [
        {
          "id": "signInForm",
          "src": "signInForm",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#console.signedIn"
              ],
              "actions": [
                {
                  "type": "takeSession",
                  "params": "(from the event)"
                }
              ]
            }
          ]
        }
      ],
      "on": {
        "xstate.route": [
          {
            "actions": [
              {
                "type": "rememberRoute",
                "params": "(from the event)"
              }
            ]
          }
        ]
      }
    },
    "signedIn": {
      "description": "The pages the member’s role may open; a call that finds the session ended leads back to sign-in.",
      "initial": "entering",
      "on": {
        "console.signOutRequested": [
          {
            "target": [
              "#console.signedIn.signingOut"
            ]
          }
        ],
        "console.sessionEnded": [
          {
            "target": [
              "#signIn"
            ],
            "actions": [
              {
                "type": "endSession",
                "params": "(from the event)"
              }
            ]
          }
        ]
      },
      "states": {
        "entering": {
          "description": "Opens the page start-up or sign-in leads to, when the member may open it (else the overview).",
          "always": [
            {
              "target": [
                "#staff"
              ],
              "guard": {
                "type": "goesTo",
                "params": {
                  "route": "staff"
                }
              }
            },
            {
              "target": [
                "#audit"
              ],
              "guard": {
                "type": "goesTo",
                "params": {
                  "route": "audit"
                }
              }
            },
            {
              "target": [
                "#inbox"
              ],
              "guard": {
                "type": "goesTo",
                "params": {
                  "route": "inbox"
                }
              }
            },
            {
              "target": [
                "#loans"
              ],
              "guard": {
                "type": "goesTo",
                "params": {
                  "route": "loans"
                }
              }
            },
            {
              "target": [
                "#products"
              ],
              "guard": {
                "type": "goesTo",
                "params": {
                  "route": "products"
                }
              }
            },
            {
              "target": [
                "#books"
              ],
              "guard": {
                "type": "goesTo",
                "params": {
                  "route": "books"
                }
              }
            },
            {
              "target": [
                "#proofs"
              ],
              "guard": {
                "type": "goesTo",
                "params": {
                  "route": "proofs"
                }
              }
            },
            {
              "target": [
                "#password"
              ],
              "guard": {
                "type": "goesTo",
                "params": {
                  "route": "password"
                }
              }
            },
            {
              "target": [
                "#overview"
              ]
            }
          ]
        },
        "overview": {
          "id": "overview",
          "meta": {
            "route": "overview"
          },
          "route": {
            "guard": {
              "type": "mayOpen",
              "params": {
                "route": "overview"
              }
            }
          },
          "entry": [
            {
              "type": "arrive",
              "params": {
                "route": "overview"
              }
            }
          ]
        },
        "staff": {
          "id": "staff",
          "meta": {
            "route": "staff"
          },
          "route": {
            "guard": {
              "type": "mayOpen",
              "params": {
                "route": "staff"
              }
            }
          },
          "entry": [
            {
              "type": "arrive",
              "params": {
                "route": "staff"
              }
            }
          ],
          "exit": [
            {
              "type": "dropDraft",
              "params": {
                "form": "staff"
              }
            }
          ],
          "initial": "loading",
          "states": {
            "loading": {
              "tags": [
                "busy"
              ],
              "invoke": [
                {
                  "id": "0.console.signedIn.staff.loading",
                  "src": "loadPage",
                  "input": {
                    "page": "staff"
                  },
                  "onDone": [
                    {
                      "target": [
                        "#console.signedIn.staff.ready"
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#console.signedIn.staff.unloaded"
                      ],
                      "actions": [
                        {
                          "type": "showStartFailure",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ]
                }
              ]
            },
            "unloaded": {
              "tags": [
                "pageUnloaded"
              ],
              "on": {
                "console.retried": [
                  {
                    "target": [
                      "#console.signedIn.staff.loading"
                    ],
                    "actions": [
                      "clearError"
                    ]
                  }
                ]
              }
            },
            "ready": {
              "invoke": [
                {
                  "id": "staffForm",
                  "src": "staffForm",
                  "input": "(from the event)"
                }
              ]
            }
          }
        },
        "audit": {
          "id": "audit",
          "meta": {
            "route": "audit"
          },
          "route": {
            "guard": {
              "type": "mayOpen",
              "params": {
                "route": "audit"
              }
            }
          },
          "entry": [
            {
              "type": "arrive",
              "params": {
                "route": "audit"
              }
            }
          ],
          "exit": [
            {
              "type": "dropDraft",
              "params": {
                "form": "audit"
              }
            }
          ],
          "initial": "loading",
          "states": {
            "loading": {
              "tags": [
                "busy"
              ],
              "invoke": [
                {
                  "id": "0.console.signedIn.audit.loading",
                  "src": "loadPage",
                  "input": {
                    "page": "audit"
                  },
                  "onDone": [
                    {
                      "target": [
                        "#console.signedIn.audit.ready"
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#console.signedIn.audit.unloaded"
                      ],
                      "actions": [
                        {
                          "type": "showStartFailure",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ]
                }
              ]
            },
            "unloaded": {
              "tags": [
                "pageUnloaded"
              ],
              "on": {
                "console.retried": [
                  {
                    "target": [
                      "#console.signedIn.audit.loading"
                    ],
                    "actions": [
                      "clearError"
                    ]
                  }
                ]
              }
            },
            "ready": {
              "invoke": [
                {
                  "id": "auditLog",
                  "src": "auditLog",
                  "input": "(from the event)"
                }
              ]
            }
          }
        },
        "inbox": {
          "id": "inbox",
          "meta": {
            "route": "inbox"
          },
          "route": {
            "guard": {
              "type": "mayOpen",
              "params": {
                "route": "inbox"
              }
            }
          },
          "entry": [
            {
              "type": "arrive",
              "params": {
                "route": "inbox"
              }
            }
          ],
          "exit": [
            {
              "type": "dropDraft",
              "params": {
                "form": "inbox"
              }
            }
          ],
          "initial": "loading",
          "states": {
            "loading": {
              "tags": [
                "busy"
              ],
              "invoke": [
                {
                  "id": "0.console.signedIn.inbox.loading",
                  "src": "loadPage",
                  "input": {
                    "page": "inbox"
                  },
                  "onDone": [
                    {
                      "target": [
                        "#console.signedIn.inbox.ready"
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#console.signedIn.inbox.unloaded"
                      ],
                      "actions": [
                        {
                          "type": "showStartFailure",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ]
                }
              ]
            },
            "unloaded": {
              "tags": [
                "pageUnloaded"
              ],
              "on": {
                "console.retried": [
                  {
                    "target": [
                      "#console.signedIn.inbox.loading"
                    ],
                    "actions": [
                      "clearError"
                    ]
                  }
                ]
              }
            },
            "ready": {
              "invoke": [
                {
                  "id": "inboxDesk",
                  "src": "inboxDesk",
                  "input": "(from the event)"
                }
              ]
            }
          }
        },
        "loans": {
          "id": "loans",
          "meta": {
            "route": "loans"
          },
          "route": {
            "guard": {
              "type": "mayOpen",
              "params": {
                "route": "loans"
              }
            }
          },
          "entry": [
            {
              "type": "arrive",
              "params": {
                "route": "loans"
              }
            }
          ],
          "exit": [
            {
              "type": "dropDraft",
              "params": {
                "form": "loans"
              }
            }
          ],
          "initial": "loading",
          "states": {
            "loading": {
              "tags": [
                "busy"
              ],
              "invoke": [
                {
                  "id": "0.console.signedIn.loans.loading",
                  "src": "loadPage",
                  "input": {
                    "page": "loans"
                  },
                  "onDone": [
                    {
                      "target": [
                        "#console.signedIn.loans.ready"
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#console.signedIn.loans.unloaded"
                      ],
                      "actions": [
                        {
                          "type": "showStartFailure",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ]
                }
              ]
            },
            "unloaded": {
              "tags": [
                "pageUnloaded"
              ],
              "on": {
                "console.retried": [
                  {
                    "target": [
                      "#console.signedIn.loans.loading"
                    ],
                    "actions": [
                      "clearError"
                    ]
                  }
                ]
              }
            },
            "ready": {
              "invoke": [
                {
                  "id": "loansDesk",
                  "src": "loansDesk",
                  "input": "(from the event)"
                }
              ]
            }
          }
        },
        "products": {
          "id": "products",
          "meta": {
            "route": "products"
          },
          "route": {
            "guard": {
              "type": "mayOpen",
              "params": {
                "route": "products"
              }
            }
          },
          "entry": [
            {
              "type": "arrive",
              "params": {
                "route": "products"
              }
            }
          ],
          "exit": [
            {
              "type": "dropDraft",
              "params": {
                "form": "products"
              }
            }
          ],
          "initial": "loading",
          "states": {
            "loading": {
              "tags": [
                "busy"
              ],
              "invoke": [
                {
                  "id": "0.console.signedIn.products.loading",
                  "src": "loadPage",
                  "input": {
                    "page": "products"
                  },
                  "onDone": [
                    {
                      "target": [
                        "#console.signedIn.products.ready"
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#console.signedIn.products.unloaded"
                      ],
                      "actions": [
                        {
                          "type": "showStartFailure",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ]
                }
              ]
            },
            "unloaded": {
              "tags": [
                "pageUnloaded"
              ],
              "on": {
                "console.retried": [
                  {
                    "target": [
                      "#console.signedIn.products.loading"
                    ],
                    "actions": [
                      "clearError"
                    ]
                  }
                ]
              }
            },
            "ready": {
              "invoke": [
                {
                  "id": "productsEditor",
                  "src": "productsEditor",
                  "input": "(from the event)"
                }
              ]
            }
          }
        },
        "books": {
          "id": "books",
          "meta": {
            "route": "books"
          },
          "route": {
            "guard": {
              "type": "mayOpen",
              "params": {
                "route": "books"
              }
            }
          },
          "entry": [
            {
              "type": "arrive",
              "params": {
                "route": "books"
              }
            }
          ],
          "exit": [
            {
              "type": "dropDraft",
              "params": {
                "form": "books"
              }
            }
          ],
          "initial": "loading",
          "states": {
            "loading": {
              "tags": [
                "busy"
              ],
              "invoke": [
                {
                  "id": "0.console.signedIn.books.loading",
                  "src": "loadPage",
                  "input": {
                    "page": "books"
                  },
                  "onDone": [
                    {
                      "target": [
                        "#console.signedIn.books.ready"
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#console.signedIn.books.unloaded"
                      ],
                      "actions": [
                        {
                          "type": "showStartFailure",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ]
                }
              ]
            },
            "unloaded": {
              "tags": [
                "pageUnloaded"
              ],
              "on": {
                "console.retried": [
                  {
                    "target": [
                      "#console.signedIn.books.loading"
                    ],
                    "actions": [
                      "clearError"
                    ]
                  }
                ]
              }
            },
            "ready": {
              "invoke": [
                {
                  "id": "booksReader",
                  "src": "booksReader",
                  "input": "(from the event)"
                }
              ]
            }
          }
        },
        "proofs": {
          "id": "proofs",
          "meta": {
            "route": "proofs"
          },
          "route": {
            "guard": {
              "type": "mayOpen",
              "params": {
                "route": "proofs"
              }
            }
          },
          "entry": [
            {
              "type": "arrive",
              "params": {
                "route": "proofs"
              }
            }
          ],
          "initial": "loading",
          "states": {
            "loading": {
              "tags": [
                "busy"
              ],
              "invoke": [
                {
                  "id": "0.console.signedIn.proofs.loading",
                  "src": "loadPage",
                  "input": {
                    "page": "proofs"
                  },
                  "onDone": [
                    {
                      "target": [
                        "#console.signedIn.proofs.ready"
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#console.signedIn.proofs.unloaded"
                      ],
                      "actions": [
                        {
                          "type": "showStartFailure",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ]
                }
              ]
            },
            "unloaded": {
              "tags": [
                "pageUnloaded"
              ],
              "on": {
                "console.retried": [
                  {
                    "target": [
                      "#console.signedIn.proofs.loading"
                    ],
                    "actions": [
                      "clearError"
                    ]
                  }
                ]
              }
            },
            "ready": {
              "invoke": [
                {
                  "id": "proofsDesk",
                  "src": "proofsDesk",
                  "input": "(from the event)"
                }
              ]
            }
          }
        },
        "password": {
          "id": "password",
          "meta": {
            "route": "password"
          },
          "route": {
            "guard": {
              "type": "mayOpen",
              "params": {
                "route": "password"
              }
            }
          },
          "entry": [
            {
              "type": "arrive",
              "params": {
                "route": "password"
              }
            }
          ],
          "exit": [
            {
              "type": "dropDraft",
              "params": {
                "form": "password"
              }
            }
          ],
          "invoke": [
            {
              "id": "passwordForm",
              "src": "passwordForm",
              "input": "(from the event)"
            }
          ]
        },
        "signingOut": {
          "tags": [
            "busy"
          ],
          "invoke": [
            {
              "id": "0.console.signedIn.signingOut",
              "src": "signOut",
              "onDone": [
                {
                  "target": [
                    "#signIn"
                  ],
                  "actions": [
                    "forgetSession"
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#signIn"
                  ],
                  "actions": [
                    "forgetSession"
                  ]
                }
              ]
            }
          ],
          "on": {
            "xstate.route": [
              {}
            ]
          }
        }
      }
    }
  }
})
