import { describe, expect, it } from 'vitest'
import { fieldErrors } from '../../domain/schemas/field-errors'
import { walletSchema } from '../../domain/schemas/wallet'

const wallet = (provider: string, accountNumber: string, confirmAccountNumber = accountNumber) => ({
  provider,
  accountNumber,
  confirmAccountNumber,
})

describe('wallet account', () => {
  it("accepts a number on the chosen provider's network, typed twice", () => {
    expect(fieldErrors(walletSchema('TZ'), wallet('mpesa', '0754123456'))).toEqual({})
    expect(fieldErrors(walletSchema('TZ'), wallet('tigo', '+255 712 345 678', '0712345678'))).toEqual({})
    expect(fieldErrors(walletSchema('KE'), wallet('airtel', '0733123456'))).toEqual({})
  })

  it('refuses a number on the wrong network: an Airtel number for M-Pesa', () => {
    expect(fieldErrors(walletSchema('TZ'), wallet('mpesa', '0682345678'))).toEqual({
      accountNumber: 'validation.wallet.network',
    })
    expect(fieldErrors(walletSchema('KE'), wallet('mpesa', '0733123456'))).toEqual({
      accountNumber: 'validation.wallet.network',
    })
  })

  it('says when the number is not a mobile number at all', () => {
    expect(fieldErrors(walletSchema('TZ'), wallet('mpesa', '12345'))).toEqual({
      accountNumber: 'validation.wallet.number',
    })
  })

  it("offers only the country's providers", () => {
    expect(fieldErrors(walletSchema('TZ'), wallet('clabe', '002180000118359710'))).toEqual({
      provider: 'validation.wallet.provider',
    })
    expect(fieldErrors(walletSchema('KE'), wallet('halopesa', '0712345678'))).toEqual({
      provider: 'validation.wallet.provider',
    })
  })

  it('refuses two different numbers', () => {
    expect(fieldErrors(walletSchema('TZ'), wallet('mpesa', '0754123456', '0754123465'))).toEqual({
      confirmAccountNumber: 'validation.wallet.mismatch',
    })
    expect(fieldErrors(walletSchema('TZ'), { provider: 'mpesa', accountNumber: '0754123456' })).toEqual({
      confirmAccountNumber: 'validation.wallet.confirmRequired',
    })
  })

  it('in Mexico takes an 18-digit CLABE with a correct check digit', () => {
    expect(fieldErrors(walletSchema('MX'), wallet('clabe', '002180000118359710'))).toEqual({})
    expect(fieldErrors(walletSchema('MX'), wallet('clabe', '002 180 00011835971 0', '002180000118359710'))).toEqual({})
    expect(fieldErrors(walletSchema('MX'), wallet('clabe', '002180000118359711'))).toEqual({
      accountNumber: 'validation.wallet.clabe',
    })
  })
})
