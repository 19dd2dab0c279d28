import { simpleParser } from 'mailparser';
import type { SMTPServerOptions, SMTPServerSession } from 'smtp-server';
import type { ReceivedMail, SmtpBehaviour, SmtpServerOptions } from './smtp-server.js';
import { TEST_SMTP_CA, TEST_SMTP_KEY } from './smtp-test-certificate.js';

/**
 * The test SMTP server's handlers (smtp-server's documented options): STARTTLS and
 * AUTH or neither, and what `behaviour()` says to do with each connection, recipient
 * and message. What waits on a stall goes into `held`; accepted messages to `arrived`.
 */
export function serverOptions(
  options: SmtpServerOptions,
  behaviour: () => SmtpBehaviour,
  held: Set<(goOn: boolean) => void>,
  arrived: (mail: ReceivedMail) => void,
): SMTPServerOptions {
  const { auth } = options;
  return {
    logger: false,
    // A stopped server drops held connections at once instead of after 30 s.
    closeTimeout: 50,
    ...(auth
      ? {
          secure: options.implicitTls === true,
          key: TEST_SMTP_KEY,
          cert: TEST_SMTP_CA,
          authMethods: ['PLAIN', 'LOGIN'],
          // smtp-server accepts AUTH only once the session is encrypted.
          onAuth(login, _session, callback) {
            const valid = login.username === auth.user && login.password === auth.pass;
            callback(valid ? null : new Error('Invalid username or password'), valid ? { user: login.username } : undefined);
          },
        }
      : { disabledCommands: ['AUTH', 'STARTTLS'], authOptional: true }),
    onConnect(_session, callback) {
      const now = behaviour();
      if (now.kind !== 'stall' || now.at !== 'greeting') return callback();
      held.add((goOn) => callback(goOn ? null : new Error('Server stopped')));
    },
    onRcptTo(address, _session, callback) {
      const now = behaviour();
      if (now.kind !== 'refuse' || (now.to !== undefined && now.to !== address.address)) return callback();
      callback(Object.assign(new Error(`Mailbox ${address.address} refused by the test server`), { responseCode: now.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const take = async () => {
          const parsed = await simpleParser(raw);
          arrived({ envelope: envelopeOf(session), user: session.user ? String(session.user) : null, secure: session.secure, raw, parsed });
          callback(null, 'Message accepted');
        };
        const fail = (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)));
        const now = behaviour();
        if (now.kind !== 'stall' || now.at !== 'data') return void take().catch(fail);
        held.add((goOn) => (goOn ? void take().catch(fail) : undefined));
      });
    },
  };
}

function envelopeOf(session: SMTPServerSession): ReceivedMail['envelope'] {
  const from = session.envelope.mailFrom;
  return { from: from ? from.address : '', to: session.envelope.rcptTo.map((rcpt) => rcpt.address) };
}
