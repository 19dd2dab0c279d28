/**
 * Headers a browser sends with a same-origin form post; the app's CSRF check
 * accepts a form post only with them.
 */
export function formHeaders(baseUrl: string): Record<string, string> {
  return {
    'content-type': 'application/x-www-form-urlencoded',
    origin: baseUrl,
    'sec-fetch-site': 'same-origin',
  };
}

/** The url-encoded body of a login form. */
export function loginBody(email: string, password: string): string {
  return new URLSearchParams({ email, password }).toString();
}

/**
 * Logs in like a browser and returns the Cookie header of the live session, after
 * one page view has consumed the login flash (so the session no longer changes and a
 * replayed cookie stays valid).
 */
export async function logInSession(baseUrl: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

  const login = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: formHeaders(baseUrl),
    body: loginBody(email, password),
    redirect: 'manual',
  });
  await login.arrayBuffer();
  keep(login);
  if (login.status !== 302 || login.headers.get('location') !== '/') {
    throw new Error(`login as ${email} failed: ${login.status} to ${login.headers.get('location')}`);
  }
  const home = await fetch(`${baseUrl}/`, { headers: { cookie: header() } });
  await home.arrayBuffer();
  keep(home);
  return header();
}

/** Fetches a page with the session cookie and throws unless it answers 200. */
export async function expectPage(baseUrl: string, path: string, cookie: string): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie }, redirect: 'manual' });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(`GET ${path} answered ${response.status} (to ${response.headers.get('location')}), not 200`);
  }
  return text;
}
