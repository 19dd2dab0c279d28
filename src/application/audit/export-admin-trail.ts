import type { UserRepository } from '../shared/ports/user-repository.js';
import { type AdminTrailEntry, trailEntries } from './admin-trail-entry.js';
import type { AuditEvents } from './ports/audit-events.js';

/** Acts read from the store at a time: the memory an export holds at once. */
export const ADMIN_TRAIL_EXPORT_BATCH = 500;

/**
 * The administrators' acts since a time, oldest first, for an auditor
 * (`npm run cli -- audit export --since`): read in batches by keyset, so an export of a
 * long trail never holds it all. Every act still within the retention is there, the
 * acts on accounts deleted since included.
 */
export class ExportAdminTrail {
  constructor(
    private readonly users: UserRepository,
    private readonly audit: AuditEvents,
  ) {}

  async *execute(input: { readonly since: Date }): AsyncGenerator<AdminTrailEntry> {
    const since = input.since.getTime();
    let afterId: number | null = null;
    for (;;) {
      const batch = await this.audit.adminActsSince({ since, afterId, limit: ADMIN_TRAIL_EXPORT_BATCH });
      yield* await trailEntries(this.users, batch);
      const last = batch.at(-1);
      if (!last || batch.length < ADMIN_TRAIL_EXPORT_BATCH) return;
      afterId = last.id;
    }
  }
}
