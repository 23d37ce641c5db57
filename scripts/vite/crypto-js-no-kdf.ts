/**
 * crypto-js as the wire protocol uses it: AES with a key, never with a password. crypto-js's AES and cipher core import
 * its password-based key derivation (EvpKDF, and with it MD5, SHA-1 and HMAC) for `AES.encrypt(text, 'password')`;
 * protocol/protocol.ts always passes a key (the SHA-256 of the package name, a WordArray), so crypto-js takes its
 * plain cipher and never derives one — yet the derivation, about 6 KB, was on the start-up path. The build swaps
 * those imports for one module that leaves `EvpKDF` refusing with a clear error, should a password ever be passed. Only the
 * app's build: the tests and the server (Node's crypto) are not touched.
 */
import { normalizePath, type Plugin } from 'vite'

/** The modules that import the derivation (aes.js imports MD5 too, for it alone), and what they import. */
const IMPORTERS = /[\\/]node_modules[\\/]crypto-js[\\/](aes|cipher-core)\.js$/
const DERIVATION = /[\\/]node_modules[\\/]crypto-js[\\/](evpkdf|md5)\.js$/
const REPLACEMENT = '\0kopa:crypto-js-no-kdf'

export function cryptoJsNoKdf(): Plugin {
  let core = ''
  return {
    name: 'kopa:crypto-js-no-kdf',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !IMPORTERS.test(normalizePath(importer))) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved || !DERIVATION.test(normalizePath(resolved.id))) return null
      core = normalizePath(resolved.id).replace(/(evpkdf|md5)\.js$/, 'core.js')
      return REPLACEMENT
    },
    load(id) {
      if (id !== REPLACEMENT) return null
      // What aes.js and cipher-core read of them: `CryptoJS.algo.EvpKDF`, used only to derive a key from a password
      // (MD5 is its hasher).
      return [
        `import CryptoJS from ${JSON.stringify(core)}`,
        'CryptoJS.algo.EvpKDF = { create() { throw new Error("crypto-js: password-based keys are not in this build (protocol/protocol.ts passes a key)") } }',
        'export default CryptoJS',
        '',
      ].join('\n')
    },
  }
}
