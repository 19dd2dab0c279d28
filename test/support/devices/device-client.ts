import type { OutgoingMail } from '../../../src/application/mail/outgoing-mail.js';
import type { TestApp } from '../test-app.js';

/** The device cookie over plain HTTP. */
export const DEVICE = 'gatehouse.device';

/** Chrome on Windows, as a second browser sends it. */
export const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The new-device alerts queued so far, oldest first. */
export async function newDeviceAlerts(built: Pick<TestApp, 'queuedMail'>) {
  return (await built.queuedMail()).filter(
    (mail): mail is Extract<OutgoingMail, { kind: 'new-device-login' }> => mail.kind === 'new-device-login',
  );
}
