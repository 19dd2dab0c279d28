import type { AdminTrailEntry } from '../application/audit/admin-trail-entry.js';
import type { ExportAdminTrail } from '../application/audit/export-admin-trail.js';
import type { CliOutput } from './cli-output.js';

/** What `audit export` needs: the administrators' trail, read in batches. */
export interface AuditCommandDependencies {
  readonly exportAdminTrail: ExportAdminTrail;
}

/** The audit commands' lines of the usage text. */
export const AUDIT_USAGE = [
  '  audit export --since <ISO date>  print the administrators\' and operators\' acts since then, one JSON object a line',
];

/** A date (`2026-11-01`) or a date and time (`2026-11-01T09:30:00Z`, UTC unless an offset is given). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * Runs `audit export --since <ISO date>` (or `--since=<ISO date>`); resolves the exit
 * code, or null for other arguments. Prints every act still within the retention at or
 * after the time, oldest first, as JSON lines (docs/administration.md lists the fields),
 * reading the trail in batches; a time that is no ISO date exits 1 with one line.
 */
export async function runAuditCommand(
  args: readonly string[],
  deps: AuditCommandDependencies,
  out: CliOutput,
): Promise<number | null> {
  const [command, action, ...rest] = args;
  if (command !== 'audit' || action !== 'export') return null;
  const since = sinceOf(rest);
  if (since === null) return null;
  const time = ISO_DATE.test(since) ? new Date(/T\d{2}:\d{2}[^Z+-]*$/.test(since) ? `${since}Z` : since) : null;
  if (time === null || Number.isNaN(time.getTime()) || !isCalendarDay(since.slice(0, 10))) {
    out.error(`Not an ISO date: ${since} (for example 2026-11-01 or 2026-11-01T09:30:00Z)`);
    return 1;
  }
  for await (const entry of deps.exportAdminTrail.execute({ since: time })) out.log(JSON.stringify(exportLine(entry)));
  return 0;
}

/** Whether `YYYY-MM-DD` names a day of the calendar: 2026-02-31 does not (Date would roll it into March). */
function isCalendarDay(day: string): boolean {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  const probe = new Date(Date.UTC(year, month - 1, date));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === date;
}

/** The value of `--since`, given once as `--since x` or `--since=x`, and nothing else; null otherwise. */
function sinceOf(rest: readonly string[]): string | null {
  if (rest.length === 2 && rest[0] === '--since' && rest[1] !== undefined) return rest[1];
  if (rest.length === 1 && rest[0]?.startsWith('--since=')) return rest[0].slice('--since='.length);
  return null;
}

/** One act as a line of the export: what, when, by whom, to whom, from where. */
export function exportLine(entry: AdminTrailEntry) {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    act: entry.type,
    actor: entry.actor,
    target: entry.target,
    ip: entry.ip,
    userAgent: entry.userAgent,
    requestId: entry.requestId,
  };
}
