import type { Browser } from '../accounts/account-client.js';

/** One row of /account/activity, as the page shows it. */
export interface ActivityRow {
  readonly when: string;
  readonly label: string;
  readonly device: string;
  readonly address: string;
}

/** A row of the table: its cells carry attributes of their own (roles, classes, labels for a phone's layout). */
const ROW =
  /<tr[^>]*><td[^>]*><time datetime="[^"]+">([^<]*)<\/time><\/td><td[^>]*>([^<]*)<\/td><td[^>]*>([^<]*)<\/td><td[^>]*>([^<]*)<\/td><\/tr>/g;

/** The rows of an activity page, top to bottom. */
export function activityRows(html: string): ActivityRow[] {
  return [...html.matchAll(ROW)].map(([, when = '', label = '', device = '', address = '']) => ({
    when,
    label: label.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    device,
    address,
  }));
}

/** The labels of the rows of a browser's activity page (the newest page, or the one at `path`). */
export async function activityLabels(client: Browser, path = '/account/activity'): Promise<string[]> {
  const page = await client.get(path).expect(200);
  return activityRows(page.text).map((row) => row.label);
}

/** The path of the page's "Older" link, or null when it has none. */
export function olderLink(html: string): string | null {
  return /<a href="(\/account\/activity\?before=\d+)" rel="next">Older<\/a>/.exec(html)?.[1] ?? null;
}
