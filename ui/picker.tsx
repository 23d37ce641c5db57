/**
 * Choosing one value from a list: <Picker> is the bottom sheet with a listbox (and a search box for long lists
 * such as regions and districts); <PickerSelect> is the select-like field that shows the chosen label and opens
 * the picker. Arrow keys, Home and End move between options, Enter or Space chooses, Escape closes.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { BottomSheet } from './bottom-sheet'
import { Icon } from './icons'

export type OptionValue = string | number

export interface PickerOption<V extends OptionValue = OptionValue> {
  value: V
  label: string
}

/** Lists longer than this get a search box unless `searchable` says otherwise. */
export const SEARCH_THRESHOLD = 10

/** Case- and accent-insensitive form of a label, so "arusha" finds "Arusha" and "mexico" finds "México". */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim()
}

export interface PickerProps<V extends OptionValue> {
  open: boolean
  title: string
  options: readonly PickerOption<V>[]
  value: V | null | undefined
  onSelect: (value: V) => void
  onClose: () => void
  /** Show a search box; by default when there are more than SEARCH_THRESHOLD options. */
  searchable?: boolean
}

export function Picker<V extends OptionValue>({
  open,
  title,
  options,
  value,
  onSelect,
  onClose,
  searchable: withSearch = options.length > SEARCH_THRESHOLD,
}: PickerProps<V>): ReactElement | null {
  const { t } = useTranslation()
  const listId = useId()
  const [query, setQuery] = useState('')
  const searchRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLUListElement>(null)

  const shown = useMemo(() => {
    const wanted = searchKey(query)
    return wanted ? options.filter((o) => searchKey(o.label).includes(wanted)) : options
  }, [options, query])

  const optionEls = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])
  const focusOption = (index: number) => {
    const els = optionEls()
    const el = els[Math.max(0, Math.min(index, els.length - 1))]
    el?.focus()
    el?.scrollIntoView?.({ block: 'nearest' })
  }
  const choose = (option: PickerOption<V>) => {
    onSelect(option.value)
    setQuery('')
    onClose()
  }
  const close = () => {
    setQuery('')
    onClose()
  }

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const els = optionEls()
    const at = els.indexOf(document.activeElement as HTMLElement)
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: els.length - 1 }
    const target = moves[event.key]
    if (target !== undefined) {
      event.preventDefault()
      if (target < 0 && searchRef.current) searchRef.current.focus()
      else focusOption(target)
    } else if ((event.key === 'Enter' || event.key === ' ') && at >= 0) {
      event.preventDefault()
      const option = shown[at]
      if (option) choose(option)
    }
  }

  const selectedIndex = shown.findIndex((o) => o.value === value)
  return (
    <BottomSheet
      open={open}
      title={title}
      onClose={close}
      initialFocus={() => searchRef.current ?? optionEls()[Math.max(0, selectedIndex)]}
    >
      {withSearch && (
        <div className="k-sheet__search">
          <Icon name="search" />
          <input
            ref={searchRef}
            type="search"
            className="k-input"
            value={query}
            aria-label={t('ui.picker.search')}
            placeholder={t('ui.picker.search')}
            aria-controls={listId}
            autoComplete="off"
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault()
                focusOption(0)
              } else if (event.key === 'Enter' && shown.length === 1 && shown[0]) {
                event.preventDefault()
                choose(shown[0])
              }
            }}
          />
        </div>
      )}
      <ul
        ref={listRef}
        id={listId}
        className="k-options"
        role="listbox"
        aria-label={title}
        onKeyDown={onListKey}
      >
        {shown.map((option, index) => (
          <li
            key={String(option.value)}
            role="option"
            className="k-option"
            aria-selected={option.value === value}
            tabIndex={index === Math.max(0, selectedIndex) ? 0 : -1}
            onClick={() => choose(option)}
          >
            {option.label}
            {option.value === value && <Icon name="check" />}
          </li>
        ))}
      </ul>
      {shown.length === 0 && (
        <p className="k-sheet__empty" role="status">
          {t('ui.picker.noResults', { query })}
        </p>
      )}
    </BottomSheet>
  )
}

export interface PickerSelectProps<V extends OptionValue> {
  id?: string
  /** The sheet's title (usually the field's label). */
  title: string
  options: readonly PickerOption<V>[]
  value: V | null | undefined
  onChange: (value: V) => void
  /** Called when the picker closes, so a form marks the field as touched. */
  onBlur?: () => void
  onFocus?: () => void
  placeholder?: string
  disabled?: boolean
  searchable?: boolean
  'aria-labelledby'?: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
  /**
   * Accepted for the kit's fields' sake but not put on the button: ARIA allows no aria-required on a button (axe
   * `aria-allowed-attr`, critical). The label's star and the error at the field say it is required.
   */
  'aria-required'?: boolean
}

/** A button that looks like a field, shows the chosen option's label, and opens the picker. */
export function PickerSelect<V extends OptionValue>({
  id,
  title,
  options,
  value,
  onChange,
  onBlur,
  onFocus,
  placeholder,
  disabled,
  searchable: withSearch,
  'aria-required': _required,
  ...aria
}: PickerSelectProps<V>): ReactElement {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const selected = options.find((o) => o.value === value)
  const ownId = useId()
  const buttonId = id ?? ownId
  return (
    <>
      <button
        id={buttonId}
        type="button"
        className="k-input k-select"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled}
        {...aria}
        aria-labelledby={aria['aria-labelledby'] ? `${aria['aria-labelledby']} ${buttonId}` : undefined}
        onClick={() => {
          onFocus?.()
          setOpen(true)
        }}
      >
        <span className={selected ? undefined : 'k-placeholder'}>
          {selected ? selected.label : (placeholder ?? t('ui.picker.choose'))}
        </span>
        <Icon name="next" />
      </button>
      <Picker
        open={open}
        title={title}
        options={options}
        value={value}
        searchable={withSearch}
        onSelect={onChange}
        onClose={() => {
          setOpen(false)
          onBlur?.()
        }}
      />
    </>
  )
}
