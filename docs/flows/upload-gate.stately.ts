// upload-gate: Spec §4's upload check: 0 all data present, 1 the collector ran, −1 failure with its message.
// Generated from machines/upload-gate.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const uploadGateMachine = createMachine({
  "id": "uploadGate",
  "description": "Spec §4's upload check: 0 all data present, 1 the collector ran, −1 failure with its message.",
  "initial": "checking",
  "states": {
    "checking": {
      "description": "Asks the server which of the seven data sets it already holds for this order.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.uploadGate.checking",
          "src": "fetchUploadStatus",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#uploadGate.passed"
              ],
              "guard": {
                "type": "flagsComplete",
                "params": "(from the event)"
              },
              "actions": [
                {
                  "type": "storeFlags",
                  "params": "(from the event)"
                },
                "pass"
              ]
            },
            {
              "target": [
                "#uploadGate.failed"
              ],
              "guard": "checkOnly",
              "actions": [
                {
                  "type": "storeFlags",
                  "params": "(from the event)"
                },
                {
                  "type": "fail",
                  "params": {}
                }
              ]
            },
            {
              "target": [
                "#uploadGate.askingPolicy"
              ],
              "actions": [
                {
                  "type": "storeFlags",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#uploadGate.failed"
              ],
              "actions": [
                {
                  "type": "fail",
                  "params": "(from the event)"
                },
                {
                  "type": "escalateSessionEnded",
                  "params": "(from the event)"
                }
              ]
            }
          ]
        }
      ]
    },
    "askingPolicy": {
      "description": "Data is missing: asks the server whether the shell's timeSDK may run (/time/upload/enable).",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.uploadGate.askingPolicy",
          "src": "fetchCollectionPolicy",
          "onDone": [
            {
              "target": [
                "#uploadGate.loadingAllowlist"
              ],
              "guard": {
                "type": "allowlistNeeded",
                "params": "(from the event)"
              }
            },
            {
              "target": [
                "#uploadGate.startingCollector"
              ],
              "guard": {
                "type": "collectionEnabled",
                "params": "(from the event)"
              }
            },
            {
              "target": [
                "#uploadGate.failed"
              ],
              "actions": [
                {
                  "type": "fail",
                  "params": {}
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#uploadGate.failed"
              ],
              "actions": [
                {
                  "type": "fail",
                  "params": "(from the event)"
                },
                {
                  "type": "escalateSessionEnded",
                  "params": "(from the event)"
                }
              ]
            }
          ]
        }
      ]
    },
    "loadingAllowlist": {
      "description": "The installed-app list is missing: the package names the collector may report.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.uploadGate.loadingAllowlist",
          "src": "fetchPackageAllowlist",
          "onDone": [
            {
              "target": [
                "#uploadGate.startingCollector"
              ],
              "actions": [
                {
                  "type": "keepAllowlist",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#uploadGate.failed"
              ],
              "actions": [
                {
                  "type": "fail",
                  "params": "(from the event)"
                },
                {
                  "type": "escalateSessionEnded",
                  "params": "(from the event)"
                }
              ]
            }
          ]
        }
      ]
    },
    "startingCollector": {
      "description": "Asks the native shell to collect the missing data sets and upload them.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.uploadGate.startingCollector",
          "src": "startCollector",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#uploadGate.collecting"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#uploadGate.failed"
              ],
              "actions": [
                {
                  "type": "fail",
                  "params": "(from the event)"
                },
                {
                  "type": "escalateSessionEnded",
                  "params": "(from the event)"
                }
              ]
            }
          ]
        }
      ]
    },
    "collecting": {
      "description": "The collector runs; the server is asked again until every flag is set or the time limit passes.",
      "tags": [
        "busy"
      ],
      "entry": [
        "xstate.raise"
      ],
      "exit": [
        "xstate.cancel"
      ],
      "initial": "waiting",
      "after": {
        "collectionTimeLimit": [
          {
            "target": [
              "#uploadGate.failed"
            ],
            "actions": [
              {
                "type": "fail",
                "params": {}
              }
            ]
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
            "pollInterval": [
              {
                "target": [
                  "#uploadGate.collecting.polling"
                ]
              }
            ]
          }
        },
        "polling": {
          "invoke": [
            {
              "id": "0.uploadGate.collecting.polling",
              "src": "fetchUploadStatus",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#uploadGate.collected"
                  ],
                  "guard": {
                    "type": "flagsComplete",
                    "params": "(from the event)"
                  },
                  "actions": [
                    {
                      "type": "storeFlags",
                      "params": "(from the event)"
                    },
                    "collected"
                  ]
                },
                {
                  "target": [
                    "#uploadGate.collecting.waiting"
                  ],
                  "actions": [
                    {
                      "type": "storeFlags",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#uploadGate.failed"
                  ],
                  "guard": {
                    "type": "sessionEnded",
                    "params": "(from the event)"
                  },
                  "actions": [
                    {
                      "type": "fail",
                      "params": "(from the event)"
                    },
                    {
                      "type": "escalateSessionEnded",
                      "params": "(from the event)"
                    }
                  ]
                },
                {
                  "target": [
                    "#uploadGate.collecting.waiting"
                  ]
                }
              ]
            }
          ]
        }
      }
    },
    "passed": {
      "type": "final",
      "description": "Every data set was already present (0)."
    },
    "collected": {
      "type": "final",
      "description": "The collector delivered every missing data set (1)."
    },
    "failed": {
      "type": "final",
      "description": "Check-only with data missing, collection switched off, a failed call, or the time limit (−1)."
    }
  }
})
