import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The path of TEST_SMTP_CA, for NODE_EXTRA_CA_CERTS. */
export const TEST_SMTP_CA_FILE = join(import.meta.dirname, 'fixtures', 'smtp-test.cert.pem');

/**
 * The certificate of the test SMTP server's TLS (CN=localhost, SANs localhost and
 * 127.0.0.1, self-signed, valid until 2126). Trust it in a client with
 * `tls: { ca: TEST_SMTP_CA }` (SmtpMailer's `tls` option), or in a child process with
 * `NODE_EXTRA_CA_CERTS=TEST_SMTP_CA_FILE`; production code never does.
 */
export const TEST_SMTP_CA = readFileSync(TEST_SMTP_CA_FILE, 'utf8');

/** The private key of TEST_SMTP_CA: for the test server only. */
export const TEST_SMTP_KEY = readFileSync(join(import.meta.dirname, 'fixtures', 'smtp-test.key.pem'), 'utf8');
