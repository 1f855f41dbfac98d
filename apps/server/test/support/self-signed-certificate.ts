import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * A certificate of its own in `dir` ({prefix}cert.pem, {prefix}key.pem) for `commonName`, valid for
 * the address 127.0.0.1, made as an operator would with openssl (README "Opening it to a network"):
 * the server's own HTTPS and HTTP/2 in tests and benches.
 */
export function selfSignedCertificate(dir: string, { commonName = '127.0.0.1', prefix = '' } = {}): { certFile: string; keyFile: string } {
  const certFile = join(dir, `${prefix}cert.pem`);
  const keyFile = join(dir, `${prefix}key.pem`);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', `/CN=${commonName}`, '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  return { certFile, keyFile };
}
