/**
 * The FAQ in English, Kiswahili and Spanish. Every figure (amounts, tenures, rates, fees, tax, penalty, rollover,
 * repayment rules, contacts) comes from the live configuration through `Facts`, so the answers change when a
 * lender changes a product. Answers that need a product are left out while the country offers none.
 *
 * The feedback screen shows the questions a ticket is usually about before the borrower writes one
 * (FEEDBACK_QUESTIONS, /feedback/list/question_answer); they are the same entries, not a second text.
 */
import type { FaqContent, FaqItem, FaqSection } from '../../domain/api-types'
import type { Language } from '../../domain/countries'
import { orList, type Facts } from './facts'

/** [id, question, answer or null when the facts to answer it are missing]. */
type Entry = readonly [string, string, string | null]
type Section = readonly [string, string, readonly Entry[]]

/** The entries the feedback screen shows before a ticket, in this order. */
export const FEEDBACK_QUESTIONS = [
  'repay.notUpdated',
  'money.notReceived',
  'rollover.how',
  'repay.how',
  'apply.rejected',
  'money.when',
  'cancel.how',
] as const

const join = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' ')

function english(f: Facts): Section[] {
  const l = f.loan
  const account = f.bankAccount ? 'bank account (CLABE)' : 'mobile money wallet'
  const apr = f.aprLabel === 'CAT' ? 'CAT (total annual cost)' : 'annual percentage rate (APR)'
  return [
    [
      'loans',
      'About our loans',
      [
        [
          'loans.who',
          'Who can borrow?',
          `You can borrow if you are over 18, have a monthly income and live in ${f.countryName}. You need a mobile number registered in your name and ${f.bankAccount ? 'a bank account with an 18-digit CLABE' : `a mobile money wallet (${f.wallets})`} to receive the money.`,
        ],
        [
          'loans.amount',
          'How much can I borrow?',
          l &&
            join(
              `Your first loan can be from ${l.minAmount} to ${l.maxAmount}.`,
              l.topLimit && `Each loan you repay on time can raise your limit, up to ${l.topLimit}.`,
              'Your own limit is shown on the home screen.',
            ),
        ],
        [
          'loans.tenure',
          'For how long can I borrow?',
          l &&
            join(
              `You choose the term when you apply: ${l.tenures} days.`,
              l.installments > 1
                ? `You repay in ${l.installments} installments; the last one falls on the due date.`
                : 'You repay everything on the due date, or earlier if you wish.',
            ),
        ],
        [
          'loans.cost',
          'How much does a loan cost?',
          l &&
            join(
              `Interest is ${l.dailyRate} a day (${l.annualRate} a year): simple interest on the amount borrowed for the days of the term.`,
              `A processing fee of ${l.fee}${l.feePerDay ? ' per day of the term' : ''} of the amount, plus ${l.taxName} of ${l.taxRate} on that fee, is deducted when the money is sent.`,
              `Example: borrowing ${l.example.amount} for ${l.example.days} days costs ${l.example.interest} in interest; the fee is ${l.example.fee} and the tax ${l.example.tax}, so you receive ${l.example.received} and repay ${l.example.total}.`,
              `Every figure, including the ${apr}, is shown before you confirm, and nothing else is charged if you repay on time.`,
            ),
        ],
        [
          'loans.repeat',
          'Do I get better terms next time?',
          l?.ladder
            ? `Yes. Each loan you repay on time raises your limit by ${l.ladder.increase} and lowers your daily rate, down to ${l.ladder.floorRate} a day. Your details are already saved, so applying again takes a minute.`
            : null,
        ],
      ],
    ],
    [
      'apply',
      'Applying',
      [
        [
          'apply.steps',
          'What do I need to apply?',
          join(
            `Your personal details, photos of the front and back of your national ID and a selfie for the face check, your work details and two emergency contacts, and the ${account} that receives the money.`,
            f.country === 'MX' && 'In Mexico you also answer a short credit-history questionnaire.',
            'The app saves each step, so you can continue later.',
          ),
        ],
        [
          'apply.review',
          'How long does the review take?',
          'Usually 5 to 10 minutes, and at most one working day. If nothing has happened after 24 hours, the usual causes are missing or incorrect details, an account that cannot receive money, or an account flagged as high risk. Contact us and we will check.',
        ],
        [
          'apply.rejected',
          'My application was not approved. What now?',
          'You can apply again 30 days after the decision; the app shows the date. Meanwhile, check that your details are complete and correct, because that helps the next review.',
        ],
        [
          'apply.oneLoan',
          'Can I have two loans at the same time?',
          'No. You can have one loan at a time. Once it is repaid you can apply again straight away.',
        ],
      ],
    ],
    [
      'money',
      'Receiving the money',
      [
        [
          'money.confirm',
          'My loan was approved. What do I do?',
          'Open the app, read the loan agreement and confirm within 24 hours. Before you confirm you see the amount you receive, the interest, the fees and tax, the total to repay and the due date. An approval that is not confirmed within 24 hours is cancelled, and you can apply again.',
        ],
        [
          'money.when',
          'When will I receive the money?',
          `Usually 10 to 60 minutes after you confirm. The money goes to your ${account}; you receive the amount borrowed less the processing fee and its tax.`,
        ],
        [
          'money.notReceived',
          'I have not received my money.',
          `Wait 60 minutes after confirming and check the messages from your ${f.bankAccount ? 'bank' : 'wallet provider'}. If the payment failed, the app lets you edit your account: correct it and we send the same loan again. Otherwise open a ticket under "${f.ticketTypes.notReceived}" and we will trace the payment.`,
        ],
      ],
    ],
    [
      'cancel',
      'Cancelling',
      [
        [
          'cancel.how',
          'Can I cancel my loan?',
          'While your application is being reviewed it cannot be withdrawn. Once it is approved you can cancel it before you confirm, choosing one reason; nothing is charged. After you confirm, the money is on its way and the loan cannot be cancelled, but you can repay it early at no extra cost.',
        ],
      ],
    ],
    [
      'repay',
      'Repaying',
      [
        [
          'repay.how',
          'How do I repay?',
          `In the app, open your loan and tap Repay, choose the amount and pay ${f.bankAccount ? 'by bank transfer (SPEI) to the CLABE and reference shown' : `with ${f.wallets}: confirm the payment prompt on your phone, or pay to the number and reference shown`}. Each payment request is valid for 15 minutes; if it expires, start a new one.`,
        ],
        [
          'repay.partial',
          'Can I repay part of the loan, or repay early?',
          l &&
            `Yes. You can pay any whole amount of at least ${l.minRepayment}, in multiples of ${l.repaymentUnit}, or exactly what is left. Repaying early costs nothing extra, and interest is charged by the day: repay in full before the due date and you pay interest only up to the day you repay (at least one day).`,
        ],
        [
          'repay.notUpdated',
          'I paid, but my loan is not updated.',
          `Payments made in the app usually show within a few minutes. If it still does not show after two hours, or you paid outside the app, open a ticket under "${f.ticketTypes.notUpdated}" with a photo of the payment receipt. We check payment proofs within 48 hours.`,
        ],
        [
          'repay.late',
          'What happens if I repay late?',
          l &&
            join(
              `A late fee of ${l.penaltyRate} of the overdue amount is added for each day late.`,
              l.chargesCap &&
                `Interest, fees, tax, extension fees and late fees together never exceed ${l.chargesCap} of the amount borrowed: a late fee or extension fee that would pass it is reduced, or not charged.`,
              l.ladder &&
                `Repaying late also lowers your limit and raises your daily rate by one step for your next loan, never beyond your first loan's terms; repaying more than ${l.ladder.resetAfterDays} days late takes you back to your first loan's limit and rate.`,
              `If a loan is more than ${l.seriousOverdueDays} days overdue, we cannot lend to you again.`,
              'If you cannot pay on time, extend the due date or contact us before it falls due.',
            ),
        ],
      ],
    ],
    [
      'rollover',
      'Extending the due date',
      [
        [
          'rollover.how',
          'Can I extend my due date?',
          l && l.maxRollovers > 0
            ? `Yes. An extension moves your due date to ${l.rolloverDays} days after the current due date (not after the day you ask) for a fee of ${l.rolloverFee} of the amount borrowed, plus ${l.taxName}. It is offered only while that new date has not passed, so it always brings your loan back to date. The amount borrowed, the interest and any late fee already charged stay due. You can extend a loan up to ${l.maxRollovers} times, from the repay screen, which shows the new due date, the fee and what you will then owe before you pay.`
            : null,
        ],
      ],
    ],
    [
      'coupons',
      'Coupons',
      [
        [
          'coupons.what',
          'What are coupons?',
          'A coupon takes a fixed amount off the interest of a loan of at least its minimum amount, until it expires. Pick it when you confirm a loan; the confirmation shows the new total before you agree. You get a coupon draw when you join and after every loan you repay. Coupons are never given for rating the app.',
        ],
      ],
    ],
    [
      'data',
      'Your data',
      [
        [
          'data.use',
          'Which of my data do you use, and why?',
          join(
            `We use the details you enter and your ID and selfie photos to confirm who you are and to decide on your loan, and your ${account} to pay you.`,
            f.collected.length > 0
              ? `In ${f.countryName} the app also collects ${orList(f.collected, 'en')} to prevent fraud and assess risk; refusing it may affect approval.`
              : 'We do not read your contacts, messages, call log, installed apps or location to decide on loans or to collect them.',
            'We never sell your data.',
          ),
        ],
        [
          'data.contacts',
          'Will you call my emergency contacts?',
          'Your emergency contacts are typed in by you. We never contact them about your loan or your debt, and we never share them.',
        ],
        [
          'data.safety',
          'Is my data safe?',
          'Your connection to us is encrypted. Your ID and selfie photos are stored privately and shown only to you. Only staff who need your details to serve you can see them.',
        ],
        [
          'data.delete',
          'How do I delete my account?',
          'In the app, open Settings and choose Delete account, pick one reason and confirm with the code we send by SMS. It is not possible while a loan is open. We delete your personal details and photos; records of past loans and payments are kept for as long as the law requires, and nothing else.',
        ],
      ],
    ],
    [
      'help',
      'Help',
      [
        [
          'help.contact',
          'How do I contact you?',
          `Call ${f.service.phone} or write on WhatsApp to ${f.service.whatsapp}, ${f.service.days}, ${f.service.opens}–${f.service.closes}, or e-mail ${f.service.email}. You can also open a feedback ticket in the app: we answer in the app, and a red dot shows you a new reply.`,
        ],
        [
          'help.lender',
          'Who lends the money?',
          `${f.lender.name}, licensed by ${f.lender.regulator} (licence ${f.lender.licence}).`,
        ],
      ],
    ],
  ]
}

function kiswahili(f: Facts): Section[] {
  const l = f.loan
  const account = f.bankAccount ? 'akaunti ya benki (CLABE)' : 'pochi ya pesa kwa simu'
  const apr = f.aprLabel === 'CAT' ? 'CAT (gharama ya jumla ya mwaka)' : 'kiwango cha gharama cha mwaka (APR)'
  return [
    [
      'loans',
      'Kuhusu mikopo yetu',
      [
        [
          'loans.who',
          'Nani anaweza kukopa?',
          `Unaweza kukopa kama una umri wa zaidi ya miaka 18, una kipato cha kila mwezi na unaishi ${f.countryName}. Unahitaji namba ya simu iliyosajiliwa kwa jina lako na ${f.bankAccount ? 'akaunti ya benki yenye CLABE ya tarakimu 18' : `pochi ya pesa kwa simu (${f.wallets})`} ya kupokea pesa.`,
        ],
        [
          'loans.amount',
          'Naweza kukopa kiasi gani?',
          l &&
            join(
              `Mkopo wako wa kwanza unaweza kuwa kuanzia ${l.minAmount} hadi ${l.maxAmount}.`,
              l.topLimit &&
                `Kila mkopo unaoulipa kwa wakati unaweza kuongeza kikomo chako, hadi ${l.topLimit}.`,
              'Kikomo chako kinaonyeshwa kwenye ukurasa wa mwanzo.',
            ),
        ],
        [
          'loans.tenure',
          'Naweza kukopa kwa muda gani?',
          l &&
            join(
              `Unachagua muda unapoomba: siku ${l.tenures}.`,
              l.installments > 1
                ? `Unalipa kwa awamu ${l.installments}; ya mwisho inaangukia tarehe ya mwisho ya kulipa.`
                : 'Unalipa kiasi chote tarehe ya mwisho ya kulipa, au mapema ukipenda.',
            ),
        ],
        [
          'loans.cost',
          'Mkopo unagharimu kiasi gani?',
          l &&
            join(
              `Riba ni ${l.dailyRate} kwa siku (${l.annualRate} kwa mwaka): riba rahisi juu ya kiasi ulichokopa kwa siku za muda wa mkopo.`,
              `Ada ya huduma ya ${l.fee}${l.feePerDay ? ' kwa kila siku ya muda wa mkopo' : ''} ya kiasi, pamoja na ${l.taxName} (${l.taxRate}) juu ya ada hiyo, hukatwa pesa zinapotumwa.`,
              `Mfano: ukikopa ${l.example.amount} kwa siku ${l.example.days}, riba ni ${l.example.interest}; ada ni ${l.example.fee} na kodi ${l.example.tax}, hivyo unapokea ${l.example.received} na unalipa ${l.example.total}.`,
              `Kila kiasi, pamoja na ${apr}, kinaonyeshwa kabla hujathibitisha, na hakuna gharama nyingine ukilipa kwa wakati.`,
            ),
        ],
        [
          'loans.repeat',
          'Nitapata masharti bora zaidi wakati ujao?',
          l?.ladder
            ? `Ndiyo. Kila mkopo unaoulipa kwa wakati unaongeza kikomo chako kwa ${l.ladder.increase} na unapunguza riba yako ya kila siku, hadi ${l.ladder.floorRate} kwa siku. Taarifa zako tayari zimehifadhiwa, hivyo kuomba tena kunachukua dakika moja.`
            : null,
        ],
      ],
    ],
    [
      'apply',
      'Kuomba mkopo',
      [
        [
          'apply.steps',
          'Nahitaji nini ili kuomba?',
          join(
            `Taarifa zako binafsi, picha za mbele na nyuma za kitambulisho chako cha taifa na picha ya uso wako kwa uthibitisho, taarifa za kazi yako na watu wawili wa dharura, pamoja na ${account} ya kupokea pesa.`,
            f.country === 'MX' && 'Nchini Meksiko pia unajibu dodoso fupi kuhusu historia yako ya mikopo.',
            'Programu inahifadhi kila hatua, hivyo unaweza kuendelea baadaye.',
          ),
        ],
        [
          'apply.review',
          'Tathmini inachukua muda gani?',
          'Kwa kawaida dakika 5 hadi 10, na si zaidi ya siku moja ya kazi. Kama hakuna kilichotokea baada ya saa 24, sababu za kawaida ni taarifa zilizopungua au zisizo sahihi, akaunti isiyoweza kupokea pesa, au akaunti yenye hatari kubwa. Wasiliana nasi na tutaangalia.',
        ],
        [
          'apply.rejected',
          'Ombi langu halikukubaliwa. Nifanye nini?',
          'Unaweza kuomba tena siku 30 baada ya uamuzi; programu inaonyesha tarehe. Kwa sasa hakikisha taarifa zako zimekamilika na ni sahihi, kwa sababu hilo linasaidia tathmini inayofuata.',
        ],
        [
          'apply.oneLoan',
          'Naweza kuwa na mikopo miwili kwa wakati mmoja?',
          'Hapana. Unaweza kuwa na mkopo mmoja tu kwa wakati mmoja. Ukishaulipa unaweza kuomba tena papo hapo.',
        ],
      ],
    ],
    [
      'money',
      'Kupokea pesa',
      [
        [
          'money.confirm',
          'Mkopo wangu umekubaliwa. Nifanye nini?',
          'Fungua programu, soma mkataba wa mkopo na uthibitishe ndani ya saa 24. Kabla ya kuthibitisha unaona kiasi utakachopokea, riba, ada na kodi, jumla ya kulipa na tarehe ya mwisho. Idhini isiyothibitishwa ndani ya saa 24 inaghairiwa, na unaweza kuomba tena.',
        ],
        [
          'money.when',
          'Nitapokea pesa lini?',
          `Kwa kawaida dakika 10 hadi 60 baada ya kuthibitisha. Pesa zinatumwa kwenye ${account} yako; unapokea kiasi ulichokopa ukiondoa ada ya huduma na kodi yake.`,
        ],
        [
          'money.notReceived',
          'Sijapokea pesa zangu.',
          `Subiri dakika 60 baada ya kuthibitisha na uangalie ujumbe kutoka kwa ${f.bankAccount ? 'benki yako' : 'mtoa huduma wa pochi yako'}. Kama malipo yameshindikana, programu inakuruhusu kuhariri akaunti yako: isahihishe na tutatuma mkopo huo huo tena. Vinginevyo fungua tiketi chini ya "${f.ticketTypes.notReceived}" na tutafuatilia malipo.`,
        ],
      ],
    ],
    [
      'cancel',
      'Kughairi',
      [
        [
          'cancel.how',
          'Naweza kughairi mkopo wangu?',
          'Ombi lako likiwa linatathminiwa haliwezi kuondolewa. Likishakubaliwa unaweza kulighairi kabla ya kuthibitisha, ukichagua sababu moja; hakuna gharama. Ukishathibitisha, pesa ziko njiani na mkopo hauwezi kughairiwa, lakini unaweza kuulipa mapema bila gharama ya ziada.',
        ],
      ],
    ],
    [
      'repay',
      'Kulipa',
      [
        [
          'repay.how',
          'Nalipaje?',
          `Kwenye programu fungua mkopo wako na ubonyeze Lipa, chagua kiasi na ulipe ${f.bankAccount ? 'kwa uhamisho wa benki (SPEI) kwenda CLABE na kumbukumbu zinazoonyeshwa' : `kwa ${f.wallets}: thibitisha ombi la malipo linalotokea kwenye simu yako, au lipa kwenye namba na kumbukumbu zinazoonyeshwa`}. Kila ombi la malipo linadumu dakika 15; likiisha muda, anzisha jingine.`,
        ],
        [
          'repay.partial',
          'Naweza kulipa sehemu ya mkopo, au kulipa mapema?',
          l &&
            `Ndiyo. Unaweza kulipa kiasi chochote kamili cha angalau ${l.minRepayment}, kwa vizidisho vya ${l.repaymentUnit}, au kiasi chote kilichobaki. Kulipa mapema hakuna gharama ya ziada, na riba inatozwa kwa siku: ukilipa yote kabla ya tarehe ya mwisho, unalipa riba hadi siku unayolipa tu (angalau siku moja).`,
        ],
        [
          'repay.notUpdated',
          'Nimelipa, lakini mkopo wangu haujasasishwa.',
          `Malipo yanayofanywa kupitia programu kwa kawaida huonekana ndani ya dakika chache. Kama bado hayaonekani baada ya saa mbili, au ulilipa nje ya programu, fungua tiketi chini ya "${f.ticketTypes.notUpdated}" ukiambatisha picha ya risiti ya malipo. Tunakagua uthibitisho wa malipo ndani ya saa 48.`,
        ],
        [
          'repay.late',
          'Nini kitatokea nikichelewa kulipa?',
          l &&
            join(
              `Ada ya kuchelewa ya ${l.penaltyRate} ya kiasi kilichochelewa huongezwa kila siku ya kuchelewa.`,
              l.chargesCap &&
                `Riba, ada, kodi, ada za kuongeza muda na ada za kuchelewa kwa pamoja hazizidi ${l.chargesCap} ya kiasi ulichokopa: ada ya kuchelewa au ya kuongeza muda ambayo ingezidi kiwango hicho hupunguzwa, au haitozwi.`,
              l.ladder &&
                `Kuchelewa kulipa pia kunashusha kikomo chako na kupandisha riba yako ya kila siku kwa hatua moja kwa mkopo wako unaofuata, bila kuvuka masharti ya mkopo wako wa kwanza; kuchelewa zaidi ya siku ${l.ladder.resetAfterDays} kunakurudisha kwenye kikomo na riba ya mkopo wako wa kwanza.`,
              `Mkopo ukichelewa zaidi ya siku ${l.seriousOverdueDays}, hatutaweza kukukopesha tena.`,
              'Kama huwezi kulipa kwa wakati, ongeza muda wa kulipa au wasiliana nasi kabla ya tarehe ya mwisho.',
            ),
        ],
      ],
    ],
    [
      'rollover',
      'Kuongeza muda wa kulipa',
      [
        [
          'rollover.how',
          'Naweza kuongeza muda wa kulipa?',
          l && l.maxRollovers > 0
            ? `Ndiyo. Kuongeza muda kunasogeza tarehe yako ya mwisho hadi siku ${l.rolloverDays} baada ya tarehe ya mwisho iliyopo (si baada ya siku unayoomba) kwa ada ya ${l.rolloverFee} ya kiasi ulichokopa, pamoja na ${l.taxName}. Kunatolewa tu kabla tarehe hiyo mpya haijapita, hivyo daima kunarudisha mkopo wako kwenye wakati wake. Kiasi ulichokopa, riba na ada yoyote ya kuchelewa iliyokwisha tozwa vinabaki kudaiwa. Unaweza kuongeza muda wa mkopo mmoja hadi mara ${l.maxRollovers}, kupitia ukurasa wa kulipa, unaoonyesha tarehe mpya, ada na utakachodaiwa kabla hujalipa.`
            : null,
        ],
      ],
    ],
    [
      'coupons',
      'Kuponi',
      [
        [
          'coupons.what',
          'Kuponi ni nini?',
          'Kuponi inapunguza kiasi maalum kwenye riba ya mkopo wa angalau kiasi chake cha chini, hadi muda wake uishe. Ichague unapothibitisha mkopo; uthibitisho unaonyesha jumla mpya kabla hujakubali. Unapata droo ya kuponi unapojiunga na baada ya kila mkopo unaoulipa. Kuponi hazitolewi kamwe kwa kukadiria programu.',
        ],
      ],
    ],
    [
      'data',
      'Taarifa zako',
      [
        [
          'data.use',
          'Mnatumia taarifa zangu zipi, na kwa nini?',
          join(
            `Tunatumia taarifa unazoingiza na picha za kitambulisho na uso wako kuthibitisha wewe ni nani na kuamua kuhusu mkopo wako, na ${account} yako kukulipa.`,
            f.collected.length > 0
              ? `Nchini ${f.countryName} programu pia inakusanya ${orList(f.collected, 'sw')} ili kuzuia udanganyifu na kupima hatari; kukataa kunaweza kuathiri idhini.`
              : 'Hatusomi anwani zako, ujumbe, kumbukumbu za simu, programu ulizosakinisha wala mahali ulipo ili kuamua kuhusu mikopo au kuidai.',
            'Hatuuzi kamwe taarifa zako.',
          ),
        ],
        [
          'data.contacts',
          'Mtawapigia watu wangu wa dharura?',
          'Watu wako wa dharura unawaandika mwenyewe. Hatuwasiliani nao kamwe kuhusu mkopo au deni lako, na hatumpi mtu yeyote taarifa zao.',
        ],
        [
          'data.safety',
          'Taarifa zangu ziko salama?',
          'Muunganisho wako nasi umesimbwa. Picha za kitambulisho na uso wako zinahifadhiwa kwa faragha na zinaonyeshwa kwako tu. Ni wafanyakazi wanaohitaji taarifa zako ili kukuhudumia pekee wanaoweza kuziona.',
        ],
        [
          'data.delete',
          'Nafutaje akaunti yangu?',
          'Kwenye programu fungua Mipangilio na uchague Futa akaunti, chagua sababu moja na uthibitishe kwa nambari ya uthibitisho tunayokutumia kwa SMS. Haiwezekani ukiwa na mkopo unaoendelea. Tunafuta taarifa zako binafsi na picha; kumbukumbu za mikopo na malipo ya zamani zinahifadhiwa kwa muda ambao sheria inataka, na hakuna kingine.',
        ],
      ],
    ],
    [
      'help',
      'Msaada',
      [
        [
          'help.contact',
          'Nawasilianaje nanyi?',
          `Piga ${f.service.phone} au tuandikie WhatsApp kwa ${f.service.whatsapp}, ${f.service.days}, saa ${f.service.opens}–${f.service.closes}, au tuma barua pepe kwa ${f.service.email}. Unaweza pia kufungua tiketi ya maoni kwenye programu: tunajibu ndani ya programu, na kitone chekundu kinakuonyesha jibu jipya.`,
        ],
        [
          'help.lender',
          'Nani anatoa mkopo?',
          `${f.lender.name}, mkopeshaji mwenye leseni kutoka ${f.lender.regulator} (leseni na. ${f.lender.licence}).`,
        ],
      ],
    ],
  ]
}

function spanish(f: Facts): Section[] {
  const l = f.loan
  const account = f.bankAccount ? 'cuenta bancaria (CLABE)' : 'billetera móvil'
  const apr = f.aprLabel === 'CAT' ? 'el CAT (costo anual total)' : 'la tasa anual equivalente (APR)'
  return [
    [
      'loans',
      'Sobre nuestros préstamos',
      [
        [
          'loans.who',
          '¿Quién puede pedir un préstamo?',
          `Puedes solicitarlo si eres mayor de 18 años, tienes un ingreso mensual y vives en ${f.countryName}. Necesitas un número de celular a tu nombre y ${f.bankAccount ? 'una cuenta bancaria con CLABE de 18 dígitos' : `una billetera móvil (${f.wallets})`} para recibir el dinero.`,
        ],
        [
          'loans.amount',
          '¿Cuánto puedo pedir?',
          l &&
            join(
              `Tu primer préstamo puede ser de ${l.minAmount} a ${l.maxAmount}.`,
              l.topLimit && `Cada préstamo que pagas a tiempo puede subir tu límite, hasta ${l.topLimit}.`,
              'Tu límite aparece en la pantalla de inicio.',
            ),
        ],
        [
          'loans.tenure',
          '¿A qué plazo puedo pedirlo?',
          l &&
            join(
              `Eliges el plazo al solicitar: ${l.tenures} días.`,
              l.installments > 1
                ? `Pagas en ${l.installments} parcialidades; la última vence en la fecha límite.`
                : 'Pagas todo en la fecha límite, o antes si quieres.',
            ),
        ],
        [
          'loans.cost',
          '¿Cuánto cuesta un préstamo?',
          l &&
            join(
              `El interés es de ${l.dailyRate} diario (${l.annualRate} anual): interés simple sobre el monto prestado por los días del plazo.`,
              `Una comisión por apertura de ${l.fee}${l.feePerDay ? ' por día de plazo' : ''} del monto, más ${l.taxName} (${l.taxRate}) sobre esa comisión, se descuenta al enviar el dinero.`,
              `Ejemplo: si pides ${l.example.amount} a ${l.example.days} días, el interés es de ${l.example.interest}; la comisión es de ${l.example.fee} y el impuesto de ${l.example.tax}, así que recibes ${l.example.received} y pagas ${l.example.total}.`,
              `Antes de confirmar ves todas las cifras, con ${apr}, y no se cobra nada más si pagas a tiempo.`,
            ),
        ],
        [
          'loans.repeat',
          '¿Tendré mejores condiciones la próxima vez?',
          l?.ladder
            ? `Sí. Cada préstamo que pagas a tiempo sube tu límite en ${l.ladder.increase} y baja tu tasa diaria, hasta ${l.ladder.floorRate} diario. Tus datos ya están guardados, así que volver a solicitar toma un minuto.`
            : null,
        ],
      ],
    ],
    [
      'apply',
      'Solicitar',
      [
        [
          'apply.steps',
          '¿Qué necesito para solicitar?',
          join(
            `Tus datos personales, fotos del frente y del reverso de tu identificación oficial y una selfie para la verificación facial, tus datos de trabajo y dos contactos de emergencia, y la ${account} que recibirá el dinero.`,
            f.country === 'MX' &&
              'En México también respondes un breve cuestionario sobre tu historial crediticio.',
            'La app guarda cada paso, así que puedes continuar después.',
          ),
        ],
        [
          'apply.review',
          '¿Cuánto tarda la evaluación?',
          'Normalmente de 5 a 10 minutos, y como máximo un día hábil. Si no pasa nada después de 24 horas, las causas habituales son datos incompletos o incorrectos, una cuenta que no puede recibir dinero o una cuenta marcada como de alto riesgo. Contáctanos y lo revisamos.',
        ],
        [
          'apply.rejected',
          'Mi solicitud no fue aprobada. ¿Y ahora?',
          'Puedes volver a solicitar 30 días después de la decisión; la app muestra la fecha. Mientras tanto, revisa que tus datos estén completos y correctos: eso ayuda en la siguiente evaluación.',
        ],
        [
          'apply.oneLoan',
          '¿Puedo tener dos préstamos a la vez?',
          'No. Puedes tener un préstamo a la vez. Cuando lo pagues puedes volver a solicitar de inmediato.',
        ],
      ],
    ],
    [
      'money',
      'Recibir el dinero',
      [
        [
          'money.confirm',
          'Mi préstamo fue aprobado. ¿Qué hago?',
          'Abre la app, lee el contrato y confirma en un plazo de 24 horas. Antes de confirmar ves lo que recibes, el interés, las comisiones e impuestos, el total a pagar y la fecha límite. Una aprobación que no se confirma en 24 horas se cancela, y puedes volver a solicitar.',
        ],
        [
          'money.when',
          '¿Cuándo recibo el dinero?',
          `Normalmente de 10 a 60 minutos después de confirmar. El dinero llega a tu ${account}; recibes el monto prestado menos la comisión y su impuesto.`,
        ],
        [
          'money.notReceived',
          'No he recibido mi dinero.',
          `Espera 60 minutos después de confirmar y revisa los avisos de tu ${f.bankAccount ? 'banco' : 'billetera'}. Si el envío falló, la app te deja editar tu cuenta: corrígela y enviamos el mismo préstamo de nuevo. Si no, abre un ticket en "${f.ticketTypes.notReceived}" y rastreamos el pago.`,
        ],
      ],
    ],
    [
      'cancel',
      'Cancelar',
      [
        [
          'cancel.how',
          '¿Puedo cancelar mi préstamo?',
          'Mientras tu solicitud está en evaluación no se puede retirar. Una vez aprobada puedes cancelarla antes de confirmar, eligiendo un motivo; no se cobra nada. Después de confirmar, el dinero ya va en camino y el préstamo no se puede cancelar, pero puedes pagarlo antes sin costo extra.',
        ],
      ],
    ],
    [
      'repay',
      'Pagar',
      [
        [
          'repay.how',
          '¿Cómo pago?',
          `En la app abre tu préstamo y toca Pagar, elige el monto y paga ${f.bankAccount ? 'por transferencia (SPEI) a la CLABE y con la referencia que se muestran' : `con ${f.wallets}: confirma la solicitud de pago en tu teléfono o paga al número y con la referencia que se muestran`}. Cada orden de pago es válida por 15 minutos; si vence, inicia otra.`,
        ],
        [
          'repay.partial',
          '¿Puedo pagar una parte o pagar antes?',
          l &&
            `Sí. Puedes pagar cualquier monto entero de al menos ${l.minRepayment}, en múltiplos de ${l.repaymentUnit}, o exactamente lo que falta. Pagar antes no tiene costo extra, y los intereses se cobran por día: si liquidas todo antes de la fecha límite, pagas intereses solo hasta el día en que pagas (con un mínimo de un día).`,
        ],
        [
          'repay.notUpdated',
          'Pagué, pero mi préstamo no se actualiza.',
          `Los pagos hechos en la app suelen reflejarse en pocos minutos. Si después de dos horas no aparece, o pagaste fuera de la app, abre un ticket en "${f.ticketTypes.notUpdated}" con una foto del comprobante. Revisamos los comprobantes en un máximo de 48 horas.`,
        ],
        [
          'repay.late',
          '¿Qué pasa si pago tarde?',
          l &&
            join(
              `Se suma un cargo por atraso de ${l.penaltyRate} del monto vencido por cada día de atraso.`,
              l.chargesCap &&
                `Los intereses, comisiones, impuestos, cargos por prórroga y cargos por atraso juntos nunca superan el ${l.chargesCap} del monto prestado: un cargo por atraso o por prórroga que lo superaría se reduce o no se cobra.`,
              l.ladder &&
                `Pagar tarde también baja tu límite y sube tu tasa diaria un escalón para tu siguiente préstamo, sin pasar de las condiciones de tu primer préstamo; pagar con más de ${l.ladder.resetAfterDays} días de atraso te regresa al límite y la tasa de tu primer préstamo.`,
              `Si un préstamo tiene más de ${l.seriousOverdueDays} días de atraso, no podremos volver a prestarte.`,
              'Si no puedes pagar a tiempo, extiende la fecha o contáctanos antes del vencimiento.',
            ),
        ],
      ],
    ],
    [
      'rollover',
      'Extender la fecha de pago',
      [
        [
          'rollover.how',
          '¿Puedo extender mi fecha de pago?',
          l && l.maxRollovers > 0
            ? `Sí. Una prórroga mueve tu fecha límite a ${l.rolloverDays} días después de la fecha límite vigente (no del día en que la pides) por una comisión de ${l.rolloverFee} del monto prestado, más ${l.taxName}. Solo se ofrece mientras esa nueva fecha no haya pasado, así que siempre deja tu préstamo al corriente. El monto prestado, el interés y cualquier cargo por atraso ya cobrado siguen pendientes. Puedes extender un préstamo hasta ${l.maxRollovers} veces, desde la pantalla de pago, que muestra la nueva fecha, la comisión y lo que deberás antes de pagar.`
            : null,
        ],
      ],
    ],
    [
      'coupons',
      'Cupones',
      [
        [
          'coupons.what',
          '¿Qué son los cupones?',
          'Un cupón descuenta un monto fijo del interés de un préstamo de al menos su monto mínimo, hasta que vence. Elígelo al confirmar un préstamo; la confirmación muestra el nuevo total antes de que aceptes. Recibes un sorteo de cupones al registrarte y después de cada préstamo que pagas. Los cupones nunca se dan por calificar la app.',
        ],
      ],
    ],
    [
      'data',
      'Tus datos',
      [
        [
          'data.use',
          '¿Qué datos míos usan y para qué?',
          join(
            `Usamos los datos que ingresas y las fotos de tu identificación y tu selfie para confirmar tu identidad y decidir sobre tu préstamo, y tu ${account} para enviarte el dinero.`,
            f.collected.length > 0
              ? `En ${f.countryName} la app también recopila ${orList(f.collected, 'es')} para prevenir fraudes y evaluar el riesgo; negarte puede afectar la aprobación.`
              : 'No leemos tus contactos, mensajes, registro de llamadas, aplicaciones instaladas ni tu ubicación para decidir sobre préstamos ni para cobrarlos.',
            'Nunca vendemos tus datos.',
          ),
        ],
        [
          'data.contacts',
          '¿Van a llamar a mis contactos de emergencia?',
          'Tus contactos de emergencia los escribes tú. Nunca los contactamos por tu préstamo o tu deuda, y nunca los compartimos.',
        ],
        [
          'data.safety',
          '¿Mis datos están seguros?',
          'Tu conexión con nosotros va cifrada. Las fotos de tu identificación y tu selfie se guardan de forma privada y solo se te muestran a ti. Solo el personal que necesita tus datos para atenderte puede verlos.',
        ],
        [
          'data.delete',
          '¿Cómo elimino mi cuenta?',
          'En la app abre Configuración y elige Eliminar cuenta, selecciona un motivo y confirma con el código que te enviamos por SMS. No es posible mientras tengas un préstamo abierto. Borramos tus datos personales y tus fotos; los registros de préstamos y pagos anteriores se conservan el tiempo que exige la ley, y nada más.',
        ],
      ],
    ],
    [
      'help',
      'Ayuda',
      [
        [
          'help.contact',
          '¿Cómo me comunico con ustedes?',
          `Llama al ${f.service.phone} o escríbenos por WhatsApp al ${f.service.whatsapp}, ${f.service.days}, de ${f.service.opens} a ${f.service.closes}, o envía un correo a ${f.service.email}. También puedes abrir un ticket de comentarios en la app: respondemos en la app y un punto rojo te avisa de una respuesta nueva.`,
        ],
        [
          'help.lender',
          '¿Quién presta el dinero?',
          `${f.lender.name}, supervisada por ${f.lender.regulator} (registro ${f.lender.licence}).`,
        ],
      ],
    ],
  ]
}

const WRITERS: Readonly<Record<Language, (f: Facts) => Section[]>> = {
  en: english,
  sw: kiswahili,
  es: spanish,
}

/** The FAQ for the facts' country in the facts' language; entries without an answer are left out. */
export function faqContent(f: Facts): FaqContent {
  const sections: FaqSection[] = WRITERS[f.language](f)
    .map(([id, title, entries]) => ({
      id,
      title,
      items: entries
        .filter((e): e is readonly [string, string, string] => typeof e[2] === 'string' && e[2] !== '')
        .map(([itemId, question, answer]) => ({ id: itemId, question, answer })),
    }))
    .filter((s) => s.items.length > 0)
  return { language: f.language, sections }
}

/** The entries shown before writing a ticket (FEEDBACK_QUESTIONS), in that order. */
export function feedbackQuestions(content: FaqContent): FaqItem[] {
  const byId = new Map(content.sections.flatMap((s) => s.items).map((i) => [i.id, i]))
  return FEEDBACK_QUESTIONS.flatMap((id) => byId.get(id) ?? [])
}
