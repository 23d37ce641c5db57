/**
 * What a machine hands a screen to show (machines/submit.machine.ts `Message`): an i18n key with its values, or
 * a text the server already translated. `useMessageText` turns either into the words on screen; `MessageNotice`
 * shows one as an alert.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { Message } from '../../machines/kit/call-failure'
import { AlertNotice } from '../../ui/notice'

export function useMessageText(): (message: Message) => string {
  const { t } = useTranslation()
  return (message) => ('key' in message ? t(message.key, message.values) : message.text)
}

/** A machine's message as an alert (announced at once, brought into view), or nothing. */
export function MessageNotice({ message }: { message: Message | null | undefined }): ReactElement | null {
  const text = useMessageText()
  if (!message) return null
  return <AlertNotice>{text(message)}</AlertNotice>
}
