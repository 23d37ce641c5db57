// identity: Spec §2 ID screen: ID front, then back, then the face step, then finishUploadAllImg.
// Generated from machines/identity.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const identityMachine = createMachine({
  "id": "identity",
  "description": "Spec §2 ID screen: ID front, then back, then the face step, then finishUploadAllImg.",
  "initial": "preparing",
  "on": {
    "identity.errorSeen": [
      {
        "actions": [
          "clearError"
        ]
      }
    ]
  },
  "states": {
    "preparing": {
      "description": "Reads featureMode, which decides the face step and whether the card is read (OCR).",
      "tags": [
        "busy",
        "preparing"
      ],
      "invoke": [
        {
          "id": "0.identity.preparing",
          "src": "readFeatureMode",
          "onDone": [
            {
              "target": [
                "#identity.askingCamera"
              ],
              "guard": {
                "type": "cameraFirst",
                "params": "(from the event)"
              },
              "actions": [
                {
                  "type": "takeFeatureMode",
                  "params": "(from the event)"
                }
              ]
            },
            {
              "target": [
                "#identity.collecting"
              ],
              "actions": [
                {
                  "type": "takeFeatureMode",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#identity.collecting"
              ]
            }
          ]
        }
      ]
    },
    "askingCamera": {
      "description": "featureMode.frontPermission 1: the phone's camera permission before the ID front; a refusal says how to allow it.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.identity.askingCamera",
          "src": "askCamera",
          "onDone": [
            {
              "target": [
                "#identity.collecting"
              ],
              "guard": {
                "type": "cameraDenied",
                "params": "(from the event)"
              },
              "actions": [
                {
                  "type": "showError",
                  "params": {
                    "message": {
                      "key": "identity.error.cameraDenied"
                    }
                  }
                }
              ]
            },
            {
              "target": [
                "#identity.collecting"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#identity.collecting"
              ]
            }
          ]
        }
      ]
    },
    "collecting": {
      "description": "Waits for the next photo or the face check, in the order front, back, face.",
      "initial": "next",
      "on": {
        "identity.photoTaken": [
          {
            "target": [
              "#identity.uploading"
            ],
            "guard": {
              "type": "photoInOrder",
              "params": "(from the event)"
            },
            "actions": [
              {
                "type": "startUpload",
                "params": "(from the event)"
              }
            ]
          },
          {
            "actions": [
              "showMissingStep"
            ]
          }
        ],
        "identity.scanRequested": [
          {
            "target": [
              "#identity.scanning"
            ],
            "guard": {
              "type": "scanInOrder",
              "params": "(from the event)"
            },
            "actions": [
              {
                "type": "aimScanner",
                "params": "(from the event)"
              }
            ]
          },
          {
            "actions": [
              "showMissingStep"
            ]
          }
        ],
        "identity.livenessStarted": [
          {
            "target": [
              "#identity.liveness"
            ],
            "guard": "livenessInOrder"
          },
          {
            "actions": [
              "showMissingStep"
            ]
          }
        ],
        "identity.submitted": [
          {
            "actions": [
              "showMissingStep"
            ]
          }
        ]
      },
      "states": {
        "next": {
          "description": "Goes to the first step not done yet.",
          "always": [
            {
              "target": [
                "#identity.collecting.awaitingFront"
              ],
              "guard": "missingFront"
            },
            {
              "target": [
                "#identity.collecting.awaitingBack"
              ],
              "guard": "missingBack"
            },
            {
              "target": [
                "#identity.collecting.awaitingFace"
              ],
              "guard": "missingFace"
            },
            {
              "target": [
                "#identity.collecting.ready"
              ]
            }
          ]
        },
        "awaitingFront": {
          "tags": [
            "awaitingFront"
          ]
        },
        "awaitingBack": {
          "tags": [
            "awaitingBack"
          ]
        },
        "awaitingFace": {
          "tags": [
            "awaitingFace"
          ],
          "initial": "choosing",
          "states": {
            "choosing": {
              "always": [
                {
                  "target": [
                    "#identity.collecting.awaitingFace.live"
                  ],
                  "guard": "liveFace"
                },
                {
                  "target": [
                    "#identity.collecting.awaitingFace.selfie"
                  ]
                }
              ]
            },
            "live": {
              "tags": [
                "liveFace"
              ]
            },
            "selfie": {}
          }
        },
        "ready": {
          "description": "Front, back and face are in; the borrower may still retake any of them.",
          "tags": [
            "canSubmit"
          ],
          "on": {
            "identity.submitted": [
              {
                "target": [
                  "#identity.finishing"
                ]
              }
            ]
          }
        }
      }
    },
    "scanning": {
      "description": "The shell's card scanner photographs one side (featureMode.ocr ≥ 1); the photo then uploads.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.identity.scanning",
          "src": "scanCard",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#identity.uploading"
              ],
              "actions": [
                {
                  "type": "startUpload",
                  "params": "(from the event)"
                }
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#identity.collecting"
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
      ]
    },
    "uploading": {
      "description": "One photo uploads; its progress is in context.progress.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.identity.uploading",
          "src": "uploadImage",
          "input": "(from the event)"
        }
      ],
      "on": {
        "identity.uploadProgressed": [
          {
            "actions": [
              "trackProgress"
            ]
          }
        ],
        "identity.uploadSucceeded": [
          {
            "target": [
              "#identity.recognising"
            ],
            "guard": "ocrEnabled"
          },
          {
            "target": [
              "#identity.collecting"
            ],
            "actions": [
              "markUploaded"
            ]
          }
        ],
        "identity.uploadFailed": [
          {
            "target": [
              "#identity.sessionEnded"
            ],
            "guard": {
              "type": "sessionEnded",
              "params": "(from the event)"
            }
          },
          {
            "target": [
              "#identity.collecting"
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
    },
    "recognising": {
      "description": "The server reads the card's front (featureMode.ocr 1); an unreadable card is retaken.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.identity.recognising",
          "src": "recognise",
          "onDone": [
            {
              "target": [
                "#identity.collecting"
              ],
              "actions": [
                "markUploaded"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#identity.sessionEnded"
              ],
              "guard": {
                "type": "sessionEnded",
                "params": "(from the event)"
              }
            },
            {
              "target": [
                "#identity.collecting"
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
      ]
    },
    "liveness": {
      "description": "The native liveness SDK checks the borrower's face; its result is then saved.",
      "tags": [
        "busy",
        "checkingLiveness"
      ],
      "entry": [
        "startLiveness"
      ],
      "initial": "checking",
      "states": {
        "checking": {
          "invoke": [
            {
              "id": "0.identity.liveness.checking",
              "src": "runLiveness",
              "onDone": [
                {
                  "target": [
                    "#identity.liveness.saving"
                  ],
                  "actions": [
                    {
                      "type": "takeLiveness",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#identity.collecting"
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
          ]
        },
        "saving": {
          "invoke": [
            {
              "id": "0.identity.liveness.saving",
              "src": "saveLiveness",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#identity.collecting"
                  ],
                  "actions": [
                    "markUploaded"
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#identity.sessionEnded"
                  ],
                  "guard": {
                    "type": "sessionEnded",
                    "params": "(from the event)"
                  }
                },
                {
                  "target": [
                    "#identity.collecting"
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
          ]
        }
      }
    },
    "finishing": {
      "description": "Tells the server every image is in (/user/finishUploadAllImg); the status then moves on.",
      "tags": [
        "busy",
        "finishing"
      ],
      "entry": [
        "clearError"
      ],
      "invoke": [
        {
          "id": "0.identity.finishing",
          "src": "finishUploads",
          "onDone": [
            {
              "target": [
                "#identity.completed"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#identity.sessionEnded"
              ],
              "guard": {
                "type": "sessionEnded",
                "params": "(from the event)"
              }
            },
            {
              "target": [
                "#identity.collecting"
              ],
              "actions": [
                {
                  "type": "showError",
                  "params": "(from the event)"
                }
              ]
            }
          ]
        }
      ]
    },
    "completed": {
      "type": "final"
    },
    "sessionEnded": {
      "type": "final",
      "description": "The server ended the session (spec §8); the journey logs out.",
      "entry": [
        "escalateSessionEnded"
      ]
    }
  }
})
