import { newSessionHandle, newSessionId } from '../../../src/web/shared/session-id.js';
import { ADA, type Browser } from '../accounts/account-client.js';
import { setCookieValue, signedCookie } from '../session-cookies.js';
import { CHROME, FIREFOX } from './sessions-page.js';
import { browser, showsLoggedIn, type TestApp } from '../test-app.js';

const COOKIE = 'gatehouse.sid';
const KEY = 'test-session-key';
const MINUTE = 60_000;

/** Grace, a second user. */
export const GRACE = { email: 'grace@example.com', password: 'cobol compiler' };

/** Ada signs up in Firefox and logs in again in Chrome: two sessions, two browsers, and their session ids. */
export async function adaInTwoBrowsers(built: TestApp) {
  const firefox = browser(built.app);
  const signUp = await firefox.post('/signup').set('User-Agent', FIREFOX.userAgent).type('form').send(ADA).expect(302);
  const chrome = browser(built.app);
  const logIn = await chrome.post('/login').set('User-Agent', CHROME.userAgent).type('form').send(ADA).expect(302);
  const ids = [setCookieValue(signUp, COOKIE) ?? '', setCookieValue(logIn, COOKIE) ?? ''];
  return { firefox, chrome, ids };
}

/**
 * A session of Ada's as stored before handles existed, after the migration: the store
 * has its handle, its data does not. Resolves the Cookie header that carries it.
 */
export async function sessionFromBefore(built: TestApp): Promise<string> {
  const id = newSessionId();
  const now = Date.now();
  await built.sessions.insert(id, {
    data: { passport: { user: 1 } },
    userId: 1,
    expiresAt: now + MINUTE,
    absoluteExpiresAt: now + 60 * MINUTE,
    device: { handle: newSessionHandle(), userAgent: null, ip: null, createdAt: null, lastSeenAt: null },
  });
  return signedCookie(COOKIE, id, KEY);
}

/** The sessions page as this browser sees it. */
export async function sessionsPage(client: Browser): Promise<string> {
  return (await client.get('/account/sessions').expect(200)).text;
}

/** Whether this browser is still logged in: the home page shows the logout link. */
export async function isLoggedIn(client: Browser): Promise<boolean> {
  return showsLoggedIn((await client.get('/').expect(200)).text);
}
