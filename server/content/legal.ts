/**
 * The privacy policy and the terms of service in English, Kiswahili and Spanish, for the country whose lender
 * offers the loans. Like the FAQ they quote the live configuration (lender, licence, regulator, costs, contacts,
 * what the data collector must deliver). The loan agreement itself, with an order's own figures, is the loans
 * module's (GET /loan/loan-order/loanAgreement).
 *
 * They are public documents (an app store asks for a privacy-policy address), served as HTML pages at
 * /legal/privacy-policy and /legal/terms-of-service and as the app's AgreementDocument at the same paths + .json.
 */
import type { AgreementDocument } from '../../domain/api-types'
import type { CountryCode, Language } from '../../domain/countries'
import { orList, type Facts } from './facts'

/**
 * The texts' version, shown on each document. 2026-11: the Kiswahili terms call the SMS code "nambari ya
 * uthibitisho", never by the word for a PIN, as docs/glossary.md requires; nothing else changed.
 */
export const LEGAL_VERSION = '2026-11'
export const LEGAL_DOCUMENTS = ['privacy-policy', 'terms-of-service'] as const
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number]

type Block = { h: string } | { p: string } | { ul: readonly string[] }
interface Text {
  title: string
  blocks: Block[]
}

/** The data-protection law each country's lender works under. */
const PRIVACY_LAW: Readonly<Record<CountryCode, Record<Language, string>>> = {
  TZ: {
    en: 'the Personal Data Protection Act, 2022',
    sw: 'Sheria ya Ulinzi wa Taarifa Binafsi ya mwaka 2022',
    es: 'la Ley de Protección de Datos Personales de 2022 de Tanzania',
  },
  KE: {
    en: 'the Data Protection Act, 2019',
    sw: 'Sheria ya Ulinzi wa Data ya mwaka 2019',
    es: 'la Ley de Protección de Datos de 2019 de Kenia',
  },
  MX: {
    en: 'the Federal Law on the Protection of Personal Data Held by Private Parties',
    sw: 'Sheria ya Shirikisho ya Ulinzi wa Taarifa Binafsi Zinazoshikiliwa na Watu Binafsi',
    es: 'la Ley Federal de Protección de Datos Personales en Posesión de los Particulares',
  },
}

const collectedOr = (f: Facts, none: string, some: (list: string) => string) =>
  f.collected.length > 0 ? some(orList(f.collected, f.language)) : none

function privacyEn(f: Facts): Text {
  const law = PRIVACY_LAW[f.country].en
  return {
    title: 'Privacy policy',
    blocks: [
      { h: 'Who we are' },
      {
        p: `${f.lender.name} ("we") offers loans through the Kopa app in ${f.countryName}, licensed by ${f.lender.regulator} (licence ${f.lender.licence}). This policy explains which personal data we process, why, for how long, and your rights under ${law}.`,
      },
      { h: 'What we collect' },
      {
        ul: [
          'Your account: your mobile number and the language you choose.',
          'Your identity: name, date of birth, gender, national ID number, photos of your ID and a selfie for the face check.',
          'How to reach you: address, e-mail, WhatsApp and alternative numbers you give.',
          'Your work and income, and the two emergency contacts you type in.',
          `Your ${f.bankAccount ? 'bank account (CLABE)' : 'mobile money wallet'}, your loans and your payments.`,
          'Your feedback tickets, messages and the receipt photos you attach.',
          'How the app is used (which screen and button), without your name, number or device identifier.',
        ],
      },
      {
        p: collectedOr(
          f,
          'We do not read your contacts list, SMS, call log, installed apps or location.',
          (list) =>
            `In ${f.countryName} the app also collects ${list}, to prevent fraud and assess risk. The app explains each permission before asking, and refusing it may affect approval.`,
        ),
      },
      { h: 'Why we use it' },
      {
        ul: [
          'To confirm who you are and prevent fraud (the law requires us to know our customers).',
          'To assess your application and decide on your loan and your limit.',
          'To pay out your loan and receive your repayments.',
          'To keep the records the law requires and to report to authorities when it requires.',
          'To answer your questions and tickets.',
          'To improve the app, using usage events that do not identify you.',
        ],
      },
      { h: 'What we never do' },
      {
        ul: [
          'We never sell your data.',
          'We never contact your emergency contacts, family or friends about your loan or your debt.',
          'We never publish or share your debt to shame you.',
        ],
      },
      { h: 'Who we share it with' },
      {
        p: 'Only with those who help us serve you and only what they need: the payment provider that pays out and collects, the SMS provider that sends your codes, the identity verification provider, licensed credit reference bureaus where the law requires it, and authorities when the law requires it.',
      },
      { h: 'How we protect it and for how long' },
      {
        p: 'Your connection to us is encrypted. ID and selfie photos are stored privately and shown only to you. Only staff who need your data to serve you can see it. We keep your data while you have an account. When you delete it, we delete your personal details, photos, tickets and coupons; records of loans and payments are kept for as long as the law requires, and then deleted.',
      },
      { h: 'Your rights' },
      {
        p: `You can see and correct your details in the app, ask us what we hold about you, withdraw a permission at any time in your phone's settings, and delete your account in Settings → Delete account (not while a loan is open). You can also complain to the data protection authority of ${f.countryName}.`,
      },
      { h: 'Contact' },
      {
        p: `E-mail ${f.service.email} or call ${f.service.phone}, ${f.service.days}, ${f.service.opens}–${f.service.closes}.`,
      },
    ],
  }
}

function privacySw(f: Facts): Text {
  const law = PRIVACY_LAW[f.country].sw
  return {
    title: 'Sera ya faragha',
    blocks: [
      { h: 'Sisi ni nani' },
      {
        p: `${f.lender.name} ("sisi") inatoa mikopo kupitia programu ya Kopa nchini ${f.countryName}, kwa leseni ya ${f.lender.regulator} (leseni na. ${f.lender.licence}). Sera hii inaeleza taarifa binafsi tunazochakata, kwa nini, kwa muda gani, na haki zako chini ya ${law}.`,
      },
      { h: 'Tunakusanya nini' },
      {
        ul: [
          'Akaunti yako: namba yako ya simu na lugha unayochagua.',
          'Utambulisho wako: jina, tarehe ya kuzaliwa, jinsia, namba ya kitambulisho cha taifa, picha za kitambulisho chako na picha ya uso kwa uthibitisho.',
          'Jinsi ya kukufikia: anwani, barua pepe, WhatsApp na namba nyingine unazotoa.',
          'Kazi na kipato chako, na watu wawili wa dharura unaowaandika.',
          `${f.bankAccount ? 'Akaunti yako ya benki (CLABE)' : 'Pochi yako ya pesa kwa simu'}, mikopo yako na malipo yako.`,
          'Tiketi zako za maoni, ujumbe na picha za risiti unazoambatisha.',
          'Jinsi programu inavyotumika (ukurasa na kitufe gani), bila jina lako, namba yako wala kitambulisho cha simu yako.',
        ],
      },
      {
        p: collectedOr(
          f,
          'Hatusomi orodha ya anwani zako, SMS, kumbukumbu za simu, programu ulizosakinisha wala mahali ulipo.',
          (list) =>
            `Nchini ${f.countryName} programu pia inakusanya ${list}, ili kuzuia udanganyifu na kupima hatari. Programu inaeleza kila ruhusa kabla ya kuiomba, na kuikataa kunaweza kuathiri idhini.`,
        ),
      },
      { h: 'Kwa nini tunazitumia' },
      {
        ul: [
          'Kuthibitisha wewe ni nani na kuzuia udanganyifu (sheria inatutaka tuwajue wateja wetu).',
          'Kutathmini ombi lako na kuamua kuhusu mkopo wako na kikomo chako.',
          'Kukutumia mkopo wako na kupokea marejesho yako.',
          'Kuhifadhi kumbukumbu ambazo sheria inataka na kutoa taarifa kwa mamlaka sheria inapotaka.',
          'Kujibu maswali na tiketi zako.',
          'Kuboresha programu, kwa kutumia matukio ya matumizi yasiyokutambulisha.',
        ],
      },
      { h: 'Tusichofanya kamwe' },
      {
        ul: [
          'Hatuuzi kamwe taarifa zako.',
          'Hatuwasiliani kamwe na watu wako wa dharura, familia au marafiki kuhusu mkopo au deni lako.',
          'Hatutangazi wala kusambaza deni lako ili kukuaibisha.',
        ],
      },
      { h: 'Tunashirikiana na nani' },
      {
        p: 'Ni wale tu wanaotusaidia kukuhudumia, na kile tu wanachohitaji: mtoa huduma wa malipo anayetuma na kupokea pesa, mtoa huduma wa SMS anayetuma namba zako za siri, mtoa huduma wa kuthibitisha utambulisho, taasisi za taarifa za mikopo zenye leseni pale sheria inapotaka, na mamlaka sheria inapotaka.',
      },
      { h: 'Tunavyozilinda na kwa muda gani' },
      {
        p: 'Muunganisho wako nasi umesimbwa. Picha za kitambulisho na uso zinahifadhiwa kwa faragha na zinaonyeshwa kwako tu. Ni wafanyakazi wanaohitaji taarifa zako ili kukuhudumia pekee wanaoweza kuziona. Tunahifadhi taarifa zako muda wote ukiwa na akaunti. Ukiifuta, tunafuta taarifa zako binafsi, picha, tiketi na kuponi; kumbukumbu za mikopo na malipo zinahifadhiwa kwa muda ambao sheria inataka, kisha zinafutwa.',
      },
      { h: 'Haki zako' },
      {
        p: `Unaweza kuona na kusahihisha taarifa zako kwenye programu, kutuuliza tunashikilia nini kukuhusu, kuondoa ruhusa wakati wowote kwenye mipangilio ya simu yako, na kufuta akaunti yako kwenye Mipangilio → Futa akaunti (si ukiwa na mkopo unaoendelea). Unaweza pia kuwasilisha malalamiko kwa mamlaka ya ulinzi wa taarifa binafsi ya ${f.countryName}.`,
      },
      { h: 'Mawasiliano' },
      {
        p: `Tuma barua pepe kwa ${f.service.email} au piga ${f.service.phone}, ${f.service.days}, saa ${f.service.opens}–${f.service.closes}.`,
      },
    ],
  }
}

function privacyEs(f: Facts): Text {
  const law = PRIVACY_LAW[f.country].es
  return {
    title: 'Aviso de privacidad',
    blocks: [
      { h: 'Quiénes somos' },
      {
        p: `${f.lender.name} ("nosotros") ofrece préstamos mediante la app Kopa en ${f.countryName}, bajo la supervisión de ${f.lender.regulator} (registro ${f.lender.licence}). Este aviso explica qué datos personales tratamos, para qué, por cuánto tiempo y cuáles son tus derechos conforme a ${law}.`,
      },
      { h: 'Qué datos recabamos' },
      {
        ul: [
          'Tu cuenta: tu número de celular y el idioma que eliges.',
          'Tu identidad: nombre, fecha de nacimiento, sexo, número de identificación (CURP), fotos de tu identificación y una selfie para la verificación facial.',
          'Cómo contactarte: domicilio, correo, WhatsApp y otros números que nos das.',
          'Tu trabajo e ingresos, y los dos contactos de emergencia que escribes.',
          `Tu ${f.bankAccount ? 'cuenta bancaria (CLABE)' : 'billetera móvil'}, tus préstamos y tus pagos.`,
          'Tus tickets de comentarios, mensajes y las fotos de comprobantes que adjuntas.',
          'Cómo se usa la app (qué pantalla y qué botón), sin tu nombre, tu número ni un identificador de tu teléfono.',
        ],
      },
      {
        p: collectedOr(
          f,
          'No leemos tu lista de contactos, tus SMS, tu registro de llamadas, tus aplicaciones instaladas ni tu ubicación.',
          (list) =>
            `En ${f.countryName} la app también recopila ${list}, para prevenir fraudes y evaluar el riesgo. La app explica cada permiso antes de pedirlo, y negarlo puede afectar la aprobación.`,
        ),
      },
      { h: 'Para qué los usamos' },
      {
        ul: [
          'Para confirmar tu identidad y prevenir fraudes (la ley nos obliga a conocer a nuestros clientes).',
          'Para evaluar tu solicitud y decidir sobre tu préstamo y tu límite.',
          'Para enviarte el préstamo y recibir tus pagos.',
          'Para conservar los registros que exige la ley e informar a las autoridades cuando la ley lo exige.',
          'Para responder tus preguntas y tickets.',
          'Para mejorar la app, con eventos de uso que no te identifican.',
        ],
      },
      { h: 'Lo que nunca hacemos' },
      {
        ul: [
          'Nunca vendemos tus datos.',
          'Nunca contactamos a tus contactos de emergencia, familiares o amigos por tu préstamo o tu deuda.',
          'Nunca publicamos ni compartimos tu deuda para exhibirte.',
        ],
      },
      { h: 'Con quién los compartimos' },
      {
        p: 'Solo con quienes nos ayudan a atenderte y solo lo que necesitan: el proveedor de pagos que envía y cobra, el proveedor de SMS que envía tus códigos, el proveedor de verificación de identidad, las sociedades de información crediticia autorizadas cuando la ley lo exige, y las autoridades cuando la ley lo exige.',
      },
      { h: 'Cómo los protegemos y por cuánto tiempo' },
      {
        p: 'Tu conexión con nosotros va cifrada. Las fotos de tu identificación y tu selfie se guardan de forma privada y solo se te muestran a ti. Solo el personal que necesita tus datos para atenderte puede verlos. Conservamos tus datos mientras tengas una cuenta. Si la eliminas, borramos tus datos personales, fotos, tickets y cupones; los registros de préstamos y pagos se conservan el tiempo que exige la ley y después se eliminan.',
      },
      { h: 'Tus derechos' },
      {
        p: `Puedes ver y corregir tus datos en la app, pedirnos qué datos tenemos sobre ti, retirar un permiso en cualquier momento desde la configuración de tu teléfono y eliminar tu cuenta en Configuración → Eliminar cuenta (no mientras tengas un préstamo abierto). También puedes presentar una queja ante la autoridad de protección de datos de ${f.countryName}.`,
      },
      { h: 'Contacto' },
      {
        p: `Escribe a ${f.service.email} o llama al ${f.service.phone}, ${f.service.days}, de ${f.service.opens} a ${f.service.closes}.`,
      },
    ],
  }
}

function termsEn(f: Facts): Text {
  const l = f.loan
  return {
    title: 'Terms of service',
    blocks: [
      { h: 'About these terms' },
      {
        p: `These terms govern your use of the Kopa app. The loans are offered by ${f.lender.name}, licensed by ${f.lender.regulator} (licence ${f.lender.licence}). Each loan also has its own loan agreement, which you read and accept before you confirm it.`,
      },
      { h: 'Who may use Kopa' },
      {
        p: `You must be over 18, have a monthly income, live in ${f.countryName}, use a mobile number and an account in your own name, and give true information. One account per person.`,
      },
      { h: 'Your account' },
      {
        p: 'You log in with your mobile number and a code we send by SMS; never share a code. Your account is active on one device at a time. We may suspend an account used for fraud.',
      },
      { h: 'Loans' },
      {
        ul: [
          'You can have one loan at a time.',
          'We decide on each application; if it is not approved you can apply again 30 days after the decision.',
          'An approval must be confirmed within 24 hours, or it is cancelled.',
          'Before you confirm, the app shows what you receive, the interest, every fee and tax, the total to repay, the due date and the annual cost.',
        ],
      },
      ...(l
        ? [
            { h: 'Costs' },
            {
              p: `Interest is ${l.dailyRate} a day, simple interest on the amount borrowed. A processing fee of ${l.fee}${l.feePerDay ? ' per day of the term' : ''} plus ${l.taxName} of ${l.taxRate} on it is deducted at payout. A late fee of ${l.penaltyRate} of the overdue amount is charged per day late${l.chargesCap ? `, and all charges together never exceed ${l.chargesCap} of the amount borrowed` : ''}. An extension of ${l.rolloverDays} days costs ${l.rolloverFee} of the amount borrowed plus tax. Nothing else is charged, and repaying early costs nothing extra.`,
            },
          ]
        : []),
      { h: 'Repaying' },
      {
        p: `You repay in the app ${f.bankAccount ? 'by bank transfer (SPEI)' : `with ${f.wallets}`}. A payment request is valid for 15 minutes. A payment counts from the moment the provider confirms it to us.`,
      },
      { h: 'Cancelling' },
      {
        p: 'An application under review cannot be withdrawn. An approved loan can be cancelled before you confirm it, with one reason, at no cost. A confirmed loan cannot be cancelled, but you may repay it early.',
      },
      { h: 'Coupons' },
      {
        p: 'A coupon takes a fixed amount off the interest of a loan of at least its minimum, before it expires. It cannot be exchanged for cash, is used once, and is never given in exchange for rating the app.',
      },
      { h: 'Complaints' },
      {
        p: `Open a feedback ticket in the app, e-mail ${f.service.email} or call ${f.service.phone}. If you are not satisfied with our answer you may complain to ${f.lender.regulator}.`,
      },
      { h: 'Closing your account' },
      {
        p: 'You can delete your account at any time in Settings when no loan is open. Our privacy policy explains what is deleted and what the law requires us to keep.',
      },
      { h: 'Changes and law' },
      {
        p: `We tell you in the app before a change to these terms takes effect; a change never alters a loan you have already confirmed. These terms are governed by the laws of ${f.countryName}.`,
      },
    ],
  }
}

function termsSw(f: Facts): Text {
  const l = f.loan
  return {
    title: 'Masharti ya huduma',
    blocks: [
      { h: 'Kuhusu masharti haya' },
      {
        p: `Masharti haya yanasimamia matumizi yako ya programu ya Kopa. Mikopo inatolewa na ${f.lender.name}, kwa leseni ya ${f.lender.regulator} (leseni na. ${f.lender.licence}). Kila mkopo pia una mkataba wake, unaousoma na kuukubali kabla ya kuuthibitisha.`,
      },
      { h: 'Nani anaweza kutumia Kopa' },
      {
        p: `Lazima uwe na umri wa zaidi ya miaka 18, uwe na kipato cha kila mwezi, uishi ${f.countryName}, utumie namba ya simu na akaunti zilizo kwa jina lako, na utoe taarifa za kweli. Akaunti moja kwa kila mtu.`,
      },
      { h: 'Akaunti yako' },
      {
        p: 'Unaingia kwa namba yako ya simu na nambari ya uthibitisho tunayokutumia kwa SMS; usimpe mtu yeyote nambari hiyo. Akaunti yako inatumika kwenye simu moja kwa wakati mmoja. Tunaweza kusimamisha akaunti inayotumika kwa udanganyifu.',
      },
      { h: 'Mikopo' },
      {
        ul: [
          'Unaweza kuwa na mkopo mmoja tu kwa wakati mmoja.',
          'Tunaamua kuhusu kila ombi; lisipokubaliwa unaweza kuomba tena siku 30 baada ya uamuzi.',
          'Idhini lazima ithibitishwe ndani ya saa 24, la sivyo inaghairiwa.',
          'Kabla ya kuthibitisha, programu inaonyesha kiasi utakachopokea, riba, kila ada na kodi, jumla ya kulipa, tarehe ya mwisho na gharama ya mwaka.',
        ],
      },
      ...(l
        ? [
            { h: 'Gharama' },
            {
              p: `Riba ni ${l.dailyRate} kwa siku, riba rahisi juu ya kiasi ulichokopa. Ada ya huduma ya ${l.fee}${l.feePerDay ? ' kwa kila siku ya muda wa mkopo' : ''} pamoja na ${l.taxName} (${l.taxRate}) juu yake hukatwa pesa zinapotumwa. Ada ya kuchelewa ya ${l.penaltyRate} ya kiasi kilichochelewa inatozwa kila siku ya kuchelewa${l.chargesCap ? `, na gharama zote kwa pamoja hazizidi ${l.chargesCap} ya kiasi ulichokopa` : ''}. Kuongeza muda kwa siku ${l.rolloverDays} kunagharimu ${l.rolloverFee} ya kiasi ulichokopa pamoja na kodi. Hakuna gharama nyingine, na kulipa mapema hakuna gharama ya ziada.`,
            },
          ]
        : []),
      { h: 'Kulipa' },
      {
        p: `Unalipa kupitia programu ${f.bankAccount ? 'kwa uhamisho wa benki (SPEI)' : `kwa ${f.wallets}`}. Ombi la malipo linadumu dakika 15. Malipo yanahesabiwa tangu mtoa huduma anapotuthibitishia.`,
      },
      { h: 'Kughairi' },
      {
        p: 'Ombi linalotathminiwa haliwezi kuondolewa. Mkopo uliokubaliwa unaweza kughairiwa kabla ya kuuthibitisha, kwa sababu moja, bila gharama. Mkopo uliothibitishwa hauwezi kughairiwa, lakini unaweza kuulipa mapema.',
      },
      { h: 'Kuponi' },
      {
        p: 'Kuponi inapunguza kiasi maalum kwenye riba ya mkopo wa angalau kiasi chake cha chini, kabla muda wake haujaisha. Haiwezi kubadilishwa kuwa pesa taslimu, inatumika mara moja, na haitolewi kamwe kwa kukadiria programu.',
      },
      { h: 'Malalamiko' },
      {
        p: `Fungua tiketi ya maoni kwenye programu, tuma barua pepe kwa ${f.service.email} au piga ${f.service.phone}. Kama hujaridhika na jibu letu unaweza kuwasilisha malalamiko kwa ${f.lender.regulator}.`,
      },
      { h: 'Kufunga akaunti yako' },
      {
        p: 'Unaweza kufuta akaunti yako wakati wowote kwenye Mipangilio ukiwa huna mkopo unaoendelea. Sera yetu ya faragha inaeleza kinachofutwa na kile sheria inachotutaka tuhifadhi.',
      },
      { h: 'Mabadiliko na sheria' },
      {
        p: `Tunakujulisha kwenye programu kabla mabadiliko ya masharti haya hayajaanza kutumika; mabadiliko hayabadilishi kamwe mkopo ambao tayari umeuthibitisha. Masharti haya yanaongozwa na sheria za ${f.countryName}.`,
      },
    ],
  }
}

function termsEs(f: Facts): Text {
  const l = f.loan
  return {
    title: 'Términos del servicio',
    blocks: [
      { h: 'Sobre estos términos' },
      {
        p: `Estos términos rigen tu uso de la app Kopa. Los préstamos los otorga ${f.lender.name}, supervisada por ${f.lender.regulator} (registro ${f.lender.licence}). Cada préstamo tiene además su propio contrato, que lees y aceptas antes de confirmarlo.`,
      },
      { h: 'Quién puede usar Kopa' },
      {
        p: `Debes ser mayor de 18 años, tener un ingreso mensual, vivir en ${f.countryName}, usar un número de celular y una cuenta a tu nombre y dar información verdadera. Una cuenta por persona.`,
      },
      { h: 'Tu cuenta' },
      {
        p: 'Entras con tu número de celular y un código que te enviamos por SMS; nunca compartas un código. Tu cuenta está activa en un solo teléfono a la vez. Podemos suspender una cuenta usada para cometer fraude.',
      },
      { h: 'Préstamos' },
      {
        ul: [
          'Puedes tener un préstamo a la vez.',
          'Decidimos sobre cada solicitud; si no se aprueba puedes volver a solicitar 30 días después de la decisión.',
          'Una aprobación debe confirmarse en 24 horas; si no, se cancela.',
          'Antes de confirmar, la app muestra lo que recibes, el interés, cada comisión e impuesto, el total a pagar, la fecha límite y el costo anual.',
        ],
      },
      ...(l
        ? [
            { h: 'Costos' },
            {
              p: `El interés es de ${l.dailyRate} diario, interés simple sobre el monto prestado. Una comisión por apertura de ${l.fee}${l.feePerDay ? ' por día de plazo' : ''} más ${l.taxName} (${l.taxRate}) sobre ella se descuenta al enviar el dinero. Se cobra un cargo por atraso de ${l.penaltyRate} del monto vencido por día de atraso${l.chargesCap ? `, y todos los cargos juntos nunca superan el ${l.chargesCap} del monto prestado` : ''}. Una prórroga de ${l.rolloverDays} días cuesta ${l.rolloverFee} del monto prestado más impuesto. No se cobra nada más, y pagar antes no tiene costo extra.`,
            },
          ]
        : []),
      { h: 'Pagos' },
      {
        p: `Pagas en la app ${f.bankAccount ? 'por transferencia bancaria (SPEI)' : `con ${f.wallets}`}. Una orden de pago es válida por 15 minutos. Un pago cuenta desde que el proveedor nos lo confirma.`,
      },
      { h: 'Cancelaciones' },
      {
        p: 'Una solicitud en evaluación no se puede retirar. Un préstamo aprobado se puede cancelar antes de confirmarlo, con un motivo y sin costo. Un préstamo confirmado no se puede cancelar, pero puedes pagarlo antes.',
      },
      { h: 'Cupones' },
      {
        p: 'Un cupón descuenta un monto fijo del interés de un préstamo de al menos su monto mínimo, antes de que venza. No se cambia por dinero, se usa una vez y nunca se da a cambio de calificar la app.',
      },
      { h: 'Quejas' },
      {
        p: `Abre un ticket de comentarios en la app, escribe a ${f.service.email} o llama al ${f.service.phone}. Si no quedas satisfecho con nuestra respuesta puedes acudir a ${f.lender.regulator}.`,
      },
      { h: 'Cerrar tu cuenta' },
      {
        p: 'Puedes eliminar tu cuenta en cualquier momento en Configuración si no tienes un préstamo abierto. Nuestro aviso de privacidad explica qué se elimina y qué nos obliga la ley a conservar.',
      },
      { h: 'Cambios y ley aplicable' },
      {
        p: `Te avisamos en la app antes de que un cambio a estos términos entre en vigor; un cambio nunca modifica un préstamo que ya confirmaste. Estos términos se rigen por las leyes de ${f.countryName}.`,
      },
    ],
  }
}

const WRITERS: Readonly<Record<LegalDocument, Record<Language, (f: Facts) => Text>>> = {
  'privacy-policy': { en: privacyEn, sw: privacySw, es: privacyEs },
  'terms-of-service': { en: termsEn, sw: termsSw, es: termsEs },
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function blockHtml(b: Block): string {
  if ('h' in b) return `<h2>${escapeHtml(b.h)}</h2>`
  if ('p' in b) return `<p>${escapeHtml(b.p)}</p>`
  return `<ul>${b.ul.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`
}

/** A legal document as the app shows it (AgreementDocument: headings, paragraphs and lists only, all escaped). */
export function legalDocument(doc: LegalDocument, f: Facts): AgreementDocument {
  const text = WRITERS[doc][f.language](f)
  return {
    title: text.title,
    version: LEGAL_VERSION,
    language: f.language,
    html: text.blocks.map(blockHtml).join('\n'),
  }
}

/** The same document as a standalone page, for an app store listing or a browser. */
export function legalPage(document: AgreementDocument): string {
  return `<!doctype html>
<html lang="${document.language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:1rem auto;max-width:40rem;padding:0 1rem;color:#222}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:1.5rem}.version{color:#666}</style></head>
<body><h1>${escapeHtml(document.title)}</h1>
<p class="version">${escapeHtml(document.version)}</p>
${document.html}
</body></html>`
}
