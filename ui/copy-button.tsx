/**
 * Copies a text (an order number, a pay-bill account) to the clipboard. Uses the Clipboard API, falls back to a
 * hidden textarea and execCommand for old WebViews, and says "Copied" or, when both fail, "Copy failed"
 * (spec §8) in a toast.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from './icons'
import { useToast } from './toast'

function copyWithTextarea(text: string): boolean {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.className = 'k-sr'
  document.body.appendChild(area)
  area.select()
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
  }
}

/** Puts `text` on the clipboard; true when it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Refused (no permission, page not focused, insecure context): try the old way.
  }
  return copyWithTextarea(text)
}

export interface CopyButtonProps {
  text: string
  /** Accessible name, default "Copy". */
  label?: string
}

export function CopyButton({ text, label }: CopyButtonProps): ReactElement {
  const { t } = useTranslation()
  const toast = useToast()
  return (
    <button
      type="button"
      className="k-icon-btn k-copy"
      aria-label={label ?? t('ui.copy.copy')}
      onClick={async () => toast.show((await copyText(text)) ? 'ui.copy.done' : 'ui.copy.failed')}
    >
      <Icon name="copy" />
    </button>
  )
}
