// console-products: A risk officer or admin changes a loan product: checked live, saved as its next version, for new orders.
// Generated from machines/console-products.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const consoleProductsMachine = createMachine({
  "id": "consoleProducts",
  "description": "A risk officer or admin changes a loan product: checked live, saved as its next version, for new orders.",
  "initial": "loading",
  "states": {
    "loading": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.consoleProducts.loading",
          "src": "readProducts",
          "onDone": [
            {
              "target": [
                "#consoleProducts.editing"
              ],
              "guard": "reopening",
              "actions": [
                {
                  "type": "takeProducts",
                  "params": "(from the event)"
                },
                "reopen"
              ]
            },
            {
              "target": [
                "#consoleProducts.browsing"
              ],
              "actions": [
                {
                  "type": "takeProducts",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consoleProducts.failed"
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
                "#consoleProducts.failed"
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
        "products.retried": [
          {
            "target": [
              "#consoleProducts.loading"
            ]
          }
        ]
      }
    },
    "browsing": {
      "description": "The products with their versions; one may be opened.",
      "on": {
        "product.opened": [
          {
            "target": [
              "#consoleProducts.editing"
            ],
            "guard": {
              "type": "known",
              "params": "(from the event)"
            },
            "actions": [
              {
                "type": "open",
                "params": "(from the event)"
              }
            ]
          }
        ]
      }
    },
    "editing": {
      "type": "parallel",
      "description": "The editor, checked at each change, beside the product’s earlier versions.",
      "on": {
        "product.closed": [
          {
            "target": [
              "#consoleProducts.browsing"
            ],
            "actions": [
              "close"
            ]
          }
        ]
      },
      "states": {
        "form": {
          "initial": "typing",
          "states": {
            "typing": {
              "on": {
                "product.textChanged": [
                  {
                    "actions": [
                      {
                        "type": "changeText",
                        "params": "(from the event)"
                      }
                    ]
                  }
                ],
                "product.nameChanged": [
                  {
                    "actions": [
                      {
                        "type": "changeName",
                        "params": "(from the event)"
                      }
                    ]
                  }
                ],
                "product.activeChanged": [
                  {
                    "actions": [
                      {
                        "type": "changeActive",
                        "params": "(from the event)"
                      }
                    ]
                  }
                ],
                "product.noteChanged": [
                  {
                    "actions": [
                      {
                        "type": "changeNote",
                        "params": "(from the event)"
                      }
                    ]
                  }
                ],
                "product.saved": [
                  {
                    "target": [
                      "#consoleProducts.editing.form.saving"
                    ],
                    "guard": "draftSendable",
                    "actions": [
                      "clearError"
                    ]
                  },
                  {
                    "actions": [
                      "showDraftErrors"
                    ]
                  }
                ],
                "product.reopened": [
                  {
                    "target": [
                      "#consoleProducts.loading"
                    ],
                    "actions": [
                      "startAgain"
                    ]
                  }
                ]
              }
            },
            "saving": {
              "tags": [
                "saving"
              ],
              "invoke": [
                {
                  "id": "0.consoleProducts.editing.form.saving",
                  "src": "saveProduct",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#consoleProducts.browsing"
                      ],
                      "actions": [
                        {
                          "type": "takeSaved",
                          "params": "(from the event)"
                        },
                        "close"
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#consoleProducts.editing.form.typing"
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
                        "#consoleProducts.editing.form.typing"
                      ],
                      "guard": {
                        "type": "changedMeanwhile",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "showStale",
                          "params": "(from the event)"
                        }
                      ]
                    },
                    {
                      "target": [
                        "#consoleProducts.editing.form.typing"
                      ],
                      "guard": {
                        "type": "invalidProduct",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "showServerProblems",
                          "params": "(from the event)"
                        }
                      ]
                    },
                    {
                      "target": [
                        "#consoleProducts.editing.form.typing"
                      ],
                      "guard": {
                        "type": "refusedAtFields",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "showRefusedFields",
                          "params": "(from the event)"
                        }
                      ]
                    },
                    {
                      "target": [
                        "#consoleProducts.editing.form.typing"
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
              ],
              "on": {
                "product.closed": [
                  {}
                ]
              }
            }
          }
        },
        "history": {
          "initial": "loading",
          "states": {
            "loading": {
              "invoke": [
                {
                  "id": "0.consoleProducts.editing.history.loading",
                  "src": "readProductVersions",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#consoleProducts.editing.history.shown"
                      ],
                      "actions": [
                        {
                          "type": "takeVersions",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#consoleProducts.editing.history.unavailable"
                      ]
                    }
                  ]
                }
              ]
            },
            "shown": {},
            "unavailable": {}
          }
        }
      }
    }
  }
})
