// console-proofs: Finance reads the queue of manual repayment proofs and approves or rejects each one.
// Generated from machines/console-proofs.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const consoleProofsMachine = createMachine({
  "id": "consoleProofs",
  "description": "Finance reads the queue of manual repayment proofs and approves or rejects each one.",
  "initial": "loading",
  "invoke": [
    {
      "id": "pictureKeeper",
      "src": "pictureKeeper"
    }
  ],
  "states": {
    "loading": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.consoleProofs.loading",
          "src": "readProofs",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#consoleProofs.queue"
              ],
              "actions": [
                {
                  "type": "takeProofs",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consoleProofs.failed"
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
                "#consoleProofs.failed"
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
        "proofs.retried": [
          {
            "target": [
              "#consoleProofs.opening"
            ],
            "guard": "isOpen",
            "actions": [
              "clearMessages"
            ]
          },
          {
            "target": [
              "#consoleProofs.loading"
            ],
            "actions": [
              "clearMessages"
            ]
          }
        ],
        "proofs.filtered": [
          {
            "target": [
              "#consoleProofs.loading"
            ],
            "actions": [
              {
                "type": "keepPictures",
                "params": {
                  "urls": []
                }
              },
              {
                "type": "chooseState",
                "params": "(from the event)"
              },
              "closeProof"
            ]
          }
        ]
      }
    },
    "queue": {
      "on": {
        "proofs.filtered": [
          {
            "target": [
              "#consoleProofs.loading"
            ],
            "actions": [
              {
                "type": "chooseState",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "proofs.opened": [
          {
            "target": [
              "#consoleProofs.opening"
            ],
            "actions": [
              {
                "type": "chooseProof",
                "params": "(from the event)"
              }
            ]
          }
        ]
      }
    },
    "opening": {
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.consoleProofs.opening",
          "src": "readProof",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#consoleProofs.reviewing"
              ],
              "actions": [
                {
                  "type": "takeProof",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#consoleProofs.failed"
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
                "#consoleProofs.failed"
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
    "reviewing": {
      "initial": "pictures",
      "on": {
        "proofs.closed": [
          {
            "target": [
              "#consoleProofs.loading"
            ],
            "actions": [
              {
                "type": "keepPictures",
                "params": {
                  "urls": []
                }
              },
              "closeProof"
            ]
          }
        ],
        "proofs.filtered": [
          {
            "target": [
              "#consoleProofs.loading"
            ],
            "actions": [
              {
                "type": "keepPictures",
                "params": {
                  "urls": []
                }
              },
              {
                "type": "chooseState",
                "params": "(from the event)"
              },
              "closeProof"
            ]
          }
        ],
        "proofs.opened": [
          {
            "target": [
              "#consoleProofs.opening"
            ],
            "actions": [
              {
                "type": "keepPictures",
                "params": {
                  "urls": []
                }
              },
              {
                "type": "chooseProof",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "proofs.amountChanged": [
          {
            "actions": [
              {
                "type": "setAmount",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "proofs.referenceChanged": [
          {
            "actions": [
              {
                "type": "setReference",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "proofs.reasonChanged": [
          {
            "actions": [
              {
                "type": "setReason",
                "params": "(from the event)"
              }
            ]
          }
        ]
      },
      "states": {
        "pictures": {
          "always": [
            {
              "target": [
                "#consoleProofs.reviewing.loadingPictures"
              ],
              "guard": "hasReceipts"
            },
            {
              "target": [
                "#consoleProofs.reviewing.idle"
              ]
            }
          ]
        },
        "loadingPictures": {
          "invoke": [
            {
              "id": "0.consoleProofs.reviewing.loadingPictures",
              "src": "readReceipts",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#consoleProofs.reviewing.idle"
                  ],
                  "actions": [
                    {
                      "type": "takePictures",
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
                    "#consoleProofs.reviewing.idle"
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
                    "#consoleProofs.reviewing.idle"
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
        "idle": {
          "on": {
            "proofs.approved": [
              {
                "target": [
                  "#consoleProofs.reviewing.approving"
                ],
                "guard": "approveValid",
                "actions": [
                  "clearMessages"
                ]
              },
              {
                "actions": [
                  "showApproveErrors"
                ]
              }
            ],
            "proofs.rejected": [
              {
                "target": [
                  "#consoleProofs.reviewing.rejecting"
                ],
                "guard": "rejectValid",
                "actions": [
                  "clearMessages"
                ]
              },
              {
                "actions": [
                  "showRejectErrors"
                ]
              }
            ]
          }
        },
        "approving": {
          "tags": [
            "deciding"
          ],
          "invoke": [
            {
              "id": "0.consoleProofs.reviewing.approving",
              "src": "approveProof",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#consoleProofs.reviewing.idle"
                  ],
                  "actions": [
                    {
                      "type": "sayDecided",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#consoleProofs.reviewing.idle"
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
                    "#consoleProofs.reviewing.idle"
                  ],
                  "actions": [
                    {
                      "type": "showDecisionFailure",
                      "params": "(from the event)"
                    }
                  ]
                }
              ]
            }
          ]
        },
        "rejecting": {
          "tags": [
            "deciding"
          ],
          "invoke": [
            {
              "id": "0.consoleProofs.reviewing.rejecting",
              "src": "rejectProof",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#consoleProofs.reviewing.idle"
                  ],
                  "actions": [
                    {
                      "type": "sayDecided",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#consoleProofs.reviewing.idle"
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
                    "#consoleProofs.reviewing.idle"
                  ],
                  "actions": [
                    {
                      "type": "showDecisionFailure",
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
