import type { UserId } from '../domain/user.js';

declare global {
  namespace Express {
    /** The session identity handlers see: the user id and nothing else (SPEC 2.2). */
    interface User {
      id: UserId;
    }
  }
}
