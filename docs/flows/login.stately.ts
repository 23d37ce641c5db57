// login: Log in or register with a mobile number and an SMS code; another code once a minute.
// Generated from machines/login.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const loginMachine = createMachine({
  "id": "login",
  "description": "Log in or register with a mobile number and an SMS code; another code once a minute.",
  "initial": "editing",
  "states": {
    "editing": {
      "type": "parallel",
      "on": {
        "login.mobileChanged": [
          {
            "actions": [
              {
                "type": "changeMobile",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "login.codeChanged": [
          {
            "actions": [
              {
                "type": "changeCode",
                "params": "(from the event)"
              }
            ]
          }
        ]
      },
      "states": {
        "code": {
          "description": "The SMS code: asked for, then no new one until the server’s wait is over.",
          "initial": "ready",
          "states": {
            "ready": {
              "on": {
                "login.codeRequested": [
                  {
                    "guard": "countryRefused"
                  },
                  {
                    "target": [
                      "#login.editing.code.checking"
                    ],
                    "guard": "inline guard",
                    "actions": [
                      "clearError"
                    ]
                  },
                  {
                    "target": [
                      "#login.editing.code.requesting"
                    ],
                    "guard": "mobileValid",
                    "actions": [
                      "clearError"
                    ]
                  },
                  {
                    "actions": [
                      "showMobileErrors"
                    ]
                  }
                ]
              }
            },
            "checking": {
              "description": "Login: is the number registered? No SMS is spent on a number that has no account.",
              "tags": [
                "busy",
                "requestingCode"
              ],
              "invoke": [
                {
                  "id": "0.login.editing.code.checking",
                  "src": "checkNumber",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#login.editing.code.requesting"
                      ],
                      "guard": {
                        "type": "exists",
                        "params": "(from the event)"
                      }
                    },
                    {
                      "target": [
                        "#login.editing.code.ready"
                      ],
                      "actions": [
                        {
                          "type": "markNumber",
                          "params": {
                            "status": "unregistered"
                          }
                        }
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#login.editing.code.requesting"
                      ]
                    }
                  ]
                }
              ]
            },
            "confirmingRegistered": {
              "description": "Register: the server refused the number; if it is registered, login is offered instead.",
              "tags": [
                "busy"
              ],
              "invoke": [
                {
                  "id": "0.login.editing.code.confirmingRegistered",
                  "src": "checkNumber",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#login.editing.code.ready"
                      ],
                      "guard": {
                        "type": "exists",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "markNumber",
                          "params": {
                            "status": "registered"
                          }
                        }
                      ]
                    },
                    {
                      "target": [
                        "#login.editing.code.ready"
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#login.editing.code.ready"
                      ]
                    }
                  ]
                }
              ]
            },
            "requesting": {
              "tags": [
                "busy",
                "requestingCode"
              ],
              "invoke": [
                {
                  "id": "0.login.editing.code.requesting",
                  "src": "requestCode",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#login.editing.code.coolingDown"
                      ],
                      "actions": [
                        {
                          "type": "startCooldown",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#login.editing.code.confirmingRegistered"
                      ],
                      "guard": {
                        "type": "registerRefusedNumber",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "showServerFieldErrors",
                          "params": "(from the event)"
                        }
                      ]
                    },
                    {
                      "target": [
                        "#login.editing.code.ready"
                      ],
                      "guard": {
                        "type": "refusedAtField",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "showServerFieldErrors",
                          "params": "(from the event)"
                        }
                      ]
                    },
                    {
                      "target": [
                        "#login.editing.code.ready"
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
            "coolingDown": {
              "tags": [
                "coolingDown"
              ],
              "entry": [
                "xstate.raise"
              ],
              "exit": [
                "xstate.cancel"
              ],
              "after": {
                "oneSecond": [
                  {
                    "target": [
                      "#login.editing.code.coolingDown"
                    ],
                    "actions": [
                      "tick"
                    ],
                    "reenter": true
                  }
                ]
              },
              "always": [
                {
                  "target": [
                    "#login.editing.code.ready"
                  ],
                  "guard": "cooledDown"
                }
              ]
            }
          }
        },
        "country": {
          "description": "The server's description of the country: its dial code, or that it does not serve it.",
          "initial": "describing",
          "states": {
            "describing": {
              "invoke": [
                {
                  "id": "0.login.editing.country.describing",
                  "src": "describeCountry",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#login.editing.country.described"
                      ],
                      "actions": [
                        {
                          "type": "keepCountryMeta",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#login.editing.country.refused"
                      ],
                      "guard": {
                        "type": "refusedCountry",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "refuseCountry",
                          "params": "(from the event)"
                        }
                      ]
                    },
                    {
                      "target": [
                        "#login.editing.country.described"
                      ]
                    }
                  ]
                }
              ]
            },
            "described": {},
            "refused": {}
          }
        },
        "form": {
          "initial": "filling",
          "states": {
            "filling": {
              "on": {
                "login.submitted": [
                  {
                    "target": [
                      "#login.editing.form.signingIn"
                    ],
                    "guard": "formValid",
                    "actions": [
                      "clearError"
                    ]
                  },
                  {
                    "actions": [
                      "showFormErrors"
                    ]
                  }
                ]
              }
            },
            "signingIn": {
              "tags": [
                "busy",
                "signingIn"
              ],
              "invoke": [
                {
                  "id": "0.login.editing.form.signingIn",
                  "src": "signIn",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#login.signedIn"
                      ],
                      "actions": [
                        {
                          "type": "keepResult",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "target": [
                        "#login.editing.form.filling"
                      ],
                      "guard": {
                        "type": "refusedAtField",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "showServerFieldErrors",
                          "params": "(from the event)"
                        }
                      ]
                    },
                    {
                      "target": [
                        "#login.editing.form.filling"
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
    },
    "signedIn": {
      "type": "final"
    }
  }
})
