import type { UserId } from '../../domain/shared/user.js';
import type { AuditEvent, AuditEvents } from './ports/audit-events.js';
import { type ActivityType, isActivityType, type SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';

/** Events shown on one page of an account's activity. */
export const ACTIVITY_PAGE_SIZE = 25;

/** Whose activity, and which page: the events older than the event `before`, or the newest when null. */
export interface ListAccountActivityInput {
  readonly userId: UserId;
  readonly before: number | null;
}

/** One event as the activity page shows it. */
export interface ActivityEntry {
  readonly id: number;
  readonly type: ActivityType;
  readonly at: Date;
  /** The administrator who acted on the account; null when its owner did, or the command line. */
  readonly actorId: UserId | null;
  /** Null for an event of the command line. */
  readonly ip: string | null;
  readonly userAgent: string | null;
  /** The sign-in provider it was with, when it was with one. */
  readonly provider?: string;
}

/** A page of the account's events, newest first, with the cursor of the older ones when there are more. */
export type ListAccountActivityResult =
  | { readonly kind: 'ok'; readonly entries: readonly ActivityEntry[]; readonly olderBefore: number | null }
  // No such account (deleted meanwhile, or an unknown id).
  | { readonly kind: 'not-found' };

/**
 * Lists an account's security events, newest first, a page at a time by keyset (never
 * by offset). The same use case serves the owner's page and an administrator's view of
 * a user: the caller decides whose id it passes.
 */
export class ListAccountActivity {
  constructor(
    private readonly users: UserRepository,
    private readonly audit: AuditEvents,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: ListAccountActivityInput): Promise<ListAccountActivityResult> {
    if (!(await this.users.findById(input.userId))) return { kind: 'not-found' };
    // Some events are stored after their answer (a failed login): a page read later shows them.
    await this.events.settled();
    // One extra row tells whether another page follows, without a count query.
    const rows = await this.audit.listOfUser(input.userId, { before: input.before, limit: ACTIVITY_PAGE_SIZE + 1 });
    const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
    const last = page.at(-1);
    const olderBefore = rows.length > ACTIVITY_PAGE_SIZE && last ? last.id : null;
    // An act's row outlives its target (the trail's), so an account never sees one it did not undergo.
    return { kind: 'ok', entries: page.flatMap(toEntry), olderBefore };
  }
}

function toEntry(event: AuditEvent): ActivityEntry[] {
  const { type } = event;
  if (!isActivityType(type)) return [];
  return [{
    id: event.id,
    type,
    at: new Date(event.at),
    actorId: event.actorId,
    ip: event.ip,
    userAgent: event.userAgent,
    ...(event.provider !== undefined && { provider: event.provider }),
  }];
}
