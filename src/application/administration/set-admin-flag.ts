import { Email } from '../../domain/shared/email.js';
import type { UserId } from '../../domain/shared/user.js';
import type { EndSessions } from '../devices/end-sessions.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';

/** Grant (`admin: true`) or revoke (`admin: false`) the flag of the user with this email. */
export interface SetAdminFlagInput {
  readonly email: string;
  readonly admin: boolean;
  /** The administrator who does it, on the administration pages; omitted on the command line. */
  readonly actorId?: UserId;
  /** The request it came in, on the administration pages; omitted on the command line. */
  readonly request?: RequestContext;
}

/** The outcome; `changed` is false when the flag already had the wanted value. */
export type SetAdminFlagResult =
  | { readonly kind: 'ok'; readonly email: string; readonly admin: boolean; readonly changed: boolean }
  | { readonly kind: 'invalid-email' }
  | { readonly kind: 'unknown-email' };

/**
 * Sets or clears a user's administrator flag: the only way to make an administrator.
 * A revoked flag also ends every session of the user, so no page opened as an
 * administrator stays open (each admin page reads the flag again anyway). A change is
 * an `admin.granted` or `admin.revoked` event on the user's activity, naming who did it.
 */
export class SetAdminFlag {
  constructor(
    private readonly users: UserRepository,
    private readonly endSessions: EndSessions,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: SetAdminFlagInput): Promise<SetAdminFlagResult> {
    const email = Email.parse(input.email);
    if (!email) return { kind: 'invalid-email' };
    const user = await this.users.findByEmail(email);
    if (!user || !(await this.users.setAdmin(user.id, input.admin))) return { kind: 'unknown-email' };
    if (!input.admin && user.admin) await this.endSessions.ofUser(user.id);
    const changed = user.admin !== input.admin;
    if (changed) {
      await this.events.record({
        type: input.admin ? 'admin.granted' : 'admin.revoked',
        userId: user.id,
        ...(input.actorId !== undefined && { actorId: input.actorId }),
        ...(input.request && { request: input.request }),
      });
    }
    return { kind: 'ok', email: email.value, admin: input.admin, changed };
  }
}
