/** User-Agents of two browsers, and the names the sessions page gives them. */
export const FIREFOX = {
  userAgent: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  name: 'Firefox on Ubuntu',
};
export const CHROME = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  name: 'Chrome on Android 14',
};

/** One session as the sessions page shows it. */
export interface ShownSession {
  readonly device: string;
  readonly current: boolean;
  readonly address: string;
  readonly signedIn: string;
  readonly lastActive: string;
  /** The handle its "Log out" form posts; null on the current one, which has no such form. */
  readonly handle: string | null;
}

/** The sessions on a rendered /account/sessions page, in the page's order. */
export function shownSessions(html: string): ShownSession[] {
  const cards = html.split('<section class="card session"').slice(1);
  return cards.map((card) => {
    const body = card.slice(0, card.indexOf('</section>'));
    const heading = /<h2[^>]*>([^<]*)/.exec(body)?.[1] ?? '';
    const facts = [...body.matchAll(/<dd>(?:<time[^>]*>)?([^<]*)/g)].map((match) => match[1] ?? '');
    return {
      device: decode(heading.trim()),
      current: body.includes('<span class="badge">This device</span>'),
      address: decode(facts[0] ?? ''),
      signedIn: facts[1] ?? '',
      lastActive: facts[2] ?? '',
      handle: /name="session" value="([^"]*)"/.exec(body)?.[1] ?? null,
    };
  });
}

/** The handle of the one session shown for `device`; throws unless exactly one is. */
export function handleOf(html: string, device: string): string {
  const found = shownSessions(html).filter((session) => session.device === device);
  const handle = found[0]?.handle;
  if (found.length !== 1 || !handle) throw new Error(`no single session of ${device} with a handle on the page`);
  return handle;
}

function decode(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');
}
