import { expect } from 'chai';
import { linkIn, type ReceivedMail, type TestSmtpServer } from '../../support/smtp-server.js';

/** What the next message should be: its recipient and subject, and the page its link leads to, if it has one. */
export interface ExpectedMail {
  readonly to: string;
  readonly subject: string;
  /** The path of the link to follow (`/password/reset`), on the app's own origin. */
  readonly linkTo?: string;
}

/**
 * The inbox of one person's journey on a test SMTP server. Each step waits for the one
 * message it caused, checks that it is the only one that came, and clears the server,
 * so the next step sees only what came after.
 */
export class Mailbox {
  /** `appUrl` is the app's APP_URL: every link in a message must be on it. */
  constructor(
    private readonly smtp: TestSmtpServer,
    private readonly appUrl: string,
  ) {}

  /** Waits for the message, checks it (subject, a text and an HTML part, the link), and returns it. */
  async take(expected: ExpectedMail): Promise<ReceivedMail> {
    const mail = await this.smtp.waitForMail(expected.to);
    expect(this.smtp.received.map(named), 'the messages that came').to.deep.equal([named(mail)]);
    this.smtp.clear();
    expect(mail.parsed.subject).to.equal(expected.subject);
    expect(mail.parsed.text, 'a text part').to.be.a('string').and.not.equal('');
    expect(mail.parsed.html, 'an HTML part').to.be.a('string').and.not.equal('');
    if (expected.linkTo) {
      const link = linkIn(mail, expected.linkTo);
      expect(new URL(link).origin, 'the link is on APP_URL').to.equal(this.appUrl);
      expect(mail.parsed.html, 'the HTML part holds the same link').to.contain(`href="${link}"`);
    }
    return mail;
  }

  /** Takes the message (as `take`) and returns its link, as a person copies it from a mail client. */
  async link(expected: ExpectedMail & { readonly linkTo: string }): Promise<string> {
    return linkIn(await this.take(expected), expected.linkTo);
  }
}

/** "to: subject", to name a message in a failed assertion. */
function named(mail: ReceivedMail): string {
  return `${mail.envelope.to.join(', ')}: ${mail.parsed.subject ?? ''}`;
}
