// order-lifecycle: One borrower's current loan order, from application to repaid, as spec §4's status codes.
// Generated from machines/order-lifecycle.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const orderLifecycleMachine = createMachine({
  "id": "orderLifecycle",
  "description": "One borrower's current loan order, from application to repaid, as spec §4's status codes.",
  "initial": "none",
  "states": {
    "none": {
      "description": "The borrower has never applied.",
      "tags": [
        "canApply"
      ],
      "meta": {
        "step": null,
        "list": null,
        "home": "canLoan"
      },
      "on": {
        "application.started": [
          {
            "target": [
              "#orderLifecycle.basicInfo"
            ],
            "actions": [
              "startNewOrder"
            ]
          }
        ]
      }
    },
    "basicInfo": {
      "description": "6 BasicInfo: the application waits for personal information.",
      "tags": [
        "open",
        "onboarding"
      ],
      "meta": {
        "step": "personalInfo",
        "list": "incomplete",
        "home": "canLoan"
      },
      "on": {
        "profile.basicSaved": [
          {
            "target": [
              "#orderLifecycle.identityOcr"
            ]
          }
        ]
      }
    },
    "identityOcr": {
      "description": "12 IdentityOCR: the application waits for the ID front, back and face check.",
      "tags": [
        "open",
        "onboarding"
      ],
      "meta": {
        "step": "identity",
        "list": "incomplete",
        "home": "canLoan"
      },
      "on": {
        "profile.identityCompleted": [
          {
            "target": [
              "#orderLifecycle.addition"
            ]
          }
        ]
      }
    },
    "addition": {
      "description": "11 Addition: the application waits for work information and emergency contacts.",
      "tags": [
        "open",
        "onboarding"
      ],
      "meta": {
        "step": "additionalInfo",
        "list": "incomplete",
        "home": "canLoan"
      },
      "on": {
        "profile.additionalSaved": [
          {
            "target": [
              "#orderLifecycle.bindCard"
            ]
          }
        ]
      }
    },
    "bindCard": {
      "description": "5 BindCard: the application waits for a wallet account to pay out to.",
      "tags": [
        "open",
        "onboarding"
      ],
      "meta": {
        "step": "addWallet",
        "list": "addingCard",
        "home": "canLoan"
      },
      "on": {
        "wallet.added": [
          {
            "target": [
              "#orderLifecycle.question"
            ],
            "guard": "questionnaireRequired"
          },
          {
            "target": [
              "#orderLifecycle.finishLoading"
            ]
          }
        ]
      }
    },
    "question": {
      "description": "17 Question: Mexico asks the credit-history questionnaire before submitting.",
      "tags": [
        "open",
        "onboarding"
      ],
      "meta": {
        "step": "loanQuestion",
        "list": "incomplete",
        "home": "canLoan"
      },
      "on": {
        "questionnaire.saved": [
          {
            "target": [
              "#orderLifecycle.finishLoading"
            ]
          }
        ]
      }
    },
    "finishLoading": {
      "description": "19 finishLoading: submitted; the data collector finishes before assessment starts.",
      "tags": [
        "open",
        "movesOnItsOwn"
      ],
      "meta": {
        "step": "finishLoading",
        "list": "assessing",
        "home": "assessing"
      },
      "on": {
        "collection.finished": [
          {
            "target": [
              "#orderLifecycle.applying"
            ]
          }
        ]
      }
    },
    "applying": {
      "description": "1 Applying: the lender assesses the application.",
      "tags": [
        "open",
        "underAssessment",
        "movesOnItsOwn"
      ],
      "meta": {
        "step": "reviewTips",
        "list": "assessing",
        "home": "assessing"
      },
      "on": {
        "assessment.approved": [
          {
            "target": [
              "#orderLifecycle.getMoney"
            ],
            "guard": "viaPromotion",
            "actions": [
              "recordApproval"
            ]
          },
          {
            "target": [
              "#orderLifecycle.confirm"
            ],
            "actions": [
              "recordApproval"
            ]
          }
        ],
        "assessment.rejected": [
          {
            "target": [
              "#orderLifecycle.reject"
            ],
            "actions": [
              "recordRejection"
            ]
          }
        ]
      }
    },
    "confirm": {
      "description": "14 Confirm: approved; the borrower has 24 hours to accept the agreement and confirm, or cancel.",
      "tags": [
        "open",
        "canConfirm",
        "canCancel",
        "movesOnItsOwn"
      ],
      "meta": {
        "step": "confirmBorrow",
        "list": "incomplete",
        "home": "approved"
      },
      "on": {
        "borrower.confirmed": [
          {
            "target": [
              "#orderLifecycle.lending"
            ],
            "guard": "canConfirm"
          }
        ],
        "borrower.cancelled": [
          {
            "target": [
              "#orderLifecycle.cancel"
            ],
            "guard": "exactlyOneReason"
          }
        ],
        "staff.cancelled": [
          {
            "target": [
              "#orderLifecycle.cancel"
            ]
          }
        ],
        "approval.expired": [
          {
            "target": [
              "#orderLifecycle.cancel"
            ],
            "guard": "approvalWindowPassed"
          }
        ]
      }
    },
    "getMoney": {
      "description": "18 getMoney: approved through a coupon or promotion flow; otherwise the same as 14.",
      "tags": [
        "open",
        "canConfirm",
        "canCancel",
        "movesOnItsOwn"
      ],
      "meta": {
        "step": "confirmBorrow",
        "list": "incomplete",
        "home": "approved"
      },
      "on": {
        "borrower.confirmed": [
          {
            "target": [
              "#orderLifecycle.lending"
            ],
            "guard": "canConfirm"
          }
        ],
        "borrower.cancelled": [
          {
            "target": [
              "#orderLifecycle.cancel"
            ],
            "guard": "exactlyOneReason"
          }
        ],
        "staff.cancelled": [
          {
            "target": [
              "#orderLifecycle.cancel"
            ]
          }
        ],
        "approval.expired": [
          {
            "target": [
              "#orderLifecycle.cancel"
            ],
            "guard": "approvalWindowPassed"
          }
        ]
      }
    },
    "lending": {
      "description": "7 Lending: confirmed; the money is on its way to the wallet (10–60 minutes).",
      "tags": [
        "open",
        "payingOut",
        "signedContract",
        "movesOnItsOwn"
      ],
      "meta": {
        "step": "lending",
        "list": "disbursing",
        "home": "lending"
      },
      "on": {
        "payout.succeeded": [
          {
            "target": [
              "#orderLifecycle.repaying"
            ]
          }
        ],
        "payout.failed": [
          {
            "target": [
              "#orderLifecycle.payFail"
            ]
          }
        ]
      }
    },
    "payFail": {
      "description": "10 PayFail: the wallet refused the pay-out, or it was not confirmed in time; the borrower corrects the wallet and re-applies. A pay-out the provider confirms late still opens the loan.",
      "tags": [
        "open",
        "payoutFailed",
        "signedContract"
      ],
      "meta": {
        "step": "repayDetail",
        "list": "failed",
        "home": "failed"
      },
      "on": {
        "wallet.corrected": [
          {
            "target": [
              "#orderLifecycle.finishLoading"
            ]
          }
        ],
        "payout.succeeded": [
          {
            "target": [
              "#orderLifecycle.repaying"
            ]
          }
        ]
      }
    },
    "repaying": {
      "description": "2 Repaying: the money was received; repayment is due on the due date.",
      "tags": [
        "open",
        "signedContract",
        "canRepay",
        "canRollover"
      ],
      "meta": {
        "step": "repayDetail",
        "list": "repaying",
        "home": "repaying"
      },
      "on": {
        "repayment.full": [
          {
            "target": [
              "#orderLifecycle.finish"
            ]
          }
        ],
        "repayment.partial": [
          {
            "target": [
              "#orderLifecycle.repaying"
            ]
          }
        ],
        "due.passed": [
          {
            "target": [
              "#orderLifecycle.overdued"
            ]
          }
        ],
        "rollover.confirmed": [
          {
            "target": [
              "#orderLifecycle.repaying"
            ],
            "guard": "rolloverAllowed",
            "actions": [
              "countRollover"
            ],
            "reenter": true
          }
        ]
      }
    },
    "overdued": {
      "description": "3 Overdued: the due date passed; a daily penalty accrues up to its cap.",
      "tags": [
        "open",
        "signedContract",
        "canRepay",
        "canRollover"
      ],
      "meta": {
        "step": "repayDetail",
        "list": "overdue",
        "home": "overdue"
      },
      "on": {
        "repayment.full": [
          {
            "target": [
              "#orderLifecycle.finish"
            ]
          }
        ],
        "repayment.partial": [
          {
            "target": [
              "#orderLifecycle.overdued"
            ]
          }
        ],
        "penalty.accrued": [
          {
            "target": [
              "#orderLifecycle.overdued"
            ]
          }
        ],
        "rollover.confirmed": [
          {
            "target": [
              "#orderLifecycle.repaying"
            ],
            "guard": "rolloverClearsOverdue",
            "actions": [
              "countRollover"
            ]
          }
        ],
        "loan.writtenOff": [
          {
            "target": [
              "#orderLifecycle.finish"
            ]
          }
        ]
      }
    },
    "finish": {
      "description": "4 Finish: repaid in full, or written off by the lender when overdue; the borrower may apply again and skips onboarding.",
      "tags": [
        "canApply",
        "signedContract"
      ],
      "meta": {
        "step": null,
        "list": "finished",
        "home": "canLoan"
      },
      "on": {
        "application.started": [
          {
            "target": [
              "#orderLifecycle.finishLoading"
            ],
            "actions": [
              "startNewOrder"
            ]
          }
        ]
      }
    },
    "cancel": {
      "description": "8 Cancel: cancelled by the borrower with one reason, or not confirmed within 24 hours.",
      "tags": [
        "canApply"
      ],
      "meta": {
        "step": null,
        "list": "cancelled",
        "home": "canLoan"
      },
      "on": {
        "application.started": [
          {
            "target": [
              "#orderLifecycle.finishLoading"
            ],
            "actions": [
              "startNewOrder"
            ]
          }
        ]
      }
    },
    "reject": {
      "description": "9 Reject: not approved; the borrower may apply again 30 days after the decision, at submission (their profile is complete).",
      "meta": {
        "step": null,
        "list": "rejected",
        "home": "rejected"
      },
      "on": {
        "application.started": [
          {
            "target": [
              "#orderLifecycle.finishLoading"
            ],
            "guard": "retryAllowed",
            "actions": [
              "startNewOrder"
            ]
          }
        ]
      }
    }
  }
})
