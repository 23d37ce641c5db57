import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Countdown } from '../../ui/countdown'
import { formatDuration } from '../../ui/format'
import { renderUi } from './render-ui'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(Date.UTC(2025, 0, 1, 12, 0, 0))
})
afterEach(() => vi.useRealTimers())

describe('the countdown', () => {
  it('shows the time left as hh:mm:ss, hours past a day included', () => {
    expect(formatDuration(0)).toBe('00:00:00')
    expect(formatDuration(61_000)).toBe('00:01:01')
    expect(formatDuration(24 * 3600_000)).toBe('24:00:00')
    expect(formatDuration(1)).toBe('00:00:01')
    expect(formatDuration(-5000)).toBe('00:00:00')
  })

  it('counts down every second and calls onDone exactly once when the time is up', () => {
    const onDone = vi.fn()
    renderUi(<Countdown target={Date.now() + 3_000} onDone={onDone} />)
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:03')
    act(() => vi.advanceTimersByTime(1_000))
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:02')
    act(() => vi.advanceTimersByTime(2_000))
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00')
    expect(onDone).toHaveBeenCalledTimes(1)
    act(() => vi.advanceTimersByTime(10_000))
    expect(onDone).toHaveBeenCalledTimes(1)
  })

  it('calls onDone once at once when the target has already passed', () => {
    const onDone = vi.fn()
    renderUi(<Countdown target={Date.now() - 1} onDone={onDone} />)
    act(() => vi.advanceTimersByTime(5_000))
    expect(onDone).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00')
  })

  it('does not drift: after the phone slept it shows the real time left', () => {
    let clock = Date.now()
    const now = () => clock
    renderUi(<Countdown target={clock + 15 * 60_000} now={now} />)
    expect(screen.getByRole('timer')).toHaveTextContent('00:15:00')
    // Timers were frozen for 10 minutes; the next tick reads the clock, not a count of ticks.
    clock += 10 * 60_000
    act(() => vi.advanceTimersByTime(1_000))
    expect(screen.getByRole('timer')).toHaveTextContent('00:05:00')
  })

  it('starts over for a new target and then calls onDone once more', () => {
    const onDone = vi.fn()
    const { rerender } = renderUi(<Countdown target={Date.now() + 1_000} onDone={onDone} />)
    act(() => vi.advanceTimersByTime(1_000))
    expect(onDone).toHaveBeenCalledTimes(1)
    rerender(<Countdown target={Date.now() + 2_000} onDone={onDone} />)
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:02')
    act(() => vi.advanceTimersByTime(2_000))
    expect(onDone).toHaveBeenCalledTimes(2)
  })
})
