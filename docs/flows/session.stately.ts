// session: The borrower's token and user info; ends on logout or on one of spec §8's session codes.
// Generated from machines/session.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const sessionMachine = createMachine({
  "id": "session",
  "description": "The borrower's token and user info; ends on logout or on one of spec §8's session codes.",
  "initial": "restoring",
  "on": {
    "shell.login": [
      {
        "target": [
          "#session.signingIn"
        ],
        "actions": [
          {
            "type": "takeToken",
            "params": "(from the event)"
          }
        ]
      }
    ],
    "session.signIn": [
      {
        "target": [
          "#session.signingIn"
        ],
        "actions": [
          {
            "type": "takeToken",
            "params": "(from the event)"
          }
        ]
      }
    ],
    "session.toastShown": [
      {
        "actions": [
          "clearToast"
        ]
      }
    ]
  },
  "states": {
    "restoring": {
      "description": "Reads the token and user info the app (or the native shell) stored earlier.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.session.restoring",
          "src": "readStoredSession",
          "onDone": [
            {
              "target": [
                "#session.signedIn"
              ],
              "guard": {
                "type": "hasToken",
                "params": "(from the event)"
              },
              "actions": [
                {
                  "type": "restore",
                  "params": "(from the event)"
                }
              ]
            },
            {
              "target": [
                "#session.signedOut"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#session.signedOut"
              ]
            }
          ]
        }
      ]
    },
    "signedOut": {},
    "signingIn": {
      "description": "Stores the token the shell or the login screen handed over.",
      "tags": [
        "busy"
      ],
      "invoke": [
        {
          "id": "0.session.signingIn",
          "src": "storeToken",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#session.signedIn"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#session.signedOut"
              ],
              "actions": [
                "forget"
              ]
            }
          ]
        }
      ]
    },
    "signedIn": {
      "description": "A token is stored. The user info is (re)read after every login and start-up.",
      "tags": [
        "signedIn"
      ],
      "initial": "loadingUser",
      "on": {
        "shell.logout": [
          {
            "target": [
              "#session.signingOut"
            ]
          }
        ],
        "session.signOut": [
          {
            "target": [
              "#session.signingOut"
            ]
          }
        ],
        "session.reload": [
          {
            "target": [
              "#session.signedIn.loadingUser"
            ]
          }
        ],
        "session.ended": [
          {
            "target": [
              "#session.ending"
            ],
            "guard": "isSessionCode",
            "actions": [
              {
                "type": "announceEnd",
                "params": "(from the event)"
              }
            ]
          }
        ]
      },
      "states": {
        "loadingUser": {
          "invoke": [
            {
              "id": "0.session.signedIn.loadingUser",
              "src": "loadUser",
              "onDone": [
                {
                  "target": [
                    "#session.signedIn.ready"
                  ],
                  "actions": [
                    {
                      "type": "takeUser",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#session.ending"
                  ],
                  "guard": {
                    "type": "sessionEndedBy",
                    "params": "(from the event)"
                  },
                  "actions": [
                    {
                      "type": "announceEnd",
                      "params": "(from the event)"
                    }
                  ]
                },
                {
                  "target": [
                    "#session.signedIn.ready"
                  ]
                }
              ]
            }
          ]
        },
        "ready": {}
      }
    },
    "ending": {
      "description": "The server ended the session (spec §8): the stored session is cleared and the shell told.",
      "tags": [
        "busy"
      ],
      "entry": [
        "forget"
      ],
      "invoke": [
        {
          "id": "0.session.ending",
          "src": "clearStoredSession",
          "input": {
            "revoke": false,
            "tellShell": true
          },
          "onDone": [
            {
              "target": [
                "#session.signedOut"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#session.signedOut"
              ]
            }
          ]
        }
      ]
    },
    "signingOut": {
      "description": "The borrower (in the app) or the shell logged out: the stored session is cleared, the server forgets the token, and the shell is told unless it said so itself.",
      "tags": [
        "busy"
      ],
      "entry": [
        "forget"
      ],
      "invoke": [
        {
          "id": "0.session.signingOut",
          "src": "clearStoredSession",
          "input": "(from the event)",
          "onDone": [
            {
              "target": [
                "#session.signedOut"
              ]
            }
          ],
          "onError": [
            {
              "target": [
                "#session.signedOut"
              ]
            }
          ]
        }
      ]
    }
  }
})
