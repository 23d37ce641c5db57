/**
 * Issue 13, item 7, and docs/glossary.md "Review pass (session 8)": the conventions the Kiswahili and Spanish texts
 * were brought to. Each check names a fault the pass removed, so a new or edited text that brings it back fails here.
 */
import { describe, expect, it } from 'vitest'
import { offending, texts } from './locale-texts'

describe('Spanish (Mexican usage, "tú")', () => {
  it('speaks to the borrower as "tú", never "usted"', () => {
    // Usted's forms: the pronoun, "su/sus" before the borrower's things, and the formal imperatives.
    const usted =
      /\busted(es)?\b|\bsus? (préstamo|cuenta|solicitud|número|celular|pago|identificación|datos)\b|\b(Ingrese|Seleccione|Escriba|Elija|Verifique|Revise|Intente|Suba|Confirme|Pague)\b/
    expect(offending('es', usted)).toEqual([])
  })

  it('opens every question with ¿ and every exclamation with ¡', () => {
    const unbalanced = [...texts('es')]
      .filter(
        ([, t]) =>
          (t.match(/\?/g) ?? []).length !== (t.match(/¿/g) ?? []).length ||
          (t.match(/!/g) ?? []).length !== (t.match(/¡/g) ?? []).length,
      )
      .map(([key, t]) => `${key}: ${t}`)
    expect(unbalanced).toEqual([])
  })

  it('names the face check, the extension, the penalty and the ticket one way each', () => {
    expect(offending('es', /reconocimiento facial/i)).toEqual([])
    expect(offending('es', /prorrog|prórroga/i)).toEqual([])
    expect(offending('es', /cargos? por atraso/i)).toEqual([])
    expect(offending('es', /\bticket/i)).toEqual([])
  })

  it('says "a más tardar" for a due date (not "antes del", which leaves the day out) and "fecha límite", not "vencimiento"', () => {
    expect(offending('es', /antes del \{\{date\}\}|fecha de vencimiento/i)).toEqual([])
  })

  it('calls the phone "celular" in what it tells the borrower to do with it', () => {
    expect(offending('es', /\btu teléfono\b|\bel teléfono a la altura/i)).toEqual([])
  })

  it('writes "Por favor," with its comma', () => {
    expect(offending('es', /Por favor [a-záéíóú]/)).toEqual([])
  })
})

describe('Kiswahili (Tanzanian usage)', () => {
  it('calls the loan application "maombi" (class 6), keeping "ombi" for a single request such as ombi la malipo', () => {
    expect(offending('sw', /\b[Oo]mbi (lako|langu|lenye|la mkopo)\b|ombi lako|Tathmini ya ombi/)).toEqual([])
  })

  it('makes "pesa" agree as a plural: pesa zako zimetumwa, never "pesa yako imetumwa"', () => {
    expect(
      offending('sw', /\b[Pp]esa (yako|imetumwa|haikuweza|iko|itakayotumwa)\b|\bpesa itakayotumwa/),
    ).toEqual([])
  })

  it('cancels a loan with "sitisha" and repays with "lipa" (not "ghairi" for a loan, not "rejesha")', () => {
    expect(offending('sw', /kughairi|rejesha|marejesho/i)).toEqual([])
  })

  it('has no calques the pass removed: "bidhaa ya mkopo", "kwa kuchelewa kabisa", "mkopo unaorudiwa", "agizo"', () => {
    expect(offending('sw', /bidhaa ya mkopo|kwa kuchelewa kabisa|mkopo unaorudiwa|\bagizo\b/i)).toEqual([])
    expect(texts('sw').get('records.json:statement.product')).not.toBe('Bidhaa')
  })

  it('writes the NIDA number in lower case inside a sentence, as the other messages do', () => {
    expect(offending('sw', /Namba ya NIDA|Kitambulisho cha Taifa/)).toEqual([])
  })
})
