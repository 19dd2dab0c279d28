import type { OutgoingMail } from '../../../src/application/mail/outgoing-mail.js';
import { TEST_APP_URL } from '../account-settings.js';
import { browser, buildTestApp, flashOf, type TestApp } from '../test-app.js';

/** Ada, who signs up in every account test. */
export const ADA = { email: 'ada@example.com', password: 'analytical-engine', phone: '+44 20 7946 0000' };

/** A browser of the app's: supertest's agent, which keeps cookies. */
export type Browser = ReturnType<typeof browser>;

/** The test app with Ada signed up, and her browser, logged in. */
export async function withAda(parts: Parameters<typeof buildTestApp>[0] = {}) {
  const built = buildTestApp(parts);
  const ada = await signUp(built, ADA);
  return { ...built, ada };
}

/** Signs someone up through the form; resolves their browser, logged in. */
export async function signUp(
  built: TestApp,
  who: { email: string; password: string; phone?: string },
): Promise<Browser> {
  const client = browser(built.app);
  await client.post('/signup').type('form').send(who).expect(302);
  return client;
}

/** A second browser of an existing user, logged in through the form. */
export async function logIn(built: TestApp, who: { email: string; password: string }): Promise<Browser> {
  const client = browser(built.app);
  const response = await client.post('/login').type('form').send(who).expect(302);
  if (response.headers.location !== '/') throw new Error(`login of ${who.email} failed`);
  return client;
}

/** Posts a form; resolves where it redirected and the flashes of the page found there. */
export async function submit(client: Browser, path: string, form: Record<string, string> | string) {
  const response = await client.post(path).type('form').send(form);
  const location = response.headers.location as string | undefined;
  const page = location ? (await client.get(location)).text : response.text;
  return {
    status: response.status,
    location,
    response,
    page,
    success: flashOf(page, 'messageSuccess'),
    failure: flashOf(page, 'messageFailure'),
  };
}

/**
 * What the app queued besides the verification links that every sign-up queues and the
 * new-device alerts of logins from a second browser (test/http/devices/new-device-alerts.test.ts).
 */
export function accountMail(built: TestApp): OutgoingMail[] {
  return built.account.outbox.queued.filter((mail) => mail.kind !== 'email-verification' && mail.kind !== 'new-device-login');
}

/** The path and query of the link in the latest email-change confirmation queued to `to`. */
export function emailChangeLink(queued: readonly OutgoingMail[], to: string): string {
  const mail = queued.filter((m) => m.kind === 'email-change-confirmation' && m.to === to).at(-1);
  if (mail?.kind !== 'email-change-confirmation') throw new Error(`no confirmation queued to ${to}`);
  if (!mail.link.startsWith(`${TEST_APP_URL}/`)) throw new Error(`a link off APP_URL: ${mail.link}`);
  return mail.link.slice(TEST_APP_URL.length);
}

/** The token a link carries. */
export function tokenOf(link: string): string {
  return new URL(link, TEST_APP_URL).searchParams.get('token') ?? '';
}

/** The value a page fills into the input with this id, or null. */
export function filledIn(html: string, id: string): string | null {
  const input = new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
  return /value="([^"]*)"/.exec(input)?.[1] ?? null;
}
