import type { UserId } from '../../domain/shared/user.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { type AdminActType, isAdminActType } from '../shared/ports/security-events.js';
import type { AuditEvent } from './ports/audit-events.js';

/** Who did an act: an administrator (by id, with the address the account has now, none once deleted) or an operator. */
export type TrailActor =
  | { readonly kind: 'administrator'; readonly id: UserId; readonly email: string | null }
  | { readonly kind: 'operator' };

/** One act of the administrators' audit trail, as the page and the export show it. */
export interface AdminTrailEntry {
  readonly id: number;
  readonly type: AdminActType;
  readonly at: Date;
  readonly actor: TrailActor;
  /** The target's id, and its address when the act was done (null for an act stored before it was kept). */
  readonly target: { readonly id: UserId; readonly email: string | null };
  /** The administrator's request; null for the command line. */
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly requestId: string | null;
}

/**
 * The acts as entries, each actor named by the address its account has now: one look-up
 * per administrator of the batch (a page names few), none for an operator.
 */
export async function trailEntries(users: UserRepository, events: readonly AuditEvent[]): Promise<AdminTrailEntry[]> {
  const actorIds = [...new Set(events.flatMap((event) => (event.actorId === null ? [] : [event.actorId])))];
  const emails = new Map<UserId, string | null>();
  for (const id of actorIds) emails.set(id, (await users.findById(id))?.email.value ?? null);
  return events.flatMap((event): AdminTrailEntry[] => {
    const { type, actorId } = event;
    // The store lists only acts; the guard narrows the type.
    if (!isAdminActType(type)) return [];
    const actor: TrailActor =
      actorId === null ? { kind: 'operator' } : { kind: 'administrator', id: actorId, email: emails.get(actorId) ?? null };
    return [
      {
        id: event.id,
        type,
        at: new Date(event.at),
        actor,
        target: { id: event.userId, email: event.targetEmail },
        ip: event.ip,
        userAgent: event.userAgent,
        requestId: event.requestId,
      },
    ];
  });
}
