/** A response as the test sees it. */
export interface PlainResponse {
  readonly status: number;
  readonly location: string | null;
  readonly text: string;
}

/**
 * A browser's cookie jar over plain fetch, pointed at any base URL: one "browser"
 * can talk to two app processes on two ports, carrying the same session.
 */
export class CookieClient {
  private readonly jar = new Map<string, string>();

  /** `headers` go with every request, e.g. the User-Agent of the browser it stands for. */
  constructor(private readonly headers: Record<string, string> = {}) {}

  /** The Cookie header it would send now, e.g. to replay it later. */
  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(baseUrl: string, path: string): Promise<PlainResponse> {
    return this.send(baseUrl, path, { method: 'GET' });
  }

  async postForm(baseUrl: string, path: string, form: Record<string, string>): Promise<PlainResponse> {
    return this.send(baseUrl, path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  private async send(baseUrl: string, path: string, init: RequestInit): Promise<PlainResponse> {
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...this.headers, ...(init.headers as Record<string, string>), cookie: this.cookieHeader() },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return { status: response.status, location: response.headers.get('location'), text: await response.text() };
  }
}

/** A page fetched with exactly this Cookie header and no jar: a replayed, captured cookie. */
export async function getWithCookie(baseUrl: string, path: string, cookie: string): Promise<PlainResponse> {
  const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: { cookie } });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}
