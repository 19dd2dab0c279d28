/** One row of /admin/audit, as the page shows it: when, act, by, to, device, address. */
export type TrailRow = [act: string, by: string, to: string];

const ROW = /<tr data-act>(.*?)<\/tr>/g;
const CELL = /<td>(.*?)<\/td>/g;

function text(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The act, actor and target of each row of a trail page, top to bottom. */
export function trailRows(html: string): TrailRow[] {
  return [...html.matchAll(ROW)].map(([, row = '']) => {
    const cells = [...row.matchAll(CELL)].map(([, cell = '']) => text(cell));
    return [cells[1] ?? '', cells[2] ?? '', cells[3] ?? ''];
  });
}

/** The path of the page's "Older" link, or null when it has none. */
export function olderTrailLink(html: string): string | null {
  const href = /<a href="([^"]+)" rel="next">Older<\/a>/.exec(html)?.[1];
  return href ? href.replace(/&amp;/g, '&') : null;
}
