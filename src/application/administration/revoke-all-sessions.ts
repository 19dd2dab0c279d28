import type { EndSessions } from '../devices/end-sessions.js';
import type { SecurityEvents } from '../shared/ports/security-events.js';
import type { ActedBy } from './admin-act.js';

/** The outcome: how many sessions ended and how many remembered devices were forgotten. */
export interface RevokeAllSessionsResult {
  readonly kind: 'ok';
  readonly sessionsEnded: number;
  readonly devicesForgotten: number;
}

/**
 * Logs every user out at once: every session in the store ends, anonymous ones too, and
 * every remembered device is forgotten, so none logs straight back in; everyone may log
 * in again with their password. For an operator who fears the sessions were exposed (a
 * leaked store, a signing key rotated after a compromise). No account is its target, so
 * it is recorded as `admin.all-sessions-revoked` in the log only (no actor: an operator).
 */
export class RevokeAllSessions {
  constructor(
    private readonly endSessions: EndSessions,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: ActedBy = {}): Promise<RevokeAllSessionsResult> {
    const ended = await this.endSessions.ofEveryone();
    await this.events.record({
      type: 'admin.all-sessions-revoked',
      ...(input.actorId !== undefined && { actorId: input.actorId }),
      ...(input.request && { request: input.request }),
    });
    return { kind: 'ok', sessionsEnded: ended.sessions, devicesForgotten: ended.devices };
  }
}
