/** Valid onboarding forms of a Tanzanian borrower, shared by the schema, machine and server tests. */

/** Asha's personal information. */
export const tanzanianPersonalInfo = {
  firstName: 'Asha',
  middleName: '',
  lastName: 'Mwakyusa',
  gender: 'female',
  nationalId: '19900517-12345-00002-26',
  birthday: '1990-05-17',
  education: 'bachelors',
  maritalStatus: 'single',
  residenceType: 'rened',
  state: 'Arusha',
  city: 'Karatu',
  address: 'Plot 12, Sokoine Road',
  email: 'asha.m@gmail.com',
  whatsappNo: '0754123456',
}

/** What her personal information form holds when filled in (the optional fields left out). */
export const personalInfoDraft = (({ middleName: _m, whatsappNo: _w, ...typed }) => typed)(tanzanianPersonalInfo)

/** Her work and emergency contacts. */
/** Her two emergency contacts, as every additional-info form and body carries them. */
export const emergencyContacts = {
  emergencyContactName1: 'Baraka Mushi',
  emergencyContactMobile1: '0754000001',
  emergencyContactRelation1: 'parents',
  emergencyContactName2: 'Neema Mushi',
  emergencyContactMobile2: '688000002',
  emergencyContactRelation2: 'brothersOrSisters',
}

/** What a Mexican borrower's personal information changes of hers: a CURP, a state and a typed municipality. */
export const mexicanPersonalChanges = {
  gender: 2,
  firstName: 'Zoë',
  lastName: 'Núñez',
  nationalId: 'GOMC900101HDFRRR06',
  education: 'Graduate',
  residenceType: 'Rented house',
  state: 'Jalisco',
  city: 'Zapopan',
}

export const workInfo = {
  employmentType: 'employee',
  companyName: 'Tanga Cement',
  industryCategory: 'manufacturing',
  jobExperience: 'in1_3Years',
  monthlySalary: '180001-280000',
  payFrequency: 'Monthly',
  monthlyPayday: 25,
  ...emergencyContacts,
}

/** Her M-Pesa wallet as the wallet form holds it (the number typed twice). */
export const walletDraft = { provider: 'mpesa', accountNumber: '0754123456', confirmAccountNumber: '0754123456' }
