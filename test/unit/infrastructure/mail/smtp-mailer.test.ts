import { expect } from 'chai';
import { MailNotSent } from '../../../../src/application/mail/ports/mailer.js';
import { SmtpMailer, type SmtpTimeouts } from '../../../../src/infrastructure/mail/smtp-mailer.js';
import { startSmtpServer, TEST_SMTP_CA, type TestSmtpServer } from '../../../support/smtp-server.js';

const FROM = 'Gatehouse <no-reply@auth.example.com>';
const MESSAGE = { to: 'ada@example.com', subject: 'Hello', text: 'Hello\n', html: '<p>Hello</p>' };
const LOGIN = { user: 'gatehouse', pass: 'secret' };
/** Short waits, so a stalled server fails a send quickly. */
const QUICK: SmtpTimeouts = { connectMs: 1000, greetingMs: 300, socketMs: 300, sendMs: 5000 };

/** Resolves what the send rejected with (failing when it resolved). */
async function refusal(mailer: SmtpMailer): Promise<MailNotSent> {
  const error = await mailer.send(MESSAGE).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).to.be.instanceOf(MailNotSent);
  return error as MailNotSent;
}

describe('SmtpMailer against a real SMTP server', () => {
  let server: TestSmtpServer;
  afterEach(async () => {
    await server.stop();
  });

  describe('on a local relay', () => {
    beforeEach(async () => {
      server = await startSmtpServer();
    });
    const mailer = (timeouts = QUICK) => new SmtpMailer({ url: server.url, from: FROM, timeouts });

    it('takes a 550 for the recipient as a permanent refusal, with the reply as the reason', async () => {
      server.refuse(550, 'ada@example.com');
      const error = await refusal(mailer());
      expect(error.permanent).to.equal(true);
      expect(error.message).to.include('EENVELOPE').and.include('550');
    });

    it('takes a 450 (mailbox busy, greylisting) as transient', async () => {
      server.refuse(450);
      expect((await refusal(mailer())).permanent).to.equal(false);
    });

    it('takes a server that is down as transient', async () => {
      await server.stop();
      const error = await refusal(mailer());
      expect(error.permanent).to.equal(false);
      expect(error.message).to.match(/ECONNREFUSED|ESOCKET/);
    });

    it('gives up on a server that never greets after the greeting timeout, as transient', async () => {
      server.stall('greeting');
      const error = await refusal(mailer());
      expect(error).to.include({ permanent: false });
      expect(error.message).to.include('ETIMEDOUT');
    });

    it('gives up on a server that stalls after the content after the socket timeout; nothing is received', async () => {
      server.stall('data');
      const error = await refusal(mailer());
      expect(error).to.include({ permanent: false });
      expect(error.message).to.include('ETIMEDOUT');
      expect(server.received).to.deep.equal([]);
    });

    it('gives up on a send that outlasts its deadline, however the time is spent', async () => {
      server.stall('data');
      const error = await refusal(mailer({ ...QUICK, socketMs: 60_000, sendMs: 500 }));
      expect(error).to.include({ permanent: false });
      expect(error.message).to.match(/EABORT|abort/i);
    });

    it('refuses to send a password to a server that offers no STARTTLS', async () => {
      const withLogin = server.url.replace('smtp://', `smtp://${LOGIN.user}:${LOGIN.pass}@`);
      const error = await refusal(new SmtpMailer({ url: withLogin, from: FROM, timeouts: QUICK }));
      expect(error.permanent).to.equal(false);
      expect(server.received).to.deep.equal([]);
    });
  });

  describe('on a submission server with STARTTLS and AUTH', () => {
    beforeEach(async () => {
      server = await startSmtpServer({ auth: LOGIN });
    });

    it('takes a refused login as transient: the operator fixes SMTP_URL, the message waits', async () => {
      const wrong = server.url.replace(':secret@', ':wrong@');
      const error = await refusal(new SmtpMailer({ url: wrong, from: FROM, timeouts: QUICK, tls: { ca: TEST_SMTP_CA } }));
      expect(error.permanent).to.equal(false);
      expect(error.message).to.include('EAUTH');
    });

    it('refuses a certificate it cannot verify (no test CA, as in production), and sends nothing', async () => {
      const error = await refusal(new SmtpMailer({ url: server.url, from: FROM, timeouts: QUICK }));
      expect(error.permanent).to.equal(false);
      expect(error.message).to.match(/ETLS|ESOCKET|certificate/i);
      expect(server.received).to.deep.equal([]);
    });
  });
});
