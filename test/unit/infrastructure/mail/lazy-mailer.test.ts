import { expect } from 'chai';
import type { ComposedMail, Mailer } from '../../../../src/application/mail/ports/mailer.js';
import { lazyMailer } from '../../../../src/infrastructure/mail/lazy-mailer.js';

const mail: ComposedMail = { to: 'ada@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };

describe('lazyMailer', () => {
  it('makes the mailer on the first message only, and sends every message through it', async () => {
    let loads = 0;
    const sent: string[] = [];
    const mailer = lazyMailer(async () => {
      loads += 1;
      return { send: async (m) => (sent.push(m.to), { receipt: '250 ok' }) } satisfies Mailer;
    });
    expect(loads).to.equal(0);

    expect(await mailer.send(mail)).to.deep.equal({ receipt: '250 ok' });
    await Promise.all([mailer.send(mail), mailer.send(mail)]);

    expect(loads).to.equal(1);
    expect(sent).to.have.length(3);
  });

  it('passes a failed load on, and tries again with the next message', async () => {
    let loads = 0;
    const mailer = lazyMailer(async () => {
      loads += 1;
      if (loads === 1) throw new Error('module not found');
      return { send: async () => ({ receipt: '250 ok' }) };
    });

    let caught: unknown;
    await mailer.send(mail).catch((error: unknown) => (caught = error));
    expect((caught as Error).message).to.equal('module not found');
    expect(await mailer.send(mail)).to.deep.equal({ receipt: '250 ok' });
    expect(loads).to.equal(2);
  });
});
