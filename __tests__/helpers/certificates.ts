/** Self-signed certificates for the TLS stand-ins of the tests, made for one run only. */
import { execFileSync } from 'node:child_process'

/**
 * Writes a self-signed certificate valid for a day, for subject `name` and alternative name
 * `san` (`DNS:host`), to `cert`, and its unencrypted key to `key`.
 */
export function selfSignedCertificate(key: string, cert: string, name: string, san: string): void {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=${san}`,
      '-keyout',
      key,
      '-out',
      cert
    ],
    { stdio: 'ignore' }
  )
}
