/**
 * The fault simulation's only source of chance: a small seeded generator (mulberry32), so a seed replays the
 * same scenario. Nothing in tests/money calls Math.random.
 *
 * `fork(label)` gives an independent stream derived from the seed and a label (the provider's, the scheduler's,
 * the crash switch's…), so a draw added in one place does not shift every other decision of the scenario.
 */
export class Rng {
  private state: number

  constructor(private readonly base: number) {
    this.state = base >>> 0
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return p > 0 && this.next() < p
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing')
    return items[Math.floor(this.next() * items.length)]!
  }

  /** Picks by weight: [[weight, value], …]. */
  weighted<T>(options: readonly (readonly [number, T])[]): T {
    const total = options.reduce((s, [w]) => s + w, 0)
    let r = this.next() * total
    for (const [w, v] of options) {
      if (r < w) return v
      r -= w
    }
    return options[options.length - 1]![1]
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items]
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1))
      ;[out[i], out[j]] = [out[j]!, out[i]!]
    }
    return out
  }

  /** An independent stream of the same seed. */
  fork(label: string): Rng {
    let h = (this.base ^ 0x9e3779b9) >>> 0
    for (let i = 0; i < label.length; i += 1) {
      h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0
    }
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0
    return new Rng((h ^ (h >>> 16)) >>> 0)
  }
}
