import { Email } from '../../domain/shared/email.js';
import type { AdminActType } from '../shared/ports/security-events.js';
import type { SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { type AdminTrailEntry, trailEntries } from './admin-trail-entry.js';
import type { AdminTrailFilter, AuditEvents } from './ports/audit-events.js';

/** Acts shown on one page of the administrators' audit trail. */
export const ADMIN_TRAIL_PAGE_SIZE = 50;

/** Which acts: by whom, to whom, of which kind; and which page. */
export interface ListAdminTrailInput {
  /** The acting administrator's address, or `operator` for the command line's acts; absent: anyone. */
  readonly actor?: string;
  /** The target's address when the act was done; absent: anyone. */
  readonly target?: string;
  readonly kind?: AdminActType;
  /** The acts older than the act `before`, or the newest when null. */
  readonly before: number | null;
}

/** The filter's word for the command line's acts. */
export const OPERATOR_ACTOR = 'operator';

/** A page of acts, newest first, with the cursor of the older ones when there are more. */
export type ListAdminTrailResult =
  | { readonly kind: 'ok'; readonly entries: readonly AdminTrailEntry[]; readonly olderBefore: number | null }
  // The actor filter names no account now (nor the operator): nothing is listed.
  | { readonly kind: 'unknown-actor' };

/**
 * Lists what administrators and operators did to accounts (`/admin/audit`), newest
 * first, a page at a time by keyset (never by offset), filtered by actor, target and
 * kind. The target is named by its address when the act was done, so an act on an
 * account deleted since still reads; an actor by the address its account has now (an
 * actor filter finds the acts of an account that exists). Addresses are compared as
 * normalised (lower-case); a target filter that is no address finds nothing.
 */
export class ListAdminTrail {
  constructor(
    private readonly users: UserRepository,
    private readonly audit: AuditEvents,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: ListAdminTrailInput): Promise<ListAdminTrailResult> {
    const filter = await this.filterOf(input);
    if (filter === 'unknown-actor') return { kind: 'unknown-actor' };
    // An act recorded just before this page is stored after its answer: wait for it.
    await this.events.settled();
    // One extra row tells whether another page follows, without a count query.
    const rows = await this.audit.listAdminActs({ before: input.before, limit: ADMIN_TRAIL_PAGE_SIZE + 1, filter });
    const page = rows.slice(0, ADMIN_TRAIL_PAGE_SIZE);
    const last = page.at(-1);
    const olderBefore = rows.length > ADMIN_TRAIL_PAGE_SIZE && last ? last.id : null;
    return { kind: 'ok', entries: await trailEntries(this.users, page), olderBefore };
  }

  private async filterOf(input: ListAdminTrailInput): Promise<AdminTrailFilter | 'unknown-actor'> {
    const actor = input.actor?.trim() ?? '';
    const target = input.target?.trim() ?? '';
    let actorId: AdminTrailFilter['actorId'];
    if (actor.toLowerCase() === OPERATOR_ACTOR) actorId = null;
    else if (actor !== '') {
      const email = Email.parse(actor);
      const user = email && (await this.users.findByEmail(email));
      if (!user) return 'unknown-actor';
      actorId = user.id;
    }
    return {
      ...(actorId !== undefined && { actorId }),
      ...(target !== '' && { targetEmail: Email.parse(target)?.value ?? target.toLowerCase() }),
      ...(input.kind !== undefined && { type: input.kind }),
    };
  }
}
