import type { User } from '../../../domain/shared/user.js';

/** A value of the export document: what JSON writes as is. */
export type ExportValue =
  | string
  | number
  | boolean
  | null
  | readonly ExportValue[]
  | { readonly [key: string]: ExportValue };

/**
 * What a section holds: one value (an object, or a short list), or a list long enough
 * to be read a page at a time and written as it comes (the activity), never held whole.
 */
export type SectionContent =
  | { readonly kind: 'value'; readonly value: ExportValue }
  | { readonly kind: 'pages'; readonly pages: AsyncIterable<readonly ExportValue[]> };

/**
 * One feature's part of "Download my data" (`/account/data`, `npm run cli -- user export`):
 * everything that feature stores about the user, under one top-level key of the
 * document (docs/accounts.md lists them). Each feature that stores something of a user
 * binds one (multiple bindings), so the export names no feature. A section never
 * gives an id of a session, a secret, a hash, a key or a link: only what the pages show
 * and the dates around it.
 */
export interface PersonalDataSection {
  /** The document's top-level key, in camelCase; unique among the sections. */
  readonly key: string;
  /** The section's content for this user. */
  read(user: User): Promise<SectionContent>;
}

/** The epoch milliseconds as the document writes times: ISO 8601 in UTC, or null. */
export function exportTime(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
