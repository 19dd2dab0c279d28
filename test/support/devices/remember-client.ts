import type Koa from 'koa';
import type { Response } from 'supertest';
import { parseRememberCookie } from '../../../src/web/shared/remember-me-cookie.js';
import { type Browser } from '../accounts/account-client.js';
import { setCookieHeader, setCookieValue } from '../session-cookies.js';
import { browser } from '../test-app.js';

/** The remember-me cookie over plain HTTP. */
export const REMEMBER = 'gatehouse.remember';

/** The session cookie over plain HTTP. */
export const SESSION = 'gatehouse.sid';

/** Logs in through the form with "Keep me logged in on this device" ticked; resolves the browser and its cookie. */
export async function logInRemembered(
  app: Koa,
  who: { email: string; password: string },
  client: Browser = browser(app),
): Promise<{ client: Browser; response: Response; cookie: string }> {
  const response = await client.post('/login').type('form').send({ ...who, remember: 'yes' });
  if (response.headers.location !== '/') throw new Error(`the login of ${who.email} failed`);
  const cookie = setCookieValue(response, REMEMBER);
  if (cookie === null) throw new Error('the login set no remember-me cookie');
  return { client, response, cookie };
}

/** A request from a browser that holds this remember-me cookie and no session. */
export function withRememberCookie(app: Koa, cookie: string, path = '/users/profile') {
  return browser(app).get(path).set('Cookie', `${REMEMBER}=${cookie}`);
}

/** True when the response tells the browser to drop the remember-me cookie. */
export function clearsRememberCookie(response: Response): boolean {
  const header = setCookieHeader(response, REMEMBER) ?? '';
  return header.startsWith(`${REMEMBER}=;`) && /expires=Thu, 01 Jan 1970/i.test(header);
}

/** The selector of a cookie value. */
export function selectorOf(cookie: string | null): string | undefined {
  return parseRememberCookie(cookie)?.selector;
}
