import { expect } from 'chai';
import type { ParsedMail } from 'mailparser';
import type { ComposedMail, Mailer, MailReceipt } from '../../../src/application/mail/ports/mailer.js';

/** A mailer for one test, and how to read back what it handed on. */
export interface MailerUnderTest {
  readonly mailer: Mailer;
  /** The message as it arrived, parsed; called once the send resolved. */
  arrived(receipt: MailReceipt): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** MAIL_FROM of every suite. */
export const FROM = 'Gatehouse <no-reply@auth.example.com>';

const MESSAGE: ComposedMail = {
  to: 'ada@example.com',
  subject: 'Reset your Gatehouse password — Grüße',
  text: 'Open this link:\n\nhttps://auth.example.com/password/reset?token=abc\n',
  html: '<!DOCTYPE html><html><body><p>Open <a href="https://auth.example.com/password/reset?token=abc">this link</a>, Grüße.</p></body></html>',
};

/** What every `Mailer` adapter must hand on. */
export function mailerContract(make: () => Promise<MailerUnderTest>): void {
  let subject: MailerUnderTest;
  beforeEach(async () => {
    subject = await make();
  });
  afterEach(async () => {
    await subject.close();
  });

  it('hands on the message whole: sender, recipient, subject, text and HTML', async () => {
    const receipt = await subject.mailer.send(MESSAGE);
    const parsed = await subject.arrived(receipt);
    expect(parsed.from?.value).to.deep.equal([{ address: 'no-reply@auth.example.com', name: 'Gatehouse' }]);
    const to = Array.isArray(parsed.to) ? parsed.to.flatMap((group) => group.value) : parsed.to?.value;
    expect(to).to.deep.equal([{ address: 'ada@example.com', name: '' }]);
    expect(parsed.subject).to.equal(MESSAGE.subject);
    expect(parsed.text).to.equal(MESSAGE.text);
    expect(parsed.html).to.equal(MESSAGE.html);
    expect(parsed.attachments).to.deep.equal([]);
    expect(parsed.messageId).to.match(/^<.+@auth\.example\.com>$/);
  });

  it('marks the message as sent automatically, so auto-responders stay quiet', async () => {
    const parsed = await subject.arrived(await subject.mailer.send(MESSAGE));
    expect(parsed.headers.get('auto-submitted')).to.equal('auto-generated');
  });

  it('resolves a receipt to log, without the content', async () => {
    const { receipt } = await subject.mailer.send(MESSAGE);
    expect(receipt).to.be.a('string').and.not.equal('');
    expect(receipt).to.not.include('token');
  });
}
