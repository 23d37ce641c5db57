import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import FaqScreen from '../../screens/user-center/faq'
import type { FaqContent } from '../../domain/api-types'
import type { Language } from '../../domain/countries'
import { renderUserCentre, startUserCentre, t } from './user-center-harness'

/** The FAQ as the server writes it in each language: two sections, three questions. */
const FAQ: Record<Language, FaqContent> = {
  en: {
    language: 'en',
    sections: [
      {
        id: 'loans',
        title: 'Loans',
        items: [
          { id: 'amount', question: 'How much can I borrow?', answer: 'From TSh 5,000 up to your limit.' },
          { id: 'cancel', question: 'Can I cancel a loan?', answer: 'Before you confirm it, yes.' },
        ],
      },
      {
        id: 'repay',
        title: 'Repayment',
        items: [{ id: 'late', question: 'What if I repay late?', answer: 'A penalty of 2% a day is added.' }],
      },
    ],
  },
  sw: {
    language: 'sw',
    sections: [
      {
        id: 'loans',
        title: 'Mikopo',
        items: [
          {
            id: 'amount',
            question: 'Naweza kukopa kiasi gani?',
            answer: 'Kuanzia TSh 5,000 hadi kikomo chako.',
          },
          { id: 'cancel', question: 'Naweza kughairi mkopo?', answer: 'Ndiyo, kabla ya kuuthibitisha.' },
        ],
      },
      {
        id: 'repay',
        title: 'Marejesho',
        items: [{ id: 'late', question: 'Nikichelewa kulipa?', answer: 'Adhabu ya 2% kwa siku inaongezwa.' }],
      },
    ],
  },
  es: {
    language: 'es',
    sections: [
      {
        id: 'loans',
        title: 'Préstamos',
        items: [
          {
            id: 'amount',
            question: '¿Cuánto me pueden prestar?',
            answer: 'Desde 500 pesos hasta tu límite.',
          },
          { id: 'cancel', question: '¿Puedo cancelar un préstamo?', answer: 'Sí, antes de confirmarlo.' },
        ],
      },
      {
        id: 'repay',
        title: 'Pagos',
        items: [
          {
            id: 'late',
            question: '¿Qué pasa si pago tarde?',
            answer: 'Se suma una penalización del 2% diario.',
          },
        ],
      },
    ],
  },
}

async function openFaq(language: Language, faq: Partial<{ fail: boolean }> = {}) {
  let fail = faq.fail ?? false
  const journey = startUserCentre({
    entry: 'faq',
    io: {
      loadFaq: async () => {
        if (fail) throw { ok: false, kind: 'network', message: 'errors.network' }
        return FAQ[language]
      },
    },
  })
  await renderUserCentre({ faq: FaqScreen }, journey.actor, { route: 'faq', language })
  return { journey, recover: () => (fail = false) }
}

const questions = () => screen.queryAllByText(/\?$/).map((node) => node.textContent)

describe('FAQ', () => {
  const cases: [Language, string, string[]][] = [
    ['en', 'late', ['What if I repay late?']],
    ['sw', 'kughairi', ['Naweza kughairi mkopo?']],
    // Accents do not matter: "prestamo" finds "préstamo" (and the answer of the first is searched too).
    ['es', 'prestamo cancelar', ['¿Puedo cancelar un préstamo?']],
  ]
  it.each(cases)('in %s, filters the questions as the borrower types', async (language, query, expected) => {
    const user = userEvent.setup()
    await openFaq(language)
    await screen.findByText(FAQ[language].sections[0]!.items[0]!.question)
    expect(questions()).toHaveLength(3)
    await user.type(screen.getByRole('searchbox', { name: t('user-center.faq.search') }), query)
    expect(questions()).toEqual(expected)
  })

  it('finds every question of a section by its title', async () => {
    const user = userEvent.setup()
    await openFaq('sw')
    await user.type(await screen.findByRole('searchbox', { name: 'Tafuta maswali' }), 'mikopo')
    expect(questions()).toEqual(['Naweza kukopa kiasi gani?', 'Naweza kughairi mkopo?'])
    expect(screen.getByRole('heading', { name: 'Mikopo' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Marejesho' })).not.toBeInTheDocument()
  })

  it('says in Spanish when nothing matches', async () => {
    const user = userEvent.setup()
    await openFaq('es')
    await user.type(await screen.findByRole('searchbox', { name: 'Buscar en las preguntas' }), 'tarjeta')
    expect(questions()).toEqual([])
    expect(screen.getByText('Ninguna pregunta coincide con “tarjeta”')).toBeInTheDocument()
  })

  it('opens an answer in place', async () => {
    const user = userEvent.setup()
    await openFaq('en')
    const answer = await screen.findByText('A penalty of 2% a day is added.')
    expect(answer).not.toBeVisible()
    await user.click(screen.getByText('What if I repay late?'))
    expect(answer).toBeVisible()
  })

  it('offers to try again when the FAQ could not be read', async () => {
    const user = userEvent.setup()
    const { recover } = await openFaq('en', { fail: true })
    await user.click(await screen.findByRole('button', { name: t('ui.error.retry') }))
    expect(screen.queryByText('How much can I borrow?')).not.toBeInTheDocument()
    recover()
    await user.click(screen.getByRole('button', { name: t('ui.error.retry') }))
    await waitFor(() => expect(questions()).toHaveLength(3))
  })
})
