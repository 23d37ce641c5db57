import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatMoney } from '../../domain/money'
import { Button } from '../../ui/button'
import { CopyButton } from '../../ui/copy-button'
import { Dialog } from '../../ui/dialog'
import { DateText, Money } from '../../ui/display'
import { formatDateTime, localDay } from '../../ui/format'
import { ImageCapture } from '../../ui/image-capture'
import { ListRow } from '../../ui/list-row'
import { LoadingOverlay } from '../../ui/loading-overlay'
import { PageHeader } from '../../ui/page-header'
import { EmptyState, ErrorState } from '../../ui/states'
import { TabBar } from '../../ui/tab-bar'
import { TOAST_MS, useToast } from '../../ui/toast'
import { css, renderUi, t } from './render-ui'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The declarations of a selector's own rule in the stylesheet. */
function rule(selector: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?:^|\\n|,\\s*)${escaped}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? ''
}

describe('tap targets and motion in the stylesheet', () => {
  it('defines the tap size as at least 44 px', () => {
    const tap = /--k-tap:\s*(\d+)px/.exec(css)
    expect(Number(tap?.[1])).toBeGreaterThanOrEqual(44)
  })

  it('makes every tappable control of the kit at least the tap size', () => {
    for (const selector of ['.k-btn', '.k-input', '.k-chip', '.k-option', '.k-tab', '.k-check', '.k-radio']) {
      expect(rule(selector), selector).toMatch(/min-height:\s*var\(--k-tap\)/)
    }
    expect(rule('.k-icon-btn')).toMatch(/width:\s*var\(--k-tap\);\s*height:\s*var\(--k-tap\)/)
    expect(rule('.k-row')).toMatch(/min-height:\s*(5\d|[6-9]\d)px/)
  })

  it('stops animations for people who ask for reduced motion', () => {
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)\s*\{[^@]*animation-duration:\s*0\.01ms/)
  })

  it('lets a lender re-theme the app through custom properties', () => {
    for (const name of ['--k-primary', '--k-on-primary', '--k-bg', '--k-surface', '--k-text', '--k-danger'])
      expect(rule(':root')).toContain(`${name}:`)
    expect(css).not.toMatch(/\.k-btn--primary\s*\{[^}]*#[0-9a-f]{3,6}/i)
  })

  it('keeps inputs at 16 px so phones do not zoom into them', () => {
    expect(rule('.k-input')).toMatch(/font-size:\s*16px/)
  })
})

describe('the tab bar', () => {
  it('names the three tabs and marks the current one with aria-current', async () => {
    const user = userEvent.setup()
    const onSelect = vi.fn()
    renderUi(<TabBar current="records" onSelect={onSelect} />)
    const nav = screen.getByRole('navigation', { name: t('ui.tabs.label') })
    const tabs = [t('ui.tabs.home'), t('ui.tabs.records'), t('ui.tabs.me')].map((name) =>
      screen.getByRole('button', { name }),
    )
    expect(nav).toContainElement(tabs[0]!)
    expect(tabs.map((tab) => tab.getAttribute('aria-current'))).toEqual([null, 'page', null])
    await user.click(tabs[2]!)
    expect(onSelect).toHaveBeenCalledWith('me')
  })
})

describe('the page header', () => {
  it('has the page title as the heading and a labelled back button only when it can go back', async () => {
    const user = userEvent.setup()
    const onBack = vi.fn()
    const { rerender } = renderUi(<PageHeader title="Repayment" onBack={onBack} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Repayment' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: t('ui.header.back') }))
    expect(onBack).toHaveBeenCalledTimes(1)
    rerender(<PageHeader title="Home" />)
    expect(screen.queryByRole('button', { name: t('ui.header.back') })).not.toBeInTheDocument()
  })
})

describe('the dialog', () => {
  function Harness({ onConfirm = vi.fn() }: { onConfirm?: () => void }) {
    const [open, setOpen] = useState(false)
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Cancel loan
        </button>
        <Dialog
          open={open}
          title="Cancel this loan?"
          onConfirm={() => {
            onConfirm()
            setOpen(false)
          }}
          onCancel={() => setOpen(false)}
          danger
        >
          You can apply again later.
        </Dialog>
      </>
    )
  }

  it('takes focus to its confirm button, names itself, and gives focus back on cancel', async () => {
    const user = userEvent.setup()
    renderUi(<Harness />)
    const opener = screen.getByRole('button', { name: 'Cancel loan' })
    await user.click(opener)
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this loan?' })
    expect(dialog).toHaveAccessibleDescription('You can apply again later.')
    expect(screen.getByRole('button', { name: t('ui.dialog.confirm') })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: t('ui.dialog.cancel') }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(opener).toHaveFocus()
  })

  it('cancels on Escape and confirms only on the confirm button', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    renderUi(<Harness onConfirm={onConfirm} />)
    await user.click(screen.getByRole('button', { name: 'Cancel loan' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(onConfirm).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Cancel loan' }))
    await user.click(screen.getByRole('button', { name: t('ui.dialog.confirm') }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })
})

describe('the toast', () => {
  function Shower({ messageKey }: { messageKey: string }) {
    const toast = useToast()
    return (
      <button type="button" onClick={() => toast.show(messageKey)}>
        show
      </button>
    )
  }

  it('is announced politely and goes away after a few seconds', async () => {
    vi.useFakeTimers()
    renderUi(<Shower messageKey="ui.copy.done" />)
    const region = screen.getByRole('status')
    expect(region).toHaveAttribute('aria-live', 'polite')
    act(() => screen.getByRole('button', { name: 'show' }).click())
    expect(region).toHaveTextContent(t('ui.copy.done'))
    act(() => vi.advanceTimersByTime(TOAST_MS))
    expect(region).toBeEmptyDOMElement()
  })
})

describe('the loading overlay', () => {
  it('shows only while visible and says it is loading', () => {
    const { rerender } = renderUi(<LoadingOverlay visible={false} />)
    expect(screen.queryByText(t('ui.loading'))).not.toBeInTheDocument()
    rerender(<LoadingOverlay visible />)
    const overlay = screen.getByText(t('ui.loading')).closest('.k-overlay')
    expect(overlay).toHaveAttribute('role', 'status')
    expect(overlay).toHaveAttribute('aria-busy', 'true')
  })
})

describe('the copy button', () => {
  it('copies with the clipboard and says so', async () => {
    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    renderUi(<CopyButton text="KP-20250101-0001" />)
    await user.click(screen.getByRole('button', { name: t('ui.copy.copy') }))
    expect(writeText).toHaveBeenCalledWith('KP-20250101-0001')
    expect(screen.getByRole('status')).toHaveTextContent(t('ui.copy.done'))
  })

  it('shows “copy failed” when neither the clipboard nor the old way works', async () => {
    const user = userEvent.setup()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
    document.execCommand = vi.fn().mockReturnValue(false)
    renderUi(<CopyButton text="KP-1" />)
    await user.click(screen.getByRole('button', { name: t('ui.copy.copy') }))
    expect(document.execCommand).toHaveBeenCalledWith('copy')
    expect(screen.getByRole('status')).toHaveTextContent(t('ui.copy.failed'))
  })
})

describe('empty and error states', () => {
  it('say “No data” by default, and the error state retries', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    renderUi(
      <>
        <EmptyState />
        <ErrorState onRetry={onRetry} />
      </>,
    )
    expect(screen.getByRole('heading', { name: t('ui.empty.title') })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(t('ui.error.text'))
    await user.click(screen.getByRole('button', { name: t('ui.error.retry') }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })
})

describe('list rows', () => {
  it('are one button when tappable and plain text otherwise', async () => {
    const user = userEvent.setup()
    const onClick = vi.fn()
    renderUi(
      <ul className="k-list">
        <ListRow title="FAQ" onClick={onClick} />
        <ListRow title="Version" value="1.0" />
      </ul>,
    )
    await user.click(screen.getByRole('button', { name: 'FAQ' }))
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button', { name: /Version/ })).not.toBeInTheDocument()
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })
})

describe('the busy button', () => {
  it('ignores taps while busy and says it is busy', async () => {
    const user = userEvent.setup()
    const onClick = vi.fn()
    renderUi(
      <Button busy onClick={onClick}>
        Apply
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Apply' })
    expect(button).toHaveAttribute('aria-busy', 'true')
    await user.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })
})

describe('taking a photo of the ID', () => {
  it('opens the back camera for a document, the front one for the face, and accepts images only', () => {
    const { rerender } = renderUi(
      <ImageCapture label="Front of your ID" kind="document" file={null} onChange={vi.fn()} />,
    )
    const input = document.querySelector('input[type=file]')!
    expect(input).toHaveAttribute('accept', 'image/*')
    expect(input).toHaveAttribute('capture', 'environment')
    rerender(<ImageCapture label="Your face" kind="face" file={null} onChange={vi.fn()} />)
    expect(document.querySelector('input[type=file]')).toHaveAttribute('capture', 'user')
  })

  it('hands over the chosen photo, shows its preview, offers a retake, and shows upload progress', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
    )
    const user = userEvent.setup()
    const onChange = vi.fn()
    const photo = new File([new Uint8Array(10)], 'id.jpg', { type: 'image/jpeg' })
    const { rerender } = renderUi(
      <ImageCapture label="Front of your ID" kind="document" file={null} onChange={onChange} />,
    )
    expect(screen.getByRole('button', { name: /Front of your ID/ })).toHaveTextContent(t('ui.image.take'))
    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, photo)
    expect(onChange).toHaveBeenCalledWith(photo)
    rerender(
      <ImageCapture
        label="Front of your ID"
        kind="document"
        file={photo}
        onChange={onChange}
        progress={0.42}
      />,
    )
    expect(
      screen.getByRole('img', { name: t('ui.image.preview', { label: 'Front of your ID' }) }),
    ).toHaveAttribute('src', 'blob:preview')
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42')
    expect(screen.getByRole('button', { name: t('ui.image.retake') })).toBeDisabled()
    rerender(<ImageCapture label="Front of your ID" kind="document" file={photo} onChange={onChange} />)
    expect(screen.getByRole('button', { name: t('ui.image.retake') })).toBeEnabled()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })
})

describe('money and dates', () => {
  it('formats minor units in the country’s currency and locale', () => {
    renderUi(<Money minor={74_800} />, { country: 'TZ', language: 'sw' })
    expect(document.querySelector('.k-money')?.textContent).toBe(formatMoney(74_800, 'TZS', 'sw-TZ'))
  })

  it('shows a UTC time in the borrower’s time zone', () => {
    // 22:30 UTC on 31 Dec is already 1 January in Dar es Salaam (UTC+3), still 31 Dec in Mexico City (UTC−6).
    const at = Date.UTC(2024, 11, 31, 22, 30)
    expect(localDay(at, 'Africa/Dar_es_Salaam')).toBe('2025-01-01')
    expect(localDay(at, 'America/Mexico_City')).toBe('2024-12-31')
    expect(formatDateTime(at, 'en-TZ', 'Africa/Dar_es_Salaam')).toMatch(/01:30/)
    renderUi(<DateText at="2024-12-31T22:30:00Z" withTime />, { country: 'MX', language: 'es' })
    const time = document.querySelector('time')!
    expect(time).toHaveAttribute('datetime', '2024-12-31T22:30:00.000Z')
    // Mexico City is UTC−6: 4:30 p.m. on the same day.
    expect(time.textContent).toMatch(/31/)
    expect(time.textContent).toMatch(/4:30/)
  })
})
