import type { UserId } from '../../domain/shared/user.js';
import type { ActingAs } from '../mail/outgoing-mail.js';
import type { AdminActType, RequestContext, SecurityEvent, SecurityEventType } from '../shared/ports/security-events.js';
import type { UserNotFound, UserRef } from '../shared/user-ref.js';

/**
 * Who does an act on a user: an administrator on the administration pages (`actorId`,
 * `request`), or an operator on the command line (neither: the user's activity then
 * says "by an operator (command line)").
 */
export interface ActedBy {
  /** The administrator who acts; omitted on the command line. */
  readonly actorId?: UserId;
  /** The request it came in; omitted on the command line. */
  readonly request?: RequestContext;
}

/** Who the notice to the owner says acted: an administrator when one is named, else an operator. */
export function actingAs(by: ActedBy): ActingAs {
  return by.actorId === undefined ? 'operator' : 'administrator';
}

/** The acts on one user, as the pages' addresses (`/users/:id/<act>`) and refusal reasons name them. */
export type AdminAct =
  | 'grant-admin'
  | 'revoke-admin'
  | 'lock'
  | 'unlock'
  | 'send-password-reset'
  | 'revoke-sessions'
  | 'reset-two-factor'
  | 'delete';

/** The account an act was done to: its id, and its address then (kept in the audit trail). */
export interface ActTarget {
  readonly userId: UserId;
  readonly email: string;
}

/** The event of an act done to `target`; `reason: unchanged` when it found the act done already. */
export function actDone(type: AdminActType, by: ActedBy, target: ActTarget, options: { unchanged?: boolean } = {}): SecurityEvent {
  return { ...event(type, by, target.userId, options.unchanged ? 'unchanged' : undefined), targetEmail: target.email };
}

/** `admin.action-refused` with reason `<act>/<why>` (`lock/last-admin`, `unlock/not-found`…). */
export function actRefused(act: AdminAct, by: ActedBy, userId: UserId | undefined, why: string): SecurityEvent {
  return event('admin.action-refused', by, userId, `${act}/${why}`);
}

/** An act refused because the reference named nobody: about the id, when the reference was one. */
export function actOnNobody(act: AdminAct, by: ActedBy, ref: UserRef, refusal: UserNotFound): SecurityEvent {
  return actRefused(act, by, 'id' in ref ? ref.id : undefined, refusal.kind);
}

function event(type: SecurityEventType, by: ActedBy, userId: UserId | undefined, reason: string | undefined): SecurityEvent {
  return {
    type,
    ...(userId !== undefined && { userId }),
    ...(by.actorId !== undefined && { actorId: by.actorId }),
    ...(reason !== undefined && { reason }),
    ...(by.request && { request: by.request }),
  };
}
