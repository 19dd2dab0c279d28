import { ADA, type Browser, signUp } from '../accounts/account-client.js';
import type { TestApp } from '../test-app.js';

/** The administrator of the administration tests. */
export const ROOT = { email: 'root@example.com', password: 'all-of-the-trust' };

/** The field that confirms an action with the administrator's password (sudo mode), for a form of ROOT's. */
export const WITH_PASSWORD = { sudoPassword: ROOT.password };

/**
 * Root (user 1, an administrator, logged in) and Ada (user 2, logged in), each with
 * their own browser, on a fresh app.
 */
export async function rootAndAda(built: TestApp): Promise<{ root: Browser; ada: Browser }> {
  const root = await signUp(built, ROOT);
  const granted = await built.setUserAdmin.execute({ user: { email: ROOT.email }, admin: true });
  if (granted.kind !== 'ok') throw new Error(`could not make root an administrator: ${granted.kind}`);
  return { root, ada: await signUp(built, ADA) };
}

/** True when the page asks for the administrator's password (sudo mode). */
export function asksForPassword(html: string): boolean {
  return html.includes('name="sudoPassword"');
}

/** The problem a page states in its body (a notice on /users, a refusal on the sudo page), or null. */
export function problemOn(html: string): string | null {
  const match = /data-(?:problem|notice)[^>]*>([^<]*)</.exec(html);
  return match ? (match[1] ?? '').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&') : null;
}
