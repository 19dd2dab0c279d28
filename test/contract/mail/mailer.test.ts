import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { simpleParser } from 'mailparser';
import { FileMailer } from '../../../src/infrastructure/mail/file-mailer.js';
import { SmtpMailer } from '../../../src/infrastructure/mail/smtp-mailer.js';
import { type SmtpServerOptions, startSmtpServer, TEST_SMTP_CA, type TestSmtpServer } from '../../support/smtp-server.js';
import { FROM, mailerContract } from './mailer.contract.js';

const LOGIN = { user: 'gatehouse', pass: 'p@ss:word/1' };

/** SmtpMailer on a test server of this kind, trusting the test certificate. */
function onSmtpServer(options: SmtpServerOptions, check: (server: TestSmtpServer) => void): void {
  let server: TestSmtpServer;
  mailerContract(async () => {
    server = await startSmtpServer(options);
    return {
      mailer: new SmtpMailer({ url: server.url, from: FROM, tls: { ca: TEST_SMTP_CA } }),
      arrived: async () => {
        const [mail] = await server.waitForMessages(1);
        if (!mail) throw new Error('nothing arrived');
        check(server);
        return mail.parsed;
      },
      close: () => server.stop(),
    };
  });
}

describe('Mailer contract', () => {
  describe('SmtpMailer on a local relay without STARTTLS or AUTH (smtp://127.0.0.1:port)', () => {
    onSmtpServer({}, (server) => {
      expect(server.received.map(({ secure, user, envelope }) => ({ secure, user, envelope }))).to.deep.equal([
        { secure: false, user: null, envelope: { from: 'no-reply@auth.example.com', to: ['ada@example.com'] } },
      ]);
    });
  });

  describe('SmtpMailer on a submission server with STARTTLS and AUTH (smtp://user:pass@…)', () => {
    onSmtpServer({ auth: LOGIN }, (server) => {
      expect(server.received.map(({ secure, user }) => ({ secure, user }))).to.deep.equal([{ secure: true, user: LOGIN.user }]);
    });
  });

  describe('SmtpMailer with implicit TLS and AUTH (smtps://user:pass@…)', () => {
    onSmtpServer({ auth: LOGIN, implicitTls: true }, (server) => {
      expect(server.received.map(({ secure, user }) => ({ secure, user }))).to.deep.equal([{ secure: true, user: LOGIN.user }]);
    });
  });

  describe('FileMailer', () => {
    let dir: string;
    mailerContract(async () => {
      dir = await mkdtemp(join(tmpdir(), 'gatehouse-outbox-'));
      return {
        mailer: new FileMailer(join(dir, 'outbox'), FROM),
        arrived: async ({ receipt }) => {
          expect(receipt.startsWith(join(dir, 'outbox'))).to.equal(true);
          expect(receipt).to.match(/\.eml$/);
          return simpleParser(await readFile(receipt));
        },
        close: () => rm(dir, { recursive: true, force: true }),
      };
    });
  });
});
