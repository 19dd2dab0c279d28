import type { LoadResult, LoadSpec } from './load.js';

/** One search of scenario 13: what it asks /users for, and what it measured. */
export type SearchResult = LoadResult & { readonly query: string };

/** Scenario 13: the searches of `/users` on the seeded table (`user-<n>@bench.test` and the rest). */
export interface UserSearchResults {
  /** 13a: a prefix that a handful of addresses start with, through the email index. */
  readonly prefix: SearchResult;
  /** 13b: a prefix nearly every address starts with: the page is as quick, the count reads the whole range. */
  readonly broadPrefix: SearchResult;
  /** 13c: a part of the address, which no index serves: a scan of the email index. */
  readonly substring: SearchResult;
}

/** The query strings of 13a–13c. */
export const SEARCHES = {
  prefix: 'q=user-4242',
  broadPrefix: 'q=user-',
  substring: 'q=4242&match=substring',
} as const;

/**
 * Runs 13a–13c, each as a page scenario (`page` builds its load, `measure` warms up and
 * runs it), announcing each with `say`.
 */
export async function measureUserSearches(
  baseUrl: string,
  page: (url: string) => LoadSpec,
  measure: (spec: LoadSpec) => Promise<LoadResult>,
  say: (what: string) => void,
): Promise<UserSearchResults> {
  const run = async (name: string, query: string): Promise<SearchResult> => {
    say(`${name} GET /users?${query} (core 0)`);
    return { ...(await measure(page(`${baseUrl}/users?${query}`))), query };
  };
  return {
    prefix: await run('13a', SEARCHES.prefix),
    broadPrefix: await run('13b', SEARCHES.broadPrefix),
    substring: await run('13c', SEARCHES.substring),
  };
}
