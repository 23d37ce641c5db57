/**
 * The country's products as radio buttons (to_borrow), shown when the lender offers more than one: each with its
 * highest amount for this borrower and its tenures. Choosing one loads its amounts and pricing terms.
 */
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductSummary } from '../../../domain/api-types'
import { FieldFrame, fieldIds } from '../../../ui/field-frame'
import { useDisplayText } from '../../shared/display-text'

export interface ProductChoiceProps {
  products: readonly ProductSummary[]
  value: string | null
  onChoose: (productId: string) => void
}

export function ProductChoice({ products, value, onChoose }: ProductChoiceProps): ReactElement {
  const { t } = useTranslation()
  const { money } = useDisplayText()
  const ids = fieldIds(useId())
  return (
    <FieldFrame ids={ids} label={t('borrow.toBorrow.product')} group>
      <div className="k-radios" role="radiogroup" aria-labelledby={ids.labelId}>
        {products.map((product) => (
          <label key={product.productId} className="k-radio">
            <input
              type="radio"
              name={ids.controlId}
              checked={product.productId === value}
              onChange={() => onChoose(product.productId)}
            />
            <span>
              {product.name}
              <span className="k-muted">
                {' · '}
                {t('borrow.toBorrow.productDetail', {
                  max: money(product.maxAmountMinor),
                  count: Math.max(...product.tenureDays),
                })}
              </span>
            </span>
          </label>
        ))}
      </div>
    </FieldFrame>
  )
}
