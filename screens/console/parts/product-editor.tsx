/**
 * A product's editor: its configuration as JSON, checked at each keystroke with the server's own rules (the
 * problems listed under it, each at its field), its names, whether borrowers are offered it, and a note saying why;
 * beside it, the product's earlier versions. Saving is possible only when nothing is wrong.
 */
import { useId, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { type consoleProductsMachine, type productsView } from '../../../machines/console-products.machine'
import { PRODUCT_NAME_LANGUAGES, PRODUCT_NOTE_MAX } from '../../../machines/console-products/product-draft'
import { Button } from '../../../ui/button'
import { FieldFrame, describedBy, fieldIds } from '../../../ui/field-frame'
import { MessageNotice } from '../../shared/message-text'
import { ProductHistory } from './product-history'
import { ConsoleTextField } from './text-field'

type ProductsRef = ActorRefFrom<typeof consoleProductsMachine>
type View = ReturnType<typeof productsView>

function ConfigurationField({ products, view }: { products: ProductsRef; view: View }): ReactElement {
  const { t } = useTranslation()
  const ids = fieldIds(useId())
  const problemsId = `${ids.controlId}-problems`
  const wrong = view.notJson || view.problems.length > 0
  return (
    <FieldFrame
      ids={ids}
      label={t('console.products.configuration')}
      required
      hint={t('console.products.configurationHint')}
    >
      <textarea
        id={ids.controlId}
        className="k-input c-json"
        name="configuration"
        rows={18}
        spellCheck={false}
        autoCapitalize="off"
        value={view.draft!.text}
        aria-invalid={wrong || undefined}
        aria-describedby={[describedBy(ids, t('console.products.configurationHint'), null), problemsId].join(
          ' ',
        )}
        onChange={(event) => products.send({ type: 'product.textChanged', text: event.target.value })}
      />
      <div id={problemsId} aria-live="polite">
        {view.notJson ? (
          <p className="k-field__error">{t('console.products.notJson')}</p>
        ) : view.problems.length > 0 ? (
          <ul className="k-field__error c-problems">
            {view.problems.map((p) => (
              <li key={`${p.field}:${p.message}`}>
                <code>{p.field}</code>: {p.message}
              </li>
            ))}
          </ul>
        ) : (
          <p className="k-muted k-small">{t('console.products.valid')}</p>
        )}
      </div>
    </FieldFrame>
  )
}

export function ProductEditor({ products, view }: { products: ProductsRef; view: View }): ReactElement {
  const { t } = useTranslation()
  const draft = view.draft!
  const save = (event: FormEvent) => {
    event.preventDefault()
    products.send({ type: 'product.saved' })
  }
  return (
    <form className="k-card k-stack" noValidate onSubmit={save} aria-labelledby="product-editing">
      <h2 id="product-editing" className="k-section-title">
        {t('console.products.editing', { id: draft.id, version: draft.baseVersion })}
      </h2>
      <p className="k-muted k-small">{t('console.products.newOrdersOnly')}</p>
      {view.staleVersion !== null && (
        <div className="k-notice" role="alert">
          <p>{t('console.products.stale', { version: view.staleVersion })}</p>
          <Button variant="secondary" onClick={() => products.send({ type: 'product.reopened' })}>
            {t('console.products.startAgain', { version: view.staleVersion })}
          </Button>
        </div>
      )}
      <ConfigurationField products={products} view={view} />
      <fieldset className="k-stack c-fieldset">
        <legend>{t('console.products.names')}</legend>
        {PRODUCT_NAME_LANGUAGES.map((language, i) => (
          <ConsoleTextField
            key={language}
            name={`name-${language}`}
            label={t(`ui.language.endonym.${language}`)}
            value={draft.names[language]}
            error={i === 0 ? view.namesError : null}
            onChange={(name) => products.send({ type: 'product.nameChanged', language, name })}
          />
        ))}
      </fieldset>
      <label className="k-check">
        <input
          type="checkbox"
          name="active"
          checked={draft.active}
          onChange={(event) => products.send({ type: 'product.activeChanged', active: event.target.checked })}
        />
        <span>{t('console.products.active')}</span>
      </label>
      <ConsoleTextField
        name="note"
        label={t('console.products.note')}
        hint={t('console.products.noteHint', { max: PRODUCT_NOTE_MAX })}
        required
        maxLength={PRODUCT_NOTE_MAX + 50}
        value={draft.note}
        error={view.noteError}
        onChange={(note) => products.send({ type: 'product.noteChanged', note })}
      />
      <MessageNotice message={view.error} />
      <div className="c-buttons">
        <Button type="submit" busy={view.saving} disabled={!view.canSave}>
          {t('console.products.save')}
        </Button>
        <Button
          variant="secondary"
          disabled={view.saving}
          onClick={() => products.send({ type: 'product.closed' })}
        >
          {t('console.products.close')}
        </Button>
      </div>
      <ProductHistory view={view} />
    </form>
  )
}
