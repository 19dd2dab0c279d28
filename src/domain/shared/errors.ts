/**
 * Raised by a repository when a user with the same email already exists, whichever
 * check found it first (a look-up or the database's unique index).
 */
export class EmailTakenError extends Error {
  constructor() {
    super('A user with this email already exists');
    this.name = 'EmailTakenError';
  }
}
