/** /terms_of_service and /agreements — the terms of service as the server writes them for the borrower's country. */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ScreenProps } from '../screen-props'
import { LegalDocumentPage } from './parts/legal-document'

export default function TermsScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  return <LegalDocumentPage journey={journey} title={t('standalone.terms.title')} />
}
