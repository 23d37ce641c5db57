// transfer: One movement of money at a wallet provider, from recorded to the provider’s final word.
// Generated from machines/transfer.machine.ts by `npm run flows`; import it into Stately ("Import from code"). Do not edit.
import { createMachine } from 'xstate'

export const transferMachine = createMachine({
  "id": "transfer",
  "description": "One movement of money at a wallet provider, from recorded to the provider’s final word.",
  "initial": "requested",
  "states": {
    "requested": {
      "description": "Recorded with the business change; the outbox sends it after commit.",
      "tags": [
        "open"
      ],
      "on": {
        "transfer.sent": [
          {
            "target": [
              "#transfer.submitted"
            ]
          }
        ],
        "window.passed": [
          {
            "target": [
              "#transfer.expired"
            ]
          }
        ],
        "send.abandoned": [
          {
            "target": [
              "#transfer.failed"
            ]
          }
        ]
      }
    },
    "submitted": {
      "description": "Being sent, or sent without a readable answer: it may be at the provider.",
      "tags": [
        "open",
        "atProvider"
      ],
      "on": {
        "transfer.sent": [
          {
            "target": [
              "#transfer.submitted"
            ]
          }
        ],
        "provider.accepted": [
          {
            "target": [
              "#transfer.accepted"
            ]
          }
        ],
        "provider.refused": [
          {
            "target": [
              "#transfer.failed"
            ]
          }
        ],
        "provider.notFound": [
          {
            "target": [
              "#transfer.requested"
            ]
          }
        ],
        "provider.failed": [
          {
            "target": [
              "#transfer.failed"
            ],
            "guard": "failureConfirmed"
          }
        ],
        "window.passed": [
          {
            "target": [
              "#transfer.expired"
            ]
          }
        ],
        "send.abandoned": [
          {
            "target": [
              "#transfer.failed"
            ]
          }
        ],
        "provider.succeeded": [
          {
            "target": [
              "#transfer.succeeded"
            ],
            "guard": "resultTrusted"
          }
        ]
      }
    },
    "accepted": {
      "description": "The provider acknowledged it; its result comes on a callback or a status query.",
      "tags": [
        "open",
        "atProvider"
      ],
      "on": {
        "provider.failed": [
          {
            "target": [
              "#transfer.failed"
            ],
            "guard": "failureConfirmed"
          }
        ],
        "window.passed": [
          {
            "target": [
              "#transfer.expired"
            ]
          }
        ],
        "provider.succeeded": [
          {
            "target": [
              "#transfer.succeeded"
            ],
            "guard": "resultTrusted"
          }
        ]
      }
    },
    "succeeded": {
      "description": "The money moved; it is booked exactly once.",
      "tags": [
        "final",
        "moved"
      ],
      "on": {
        "provider.reversed": [
          {
            "target": [
              "#transfer.reversed"
            ]
          }
        ]
      }
    },
    "failed": {
      "description": "Not moved. A later confirmed success is the late-success path.",
      "tags": [
        "final"
      ],
      "on": {
        "provider.succeeded": [
          {
            "target": [
              "#transfer.succeeded"
            ],
            "guard": "resultTrusted",
            "actions": [
              "markLate"
            ]
          }
        ]
      }
    },
    "expired": {
      "description": "No final answer within its window; reconciliation keeps asking the provider.",
      "tags": [
        "unresolved"
      ],
      "on": {
        "provider.failed": [
          {
            "target": [
              "#transfer.failed"
            ],
            "guard": "failureConfirmed"
          }
        ],
        "provider.succeeded": [
          {
            "target": [
              "#transfer.succeeded"
            ],
            "guard": "resultTrusted",
            "actions": [
              "markLate"
            ]
          }
        ]
      }
    },
    "reversed": {
      "type": "final",
      "description": "Moved, then reversed by the provider.",
      "tags": [
        "final"
      ]
    }
  }
})
