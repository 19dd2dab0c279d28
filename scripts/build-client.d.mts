/** Writes public/passkeys.js (the passkey pages' script); resolves once it is on disk. */
export function buildClient(): Promise<void>;
