// journey: The borrower's way through the app: every route is a state, the order's status picks the next one.
// Generated from machines/journey.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const journeyMachine = createMachine({
  "id": "journey",
  "description": "The borrower's way through the app: every route is a state, the order's status picks the next one.",
  "initial": "booting",
  "invoke": [
    {
      "id": "session",
      "src": "session",
      "onSnapshot": [
        {
          "target": [
            "#login"
          ],
          "guard": {
            "type": "sessionEndedByServer",
            "params": "(from the event)"
          },
          "actions": [
            {
              "type": "mirrorSession",
              "params": "(from the event)"
            },
            "finishBooting",
            "forgetOrder",
            "rememberCurrentRoute"
          ]
        },
        {
          "actions": [
            {
              "type": "mirrorSession",
              "params": "(from the event)"
            }
          ]
        }
      ]
    },
    {
      "id": "appRating",
      "src": "appRating",
      "input": {}
    },
    {
      "id": "language",
      "src": "language"
    }
  ],
  "on": {
    "shell.login": [
      {
        "target": [
          "#journey.app.returning"
        ],
        "actions": [
          {
            "type": "forwardToSession",
            "params": "(from the event)"
          },
          "awaitSession"
        ]
      }
    ],
    "session.signIn": [
      {
        "target": [
          "#journey.app.returning"
        ],
        "actions": [
          {
            "type": "forwardToSession",
            "params": "(from the event)"
          },
          "awaitSession"
        ]
      }
    ],
    "shell.logout": [
      {
        "target": [
          "#home"
        ],
        "actions": [
          {
            "type": "forwardToSession",
            "params": "(from the event)"
          },
          "forgetOrder"
        ]
      }
    ],
    "session.signOut": [
      {
        "target": [
          "#home"
        ],
        "actions": [
          {
            "type": "forwardToSession",
            "params": "(from the event)"
          },
          "forgetOrder"
        ]
      }
    ],
    "session.ended": [
      {
        "target": [
          "#login"
        ],
        "actions": [
          {
            "type": "forwardToSession",
            "params": "(from the event)"
          },
          "forgetOrder",
          "rememberCurrentRoute"
        ]
      }
    ],
    "session.toastShown": [
      {
        "actions": [
          {
            "type": "forwardToSession",
            "params": "(from the event)"
          }
        ]
      }
    ],
    "journey.errorSeen": [
      {
        "actions": [
          "clearError"
        ]
      }
    ],
    "language.chosen": [
      {
        "actions": [
          {
            "type": "forwardToLanguage",
            "params": "(from the event)"
          }
        ]
      }
    ],
    "user.countryChosen": [
      {
        "guard": "sessionSignedOut",
        "actions": [
          {
            "type": "chooseCountry",
            "params": "(from the event)"
          }
        ]
      }
    ],
    "xstate.error.actor.storeCountry": [
      {}
    ],
    "xstate.done.actor.countryLookup": [
      {
        "guard": "countryToDetect",
        "actions": [
          {
            "type": "takeDetectedCountry",
            "params": "(from the event)"
          },
          "stopCountryLookup"
        ]
      },
      {
        "actions": [
          "stopCountryLookup"
        ]
      }
    ],
    "xstate.error.actor.countryLookup": [
      {
        "actions": [
          "stopCountryLookup"
        ]
      }
    ],
    "journey.countryLookupLapsed": [
      {
        "actions": [
          "stopCountryLookup"
        ]
      }
    ]
  },
  "states": {
    "booting": {
      "description": "Restores the session from storage, reads a signed-in borrower’s latest order, then opens the first route.",
      "tags": [
        "busy"
      ],
      "initial": "restoringSession",
      "on": {
        "shell.login": [
          {
            "actions": [
              {
                "type": "forwardToSession",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "session.signIn": [
          {
            "actions": [
              {
                "type": "forwardToSession",
                "params": "(from the event)"
              }
            ]
          }
        ],
        "xstate.route": [
          {
            "guard": "starting",
            "actions": [
              "takeStartRequest"
            ]
          }
        ]
      },
      "states": {
        "restoringSession": {
          "always": [
            {
              "target": [
                "#journey.booting.readingOrder"
              ],
              "guard": "sessionSignedIn"
            },
            {
              "target": [
                "#journey.booting.locating"
              ],
              "guard": "countryHoldsEntry"
            },
            {
              "target": [
                "#journey.booting.entering"
              ],
              "guard": "countryToDetect",
              "actions": [
                "lookUpCountry"
              ]
            },
            {
              "target": [
                "#journey.booting.entering"
              ],
              "guard": "sessionSignedOut"
            }
          ]
        },
        "locating": {
          "description": "A visitor who never chose a country opens a screen that depends on it: the country of their connection, for a few seconds at most (none, or no answer: the default country).",
          "entry": [
            "xstate.raise"
          ],
          "exit": [
            "xstate.cancel"
          ],
          "invoke": [
            {
              "id": "locatingCountry",
              "src": "detectCountry",
              "onDone": [
                {
                  "target": [
                    "#journey.booting.entering"
                  ],
                  "actions": [
                    {
                      "type": "takeDetectedCountry",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "target": [
                    "#journey.booting.entering"
                  ]
                }
              ]
            }
          ],
          "after": {
            "countryLookupLimit": [
              {
                "target": [
                  "#journey.booting.entering"
                ]
              }
            ]
          }
        },
        "readingOrder": {
          "invoke": [
            {
              "id": "0.journey.booting.readingOrder",
              "src": "fetchLatestOrder",
              "onDone": [
                {
                  "target": [
                    "#journey.booting.entering"
                  ],
                  "actions": [
                    {
                      "type": "takeOrder",
                      "params": "(from the event)"
                    }
                  ]
                }
              ],
              "onError": [
                {
                  "guard": {
                    "type": "sessionEnded",
                    "params": "(from the event)"
                  },
                  "actions": [
                    "finishBooting",
                    "endSession"
                  ]
                },
                {
                  "target": [
                    "#journey.booting.entering"
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
        "entering": {
          "entry": [
            "finishBooting",
            {
              "type": "goTo",
              "params": "(from the event)"
            },
            "xstate.assign"
          ]
        }
      }
    },
    "app": {
      "description": "Every screen. A protected route asked for without a session opens login first (spec §2).",
      "initial": "tabs",
      "on": {
        "xstate.route": [
          {
            "target": [
              "#login"
            ],
            "guard": "routeNeedsLogin",
            "actions": [
              "rememberRoute"
            ]
          }
        ],
        "nav.back": [
          {
            "actions": [
              "goBack"
            ]
          }
        ],
        "order.follow": [
          {
            "target": [
              "#journey.app.following"
            ]
          }
        ],
        "contract.opened": [
          {
            "guard": {
              "type": "signedContract",
              "params": "(from the event)"
            },
            "actions": [
              {
                "type": "keepContract",
                "params": "(from the event)"
              },
              {
                "type": "goTo",
                "params": {
                  "wanted": [
                    "agreement"
                  ]
                }
              }
            ]
          }
        ]
      },
      "states": {
        "following": {
          "description": "Reads the latest order and opens the screen its status names: 6 personal info, 12 ID, 11 additional info, 5 wallet, 17 questionnaire, 19 finish loading, 1 review tips, 14/18 confirm borrow, 7 lending, 2/3/10 repay detail; other codes stay on the current screen (home if it no longer applies).",
          "tags": [
            "busy"
          ],
          "invoke": [
            {
              "id": "0.journey.app.following",
              "src": "fetchLatestOrder",
              "onDone": [
                {
                  "guard": {
                    "type": "readingShowsMoneySent",
                    "params": "(from the event)"
                  },
                  "actions": [
                    {
                      "type": "takeOrder",
                      "params": "(from the event)"
                    },
                    {
                      "type": "expectOutcome",
                      "params": {
                        "news": {
                          "kind": "moneySent"
                        }
                      }
                    },
                    "showOutcome"
                  ]
                },
                {
                  "actions": [
                    {
                      "type": "takeOrder",
                      "params": "(from the event)"
                    },
                    "followStatus"
                  ]
                }
              ],
              "onError": [
                {
                  "guard": {
                    "type": "sessionEnded",
                    "params": "(from the event)"
                  },
                  "actions": [
                    "endSession"
                  ]
                },
                {
                  "actions": [
                    {
                      "type": "showError",
                      "params": "(from the event)"
                    },
                    {
                      "type": "goTo",
                      "params": "(from the event)"
                    }
                  ]
                }
              ]
            }
          ]
        },
        "concluding": {
          "description": "A money event ended (repaid, rolled over, cancelled): reads the latest order for what is owed now and opens the outcome screen with the figures; a failed read keeps the borrower where they were.",
          "tags": [
            "busy"
          ],
          "invoke": [
            {
              "id": "0.journey.app.concluding",
              "src": "fetchLatestOrder",
              "onDone": [
                {
                  "actions": [
                    {
                      "type": "takeOrder",
                      "params": "(from the event)"
                    },
                    "showOutcome"
                  ]
                }
              ],
              "onError": [
                {
                  "guard": {
                    "type": "sessionEnded",
                    "params": "(from the event)"
                  },
                  "actions": [
                    "endSession"
                  ]
                },
                {
                  "actions": [
                    {
                      "type": "showError",
                      "params": "(from the event)"
                    },
                    "forgetOutcome",
                    {
                      "type": "goTo",
                      "params": "(from the event)"
                    }
                  ]
                }
              ]
            }
          ]
        },
        "returning": {
          "description": "Signed in: reads the latest order, then goes where the borrower was going (or home).",
          "tags": [
            "busy"
          ],
          "initial": "waitingForSession",
          "states": {
            "waitingForSession": {
              "always": [
                {
                  "target": [
                    "#journey.app.returning.readingOrder"
                  ],
                  "guard": "sessionSignedIn"
                },
                {
                  "guard": "sessionSignedOut",
                  "actions": [
                    {
                      "type": "goTo",
                      "params": {
                        "wanted": [
                          "login"
                        ]
                      }
                    }
                  ]
                }
              ]
            },
            "readingOrder": {
              "invoke": [
                {
                  "id": "0.journey.app.returning.readingOrder",
                  "src": "fetchLatestOrder",
                  "onDone": [
                    {
                      "actions": [
                        {
                          "type": "takeOrder",
                          "params": "(from the event)"
                        },
                        "returnAfterLogin"
                      ]
                    }
                  ],
                  "onError": [
                    {
                      "guard": {
                        "type": "sessionEnded",
                        "params": "(from the event)"
                      },
                      "actions": [
                        "endSession"
                      ]
                    },
                    {
                      "actions": [
                        {
                          "type": "showError",
                          "params": "(from the event)"
                        },
                        "returnAfterLogin"
                      ]
                    }
                  ]
                }
              ]
            }
          }
        },
        "tabs": {
          "initial": "home",
          "states": {
            "home": {
              "id": "home",
              "meta": {
                "route": "home"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "home"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "home"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "home",
                  "src": "home",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "guard": {
                        "type": "homeSaid",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "takeRepeatFlag",
                          "params": "(from the event)"
                        },
                        {
                          "type": "goTo",
                          "params": {
                            "wanted": [
                              "toBorrow"
                            ]
                          }
                        }
                      ]
                    },
                    {
                      "guard": {
                        "type": "homeSaid",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "goTo",
                          "params": {
                            "wanted": [
                              "addBankCard"
                            ]
                          }
                        }
                      ]
                    },
                    {
                      "target": [
                        "#journey.app.following"
                      ],
                      "guard": {
                        "type": "homeSaid",
                        "params": "(from the event)"
                      }
                    }
                  ]
                },
                {
                  "id": "orderWatch",
                  "src": "orderWatch",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "guard": {
                        "type": "orderWatchSawMoneySent",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "takeOrder",
                          "params": "(from the event)"
                        },
                        {
                          "type": "expectOutcome",
                          "params": {
                            "news": {
                              "kind": "moneySent"
                            }
                          }
                        },
                        "showOutcome"
                      ]
                    },
                    {
                      "guard": {
                        "type": "orderWatchSawChange",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "takeOrder",
                          "params": "(from the event)"
                        },
                        "followStatus"
                      ]
                    }
                  ]
                },
                {
                  "id": "redDot",
                  "src": "loadRedDot",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "actions": [
                        {
                          "type": "takeUnreadReplies",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ],
                  "onError": [
                    {}
                  ]
                }
              ]
            },
            "records": {
              "id": "records",
              "meta": {
                "route": "records"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "records"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "records"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "records",
                  "src": "records"
                }
              ]
            },
            "me": {
              "id": "me",
              "meta": {
                "route": "me"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "me"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "me"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "redDot",
                  "src": "loadRedDot",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "actions": [
                        {
                          "type": "takeUnreadReplies",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ],
                  "onError": [
                    {}
                  ]
                }
              ]
            }
          }
        },
        "bankAccount": {
          "description": "The wallet form and the review share one walletForm: a first wallet (5) is checked, reviewed, then sent from the review; a wallet corrected after a failed pay-out (10) is sent at once.",
          "initial": "addBankCard",
          "invoke": [
            {
              "id": "walletForm",
              "src": "walletForm",
              "input": "(from the event)",
              "onDone": [
                {
                  "target": [
                    "#journey.app.following"
                  ],
                  "guard": {
                    "type": "formSaved",
                    "params": "(from the event)"
                  },
                  "actions": [
                    "forgetReview"
                  ]
                }
              ]
            }
          ],
          "states": {
            "addBankCard": {
              "id": "addBankCard",
              "meta": {
                "route": "addBankCard"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "addBankCard"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "addBankCard"
                  }
                }
              ],
              "on": {
                "form.ready": [
                  {
                    "actions": [
                      {
                        "type": "keepReviewWallet",
                        "params": "(from the event)"
                      },
                      {
                        "type": "goTo",
                        "params": {
                          "wanted": [
                            "reviewApplication"
                          ]
                        }
                      }
                    ]
                  }
                ]
              }
            },
            "reviewApplication": {
              "id": "reviewApplication",
              "description": "What the borrower applies for and entered: the order's amount and term, the profile the server has (read again on entry), the wallet as typed. Edit opens a step; Submit sends the wallet.",
              "meta": {
                "route": "reviewApplication"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "reviewApplication"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "reviewApplication"
                  }
                },
                "startReview",
                "rereadUser"
              ],
              "on": {
                "application.submitted": [
                  {
                    "actions": [
                      "confirmWallet"
                    ]
                  }
                ],
                "form.refused": [
                  {
                    "actions": [
                      {
                        "type": "goTo",
                        "params": {
                          "wanted": [
                            "addBankCard"
                          ]
                        }
                      }
                    ]
                  }
                ],
                "review.edited": [
                  {
                    "actions": [
                      {
                        "type": "goTo",
                        "params": "(from the event)"
                      }
                    ]
                  }
                ]
              }
            }
          }
        },
        "auth": {
          "initial": "personalInfomation",
          "states": {
            "personalInfomation": {
              "id": "personalInfomation",
              "meta": {
                "route": "personalInfomation"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "personalInfomation"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "personalInfomation"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "personalInfoForm",
                  "src": "personalInfoForm",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#journey.app.following"
                      ],
                      "guard": {
                        "type": "formSaved",
                        "params": "(from the event)"
                      }
                    }
                  ]
                }
              ]
            },
            "idCardAuthentication": {
              "id": "idCardAuthentication",
              "meta": {
                "route": "idCardAuthentication"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "idCardAuthentication"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "idCardAuthentication"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "identity",
                  "src": "identity",
                  "onDone": [
                    {
                      "target": [
                        "#journey.app.following"
                      ],
                      "guard": {
                        "type": "childFinished",
                        "params": "(from the event)"
                      }
                    }
                  ]
                }
              ]
            },
            "additionalInfomation": {
              "id": "additionalInfomation",
              "description": "The form, and beside it the order's product terms: the salary bands in its currency label the band picker (the country's defaults until they arrive, or if they cannot be read).",
              "meta": {
                "route": "additionalInfomation"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "additionalInfomation"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "additionalInfomation"
                  }
                }
              ],
              "exit": [
                "forgetSalaryBands"
              ],
              "invoke": [
                {
                  "id": "additionalInfoForm",
                  "src": "additionalInfoForm",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#journey.app.following"
                      ],
                      "guard": {
                        "type": "formSaved",
                        "params": "(from the event)"
                      }
                    }
                  ]
                },
                {
                  "id": "salaryBands",
                  "src": "loadSalaryBands",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "actions": [
                        {
                          "type": "takeSalaryBands",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ],
                  "onError": [
                    {}
                  ]
                }
              ]
            },
            "loanQuestion": {
              "id": "loanQuestion",
              "meta": {
                "route": "loanQuestion"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "loanQuestion"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "loanQuestion"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "questionnaireForm",
                  "src": "questionnaireForm",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#journey.app.following"
                      ],
                      "guard": {
                        "type": "formSaved",
                        "params": "(from the event)"
                      }
                    }
                  ]
                }
              ]
            },
            "reviewTips": {
              "id": "reviewTips",
              "description": "The application is being assessed (1): the order watch follows it; \"order.follow\" checks at once.",
              "meta": {
                "route": "reviewTips"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "reviewTips"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "reviewTips"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "orderWatch",
                  "src": "orderWatch",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "guard": {
                        "type": "orderWatchSawMoneySent",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "takeOrder",
                          "params": "(from the event)"
                        },
                        {
                          "type": "expectOutcome",
                          "params": {
                            "news": {
                              "kind": "moneySent"
                            }
                          }
                        },
                        "showOutcome"
                      ]
                    },
                    {
                      "guard": {
                        "type": "orderWatchSawChange",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "takeOrder",
                          "params": "(from the event)"
                        },
                        "followStatus"
                      ]
                    }
                  ]
                }
              ]
            }
          }
        },
        "borrow": {
          "initial": "agreement",
          "states": {
            "agreement": {
              "id": "agreement",
              "description": "The loan agreement's full text: the open order's, else the product's; or, opened with 'contract.opened', a confirmed order's signed contract.",
              "meta": {
                "route": "agreement"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "agreement"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "agreement"
                  }
                }
              ],
              "exit": [
                "forgetContract"
              ],
              "invoke": [
                {
                  "id": "agreement",
                  "src": "agreement",
                  "input": "(from the event)"
                }
              ]
            },
            "toBorrow": {
              "id": "toBorrow",
              "description": "Choose amount and tenure, then apply: apply-market, or apply-market-again for a repeat borrower.",
              "meta": {
                "route": "toBorrow"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "toBorrow"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "toBorrow"
                  }
                }
              ],
              "initial": "choosingCall",
              "invoke": [
                {
                  "id": "loanOffer",
                  "src": "loanOffer"
                }
              ],
              "states": {
                "choosingCall": {
                  "always": [
                    {
                      "target": [
                        "#journey.app.borrow.toBorrow.again"
                      ],
                      "guard": "repeatBorrower"
                    },
                    {
                      "target": [
                        "#journey.app.borrow.toBorrow.first"
                      ]
                    }
                  ]
                },
                "first": {
                  "invoke": [
                    {
                      "id": "application",
                      "src": "applicationForm",
                      "input": "(from the event)",
                      "onDone": [
                        {
                          "target": [
                            "#journey.app.following"
                          ],
                          "guard": {
                            "type": "formSaved",
                            "params": "(from the event)"
                          }
                        }
                      ]
                    }
                  ]
                },
                "again": {
                  "invoke": [
                    {
                      "id": "application",
                      "src": "repeatApplicationForm",
                      "input": "(from the event)",
                      "onDone": [
                        {
                          "target": [
                            "#journey.app.following"
                          ],
                          "guard": {
                            "type": "formSaved",
                            "params": "(from the event)"
                          }
                        }
                      ]
                    }
                  ]
                }
              }
            },
            "confirmBorrow": {
              "id": "confirmBorrow",
              "meta": {
                "route": "confirmBorrow"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "confirmBorrow"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "confirmBorrow"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "confirmBorrow",
                  "src": "confirmBorrow",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#journey.app.concluding"
                      ],
                      "guard": {
                        "type": "outcomeIs",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "expectOutcome",
                          "params": {
                            "news": {
                              "kind": "cancelled"
                            }
                          }
                        }
                      ]
                    },
                    {
                      "target": [
                        "#journey.app.following"
                      ],
                      "guard": {
                        "type": "confirmSettled",
                        "params": "(from the event)"
                      }
                    }
                  ]
                }
              ]
            },
            "lending": {
              "id": "lending",
              "description": "Confirmed (7): the money is on its way; the lending child reads when it should arrive, the order watch follows the order to repay detail.",
              "meta": {
                "route": "lending"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "lending"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "lending"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "lending",
                  "src": "lending",
                  "input": "(from the event)"
                },
                {
                  "id": "orderWatch",
                  "src": "orderWatch",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "guard": {
                        "type": "orderWatchSawMoneySent",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "takeOrder",
                          "params": "(from the event)"
                        },
                        {
                          "type": "expectOutcome",
                          "params": {
                            "news": {
                              "kind": "moneySent"
                            }
                          }
                        },
                        "showOutcome"
                      ]
                    },
                    {
                      "guard": {
                        "type": "orderWatchSawChange",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "takeOrder",
                          "params": "(from the event)"
                        },
                        "followStatus"
                      ]
                    }
                  ]
                }
              ]
            }
          }
        },
        "repay": {
          "initial": "paying",
          "states": {
            "paying": {
              "description": "The repayment child runs the detail and the cashier; the route follows its step.",
              "initial": "repayDetail",
              "invoke": [
                {
                  "id": "repayment",
                  "src": "repayment",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#journey.app.concluding"
                      ],
                      "guard": {
                        "type": "outcomeIs",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "expectOutcome",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ],
                  "onSnapshot": [
                    {
                      "target": [
                        "#staticCashier"
                      ],
                      "guard": {
                        "type": "repaymentScreenIs",
                        "params": "(from the event)"
                      }
                    },
                    {
                      "target": [
                        "#cashier"
                      ],
                      "guard": {
                        "type": "repaymentScreenIs",
                        "params": "(from the event)"
                      }
                    },
                    {
                      "target": [
                        "#repayDetail"
                      ],
                      "guard": {
                        "type": "repaymentScreenIs",
                        "params": "(from the event)"
                      }
                    }
                  ]
                }
              ],
              "states": {
                "repayDetail": {
                  "id": "repayDetail",
                  "meta": {
                    "route": "repayDetail"
                  },
                  "route": {
                    "guard": {
                      "type": "mayEnter",
                      "params": {
                        "route": "repayDetail"
                      }
                    }
                  },
                  "entry": [
                    {
                      "type": "arrive",
                      "params": {
                        "route": "repayDetail"
                      }
                    }
                  ]
                },
                "cashier": {
                  "id": "cashier",
                  "meta": {
                    "route": "cashier"
                  },
                  "route": {
                    "guard": {
                      "type": "mayEnter",
                      "params": {
                        "route": "cashier"
                      }
                    }
                  },
                  "entry": [
                    {
                      "type": "arrive",
                      "params": {
                        "route": "cashier"
                      }
                    }
                  ]
                },
                "staticCashier": {
                  "id": "staticCashier",
                  "meta": {
                    "route": "staticCashier"
                  },
                  "route": {
                    "guard": {
                      "type": "mayEnter",
                      "params": {
                        "route": "staticCashier"
                      }
                    }
                  },
                  "entry": [
                    {
                      "type": "arrive",
                      "params": {
                        "route": "staticCashier"
                      }
                    }
                  ]
                }
              }
            },
            "extending": {
              "description": "The rollover child: the 7-day extension, its fee and its payment.",
              "initial": "exhibitionPeriodDetail",
              "invoke": [
                {
                  "id": "rollover",
                  "src": "rollover",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#journey.app.concluding"
                      ],
                      "guard": {
                        "type": "outcomeIs",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "expectOutcome",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ],
                  "onSnapshot": [
                    {
                      "target": [
                        "#rollover"
                      ],
                      "guard": {
                        "type": "rolloverScreenIs",
                        "params": "(from the event)"
                      }
                    },
                    {
                      "target": [
                        "#exhibitionPeriodDetail"
                      ],
                      "guard": {
                        "type": "rolloverScreenIs",
                        "params": "(from the event)"
                      }
                    }
                  ]
                }
              ],
              "states": {
                "exhibitionPeriodDetail": {
                  "id": "exhibitionPeriodDetail",
                  "meta": {
                    "route": "exhibitionPeriodDetail"
                  },
                  "route": {
                    "guard": {
                      "type": "mayEnter",
                      "params": {
                        "route": "exhibitionPeriodDetail"
                      }
                    }
                  },
                  "entry": [
                    {
                      "type": "arrive",
                      "params": {
                        "route": "exhibitionPeriodDetail"
                      }
                    }
                  ]
                },
                "rollover": {
                  "id": "rollover",
                  "meta": {
                    "route": "rollover"
                  },
                  "route": {
                    "guard": {
                      "type": "mayEnter",
                      "params": {
                        "route": "rollover"
                      }
                    }
                  },
                  "entry": [
                    {
                      "type": "arrive",
                      "params": {
                        "route": "rollover"
                      }
                    }
                  ]
                }
              }
            }
          }
        },
        "userCenter": {
          "initial": "settings",
          "states": {
            "customerServices": {
              "id": "customerServices",
              "meta": {
                "route": "customerServices"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "customerServices"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "customerServices"
                  }
                }
              ]
            },
            "settings": {
              "id": "settings",
              "meta": {
                "route": "settings"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "settings"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "settings"
                  }
                }
              ]
            },
            "aboutUs": {
              "id": "aboutUs",
              "meta": {
                "route": "aboutUs"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "aboutUs"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "aboutUs"
                  }
                }
              ]
            },
            "faq": {
              "id": "faq",
              "meta": {
                "route": "faq"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "faq"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "faq"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "helpContent",
                  "src": "helpContent",
                  "input": {
                    "kind": "faq"
                  }
                }
              ]
            },
            "language": {
              "id": "language",
              "meta": {
                "route": "language"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "language"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "language"
                  }
                }
              ]
            },
            "openApp": {
              "id": "openApp",
              "description": "The \"run in the app\" prompt: where to download the app (nothing inside the shell).",
              "meta": {
                "route": "openApp"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "openApp"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "openApp"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "helpContent",
                  "src": "helpContent",
                  "input": {
                    "kind": "downloadAddress"
                  }
                }
              ]
            },
            "deleteAccount": {
              "id": "deleteAccount",
              "description": "Refused while a loan is open; one reason and an SMS code; deleted: signed out, home.",
              "meta": {
                "route": "deleteAccount"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "deleteAccount"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "deleteAccount"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "accountDeletion",
                  "src": "accountDeletion",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "guard": {
                        "type": "deletionSaid",
                        "params": "(from the event)"
                      },
                      "actions": [
                        "signOut"
                      ]
                    },
                    {
                      "guard": {
                        "type": "deletionSaid",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "goTo",
                          "params": {
                            "wanted": [
                              "settings"
                            ]
                          }
                        }
                      ]
                    }
                  ]
                }
              ]
            },
            "coupons": {
              "id": "coupons",
              "meta": {
                "route": "coupons"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "coupons"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "coupons"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "coupons",
                  "src": "coupons",
                  "input": {
                    "mode": "centre"
                  }
                }
              ]
            }
          }
        },
        "user": {
          "description": "Login and register; once the session is signed in the borrower goes on where they were going.",
          "initial": "login",
          "on": {
            "user.accountSwitched": [
              {
                "actions": [
                  {
                    "type": "keepMobile",
                    "params": "(from the event)"
                  },
                  {
                    "type": "goTo",
                    "params": "(from the event)"
                  }
                ]
              }
            ]
          },
          "states": {
            "login": {
              "id": "login",
              "meta": {
                "route": "login"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "login"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "login"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "loginForm",
                  "src": "loginForm",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "actions": [
                        {
                          "type": "signInWith",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ]
                }
              ]
            },
            "register": {
              "id": "register",
              "meta": {
                "route": "register"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "register"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "register"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "loginForm",
                  "src": "loginForm",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "actions": [
                        {
                          "type": "signInWith",
                          "params": "(from the event)"
                        }
                      ]
                    }
                  ]
                }
              ]
            },
            "nation": {
              "id": "nation",
              "meta": {
                "route": "nation"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "nation"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "nation"
                  }
                }
              ],
              "on": {
                "user.countryChosen": [
                  {
                    "guard": "sessionSignedOut",
                    "actions": [
                      {
                        "type": "chooseCountry",
                        "params": "(from the event)"
                      },
                      "goBack"
                    ]
                  }
                ]
              }
            }
          }
        },
        "feedback": {
          "description": "Feedback tickets with receipts; the ticket child runs the list, the form and the detail.",
          "initial": "feedbackList",
          "invoke": [
            {
              "id": "feedbackTicket",
              "src": "feedbackTicket",
              "input": "(from the event)",
              "onSnapshot": [
                {
                  "target": [
                    "#feedbackList"
                  ],
                  "guard": {
                    "type": "feedbackScreenIs",
                    "params": "(from the event)"
                  }
                },
                {
                  "target": [
                    "#addFeedback"
                  ],
                  "guard": {
                    "type": "feedbackScreenIs",
                    "params": "(from the event)"
                  }
                },
                {
                  "target": [
                    "#feedbackResult"
                  ],
                  "guard": {
                    "type": "feedbackScreenIs",
                    "params": "(from the event)"
                  }
                },
                {
                  "target": [
                    "#feedbackDetail"
                  ],
                  "guard": {
                    "type": "feedbackScreenIs",
                    "params": "(from the event)"
                  }
                }
              ]
            }
          ],
          "states": {
            "feedbackList": {
              "id": "feedbackList",
              "meta": {
                "route": "feedbackList"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "feedbackList"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "feedbackList"
                  }
                }
              ]
            },
            "addFeedback": {
              "id": "addFeedback",
              "meta": {
                "route": "addFeedback"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "addFeedback"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "addFeedback"
                  }
                }
              ]
            },
            "feedbackDetail": {
              "id": "feedbackDetail",
              "meta": {
                "route": "feedbackDetail"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "feedbackDetail"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "feedbackDetail"
                  }
                }
              ]
            },
            "feedbackFaq": {
              "id": "feedbackFaq",
              "description": "The questions that answer most problems, before a ticket is written. Writing one (the route to add_feedback) is entered in place, not from the root, so the ticket child keeps running and starts the ticket; without a session the route goes to login first, as anywhere.",
              "meta": {
                "route": "feedbackFaq"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "feedbackFaq"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "feedbackFaq"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "helpContent",
                  "src": "helpContent",
                  "input": {
                    "kind": "questions"
                  }
                }
              ],
              "on": {
                "xstate.route": [
                  {
                    "target": [
                      "#addFeedback"
                    ],
                    "guard": {
                      "type": "routeHere",
                      "params": {
                        "route": "addFeedback"
                      }
                    },
                    "actions": [
                      "startTicket"
                    ]
                  }
                ]
              }
            },
            "feedbackResult": {
              "id": "feedbackResult",
              "meta": {
                "route": "feedbackResult"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "feedbackResult"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "feedbackResult"
                  }
                }
              ]
            }
          }
        },
        "standalone": {
          "initial": "pop",
          "states": {
            "pop": {
              "id": "pop",
              "meta": {
                "route": "pop"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "pop"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "pop"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "permission",
                  "src": "permission",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "actions": [
                        "answerDisclosure",
                        "leaveDisclosure"
                      ]
                    }
                  ]
                }
              ]
            },
            "permission": {
              "id": "permission",
              "meta": {
                "route": "permission"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "permission"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "permission"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "permission",
                  "src": "permission",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "actions": [
                        "answerDisclosure",
                        "goHome"
                      ]
                    }
                  ]
                }
              ]
            },
            "privacyPolicy": {
              "id": "privacyPolicy",
              "meta": {
                "route": "privacyPolicy"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "privacyPolicy"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "privacyPolicy"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "legalDocument",
                  "src": "legalDocument",
                  "input": "(from the event)"
                }
              ]
            },
            "privacy": {
              "id": "privacy",
              "meta": {
                "route": "privacy"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "privacy"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "privacy"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "legalDocument",
                  "src": "legalDocument",
                  "input": "(from the event)"
                }
              ]
            },
            "termsOfService": {
              "id": "termsOfService",
              "meta": {
                "route": "termsOfService"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "termsOfService"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "termsOfService"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "legalDocument",
                  "src": "legalDocument",
                  "input": "(from the event)"
                }
              ]
            },
            "agreements": {
              "id": "agreements",
              "meta": {
                "route": "agreements"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "agreements"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "agreements"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "legalDocument",
                  "src": "legalDocument",
                  "input": "(from the event)"
                }
              ]
            },
            "yx1": {
              "id": "yx1",
              "meta": {
                "route": "yx1"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "yx1"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "yx1"
                  }
                }
              ]
            },
            "yx2": {
              "id": "yx2",
              "meta": {
                "route": "yx2"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "yx2"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "yx2"
                  }
                }
              ]
            },
            "yx2ConfirmBorrow": {
              "id": "yx2ConfirmBorrow",
              "description": "Confirm borrow reached from a promotion (18): the same confirmation.",
              "meta": {
                "route": "yx2ConfirmBorrow"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "yx2ConfirmBorrow"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "yx2ConfirmBorrow"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "confirmBorrow",
                  "src": "confirmBorrow",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "target": [
                        "#journey.app.concluding"
                      ],
                      "guard": {
                        "type": "outcomeIs",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "expectOutcome",
                          "params": {
                            "news": {
                              "kind": "cancelled"
                            }
                          }
                        }
                      ]
                    },
                    {
                      "target": [
                        "#journey.app.following"
                      ],
                      "guard": {
                        "type": "confirmSettled",
                        "params": "(from the event)"
                      }
                    }
                  ]
                }
              ]
            },
            "yx3": {
              "id": "yx3",
              "meta": {
                "route": "yx3"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "yx3"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "yx3"
                  }
                }
              ],
              "on": {
                "user.mobileEntered": [
                  {
                    "actions": [
                      {
                        "type": "keepMobile",
                        "params": "(from the event)"
                      },
                      {
                        "type": "goTo",
                        "params": {
                          "wanted": [
                            "register"
                          ]
                        }
                      }
                    ]
                  }
                ]
              }
            },
            "cancellationForm": {
              "id": "cancellationForm",
              "description": "Cancel an approved order with exactly one reason; kept: back to confirm borrow.",
              "meta": {
                "route": "cancellationForm"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "cancellationForm"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "cancellationForm"
                  }
                }
              ],
              "invoke": [
                {
                  "id": "cancellation",
                  "src": "cancellation",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "guard": {
                        "type": "cancellationDismissed",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "goTo",
                          "params": {
                            "wanted": [
                              "confirmBorrow"
                            ]
                          }
                        }
                      ]
                    },
                    {
                      "target": [
                        "#journey.app.concluding"
                      ],
                      "guard": {
                        "type": "outcomeIs",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "expectOutcome",
                          "params": {
                            "news": {
                              "kind": "cancelled"
                            }
                          }
                        }
                      ]
                    }
                  ]
                }
              ]
            },
            "outcome": {
              "id": "outcome",
              "description": "What a money event did, with the figures (money sent, repaid in full or in part, rolled over, cancelled) and what happens next; Continue opens the screen the status names, else home.",
              "meta": {
                "route": "outcome"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "outcome"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "outcome"
                  }
                }
              ],
              "exit": [
                "forgetOutcome"
              ],
              "on": {
                "outcome.dismissed": [
                  {
                    "actions": [
                      "leaveOutcome"
                    ]
                  }
                ]
              }
            },
            "finishLoading": {
              "id": "finishLoading",
              "description": "Submitted (19): the upload check and the data collector run, then /user/submit; then 1. The order watch follows the order meanwhile (the server moves it on by itself after its grace period).",
              "meta": {
                "route": "finishLoading"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "finishLoading"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "finishLoading"
                  }
                }
              ],
              "initial": "checking",
              "invoke": [
                {
                  "id": "orderWatch",
                  "src": "orderWatch",
                  "input": "(from the event)",
                  "onDone": [
                    {
                      "guard": {
                        "type": "orderWatchSawMoneySent",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "takeOrder",
                          "params": "(from the event)"
                        },
                        {
                          "type": "expectOutcome",
                          "params": {
                            "news": {
                              "kind": "moneySent"
                            }
                          }
                        },
                        "showOutcome"
                      ]
                    },
                    {
                      "guard": {
                        "type": "orderWatchSawChange",
                        "params": "(from the event)"
                      },
                      "actions": [
                        {
                          "type": "takeOrder",
                          "params": "(from the event)"
                        },
                        "followStatus"
                      ]
                    }
                  ]
                }
              ],
              "states": {
                "checking": {
                  "description": "Check only (spec §4): is anything left to collect for this order? Nothing: submit, with no disclosure, since nothing will be collected. Something, and the permission disclosure is not yet answered in this visit: /pop first, then back here. Else the collector runs.",
                  "invoke": [
                    {
                      "id": "uploadGate",
                      "src": "uploadGate",
                      "input": "(from the event)",
                      "onDone": [
                        {
                          "target": [
                            "#journey.app.standalone.finishLoading.submitting"
                          ],
                          "guard": {
                            "type": "gatePassed",
                            "params": "(from the event)"
                          }
                        },
                        {
                          "guard": "disclosureDue",
                          "actions": [
                            {
                              "type": "discloseBefore",
                              "params": {
                                "route": "finishLoading"
                              }
                            }
                          ]
                        },
                        {
                          "target": [
                            "#journey.app.standalone.finishLoading.collecting"
                          ]
                        }
                      ]
                    }
                  ]
                },
                "collecting": {
                  "invoke": [
                    {
                      "id": "uploadGate",
                      "src": "uploadGate",
                      "input": "(from the event)",
                      "onDone": [
                        {
                          "target": [
                            "#journey.app.standalone.finishLoading.submitting"
                          ],
                          "guard": {
                            "type": "gatePassed",
                            "params": "(from the event)"
                          }
                        },
                        {
                          "target": [
                            "#journey.app.standalone.finishLoading.failed"
                          ],
                          "actions": [
                            {
                              "type": "showGateFailure",
                              "params": "(from the event)"
                            }
                          ]
                        }
                      ]
                    }
                  ]
                },
                "submitting": {
                  "invoke": [
                    {
                      "id": "0.journey.app.standalone.finishLoading.submitting",
                      "src": "submitApplication",
                      "input": "(from the event)",
                      "onDone": [
                        {
                          "target": [
                            "#journey.app.following"
                          ]
                        }
                      ],
                      "onError": [
                        {
                          "guard": {
                            "type": "sessionEnded",
                            "params": "(from the event)"
                          },
                          "actions": [
                            "endSession"
                          ]
                        },
                        {
                          "target": [
                            "#journey.app.standalone.finishLoading.failed"
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
                "failed": {
                  "description": "The check or the submit failed; the borrower retries.",
                  "on": {
                    "finishLoading.retried": [
                      {
                        "target": [
                          "#journey.app.standalone.finishLoading.collecting"
                        ],
                        "actions": [
                          "clearError"
                        ]
                      }
                    ]
                  }
                }
              }
            }
          }
        },
        "dev": {
          "description": "Development only: the flows of every machine (#/__flows).",
          "initial": "flows",
          "states": {
            "flows": {
              "id": "flows",
              "meta": {
                "route": "flows"
              },
              "route": {
                "guard": {
                  "type": "mayEnter",
                  "params": {
                    "route": "flows"
                  }
                }
              },
              "entry": [
                {
                  "type": "arrive",
                  "params": {
                    "route": "flows"
                  }
                }
              ]
            }
          }
        }
      }
    }
  }
})
