import type { UserId } from '../../domain/shared/user.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';

/** Who logs out, and from where. */
export interface LogOutInput {
  readonly userId: UserId;
  readonly request: RequestContext;
}

/**
 * A user's logout: recorded as `logout` on their activity. The session itself is the
 * caller's to end (it holds nothing but the user id), after any device it remembered
 * is forgotten.
 */
export class LogOut {
  constructor(private readonly events: SecurityEvents) {}

  async execute(input: LogOutInput): Promise<void> {
    await this.events.record({ type: 'logout', userId: input.userId, request: input.request });
  }
}
