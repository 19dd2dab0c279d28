import type Koa from 'koa';
import { lastLink } from './link-fixture.js';
import { browser, type TestApp } from '../test-app.js';

/** The password every helper signs up with. */
export const OLD_PASSWORD = 'analytical engine';

/** The path and query of an absolute link, to request it from the app under test. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** A browser that signed up (and so is logged in) as `email`. */
export async function signedUp(app: Koa, email: string, password = OLD_PASSWORD) {
  const client = browser(app);
  const response = await client.post('/signup').type('form').send({ email, password });
  if (response.headers.location !== '/users/profile') throw new Error(`sign-up of ${email} failed`);
  return client;
}

/** A browser logged in as `email`. */
export async function loggedIn(app: Koa, email: string, password = OLD_PASSWORD) {
  const client = browser(app);
  const response = await client.post('/login').type('form').send({ email, password });
  if (response.headers.location !== '/') throw new Error(`login of ${email} failed`);
  return client;
}

/** Asks for a reset link for `email` from a fresh browser; the path of the link the message carries. */
export async function resetLinkPath(built: TestApp, email: string): Promise<string> {
  await browser(built.app).post('/password/forgot').type('form').send({ email }).expect(302);
  return pathOf(lastLink(await built.queuedMail(), 'password-reset'));
}

/** The path of the newest email verification link queued. */
export async function verificationLinkPath(built: TestApp): Promise<string> {
  return pathOf(lastLink(await built.queuedMail(), 'email-verification'));
}

/** The token in a link's path. */
export function tokenIn(path: string): string {
  return new URL(path, 'http://x').searchParams.get('token') ?? '';
}

/** Posts the reset form (from a fresh browser unless one is given). */
export function postReset(app: Koa, token: string, password: string, client = browser(app)) {
  return client.post('/password/reset').type('form').send({ token, password });
}

/** Posts the verification button's form (from a fresh browser unless one is given). */
export function postVerify(app: Koa, token: string, client = browser(app)) {
  return client.post('/email/verify').type('form').send({ token });
}

/** Where a login with this password for `email` redirects: `/` on success, `/login` on failure. */
export async function loginAnswer(app: Koa, email: string, password: string): Promise<string | undefined> {
  return (await browser(app).post('/login').type('form').send({ email, password })).headers.location;
}
