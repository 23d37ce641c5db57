/** /privacy_policy and /privacy — the privacy policy as the server writes it for the borrower's country. */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ScreenProps } from '../screen-props'
import { LegalDocumentPage } from './parts/legal-document'

export default function PrivacyScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  return <LegalDocumentPage journey={journey} title={t('standalone.privacy.title')} />
}
