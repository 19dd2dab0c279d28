/** Where a database server listens, and whom to log in as. */
export interface ServerAddress {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
}

/** Where the data lives: an SQLite file (or memory), a MySQL/MariaDB server or a PostgreSQL server. */
export type DatabaseUrl =
  | { readonly client: 'sqlite'; readonly filename: string }
  | ({ readonly client: 'mysql' } & ServerAddress)
  | ({ readonly client: 'postgres' } & ServerAddress);

/** What the URL of each server database looks like, and its defaults. */
const SERVERS = {
  mysql: { schemes: ['mysql:'], port: 3306, user: 'root', example: 'mysql://root@127.0.0.1:3306/gatehouse' },
  postgres: {
    schemes: ['postgres:', 'postgresql:'],
    port: 5432,
    user: 'postgres',
    example: 'postgres://postgres@127.0.0.1:5432/gatehouse',
  },
} as const;

/**
 * Parses `sqlite:<path>`, `sqlite::memory:`, `mysql://user:pass@host:port/db` or
 * `postgres://user:pass@host:port/db` (also `postgresql://`).
 * Returns a message saying what is wrong instead of throwing.
 */
export function parseDatabaseUrl(raw: string): DatabaseUrl | string {
  if (raw.startsWith('sqlite:')) {
    const filename = raw.slice('sqlite:'.length);
    return filename ? { client: 'sqlite', filename } : 'sqlite: needs a path, e.g. sqlite:./data/app.sqlite';
  }
  for (const client of ['mysql', 'postgres'] as const) {
    const scheme = SERVERS[client].schemes.find((s) => raw.startsWith(`${s}//`));
    if (scheme) return parseServerUrl(client, scheme, raw);
  }
  return 'must start with sqlite:, mysql://, postgres:// or postgresql://';
}

function parseServerUrl(client: 'mysql' | 'postgres', scheme: string, raw: string): DatabaseUrl | string {
  const { port, user, example } = SERVERS[client];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `not a valid ${scheme}// URL`;
  }
  if (!url.hostname) return `${scheme}// URL must name a host, e.g. ${example}`;
  let parts: { database: string; user: string; password: string };
  try {
    parts = {
      database: decodeURIComponent(url.pathname.replace(/^\//, '')),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    };
  } catch {
    return `${scheme}// URL has a broken percent-encoding (write a % in a password as %25)`;
  }
  const { database } = parts;
  if (!database) return `${scheme}// URL must name a database, e.g. ${example}`;
  if (database.includes('/')) return `${scheme}// URL must name one database, without a further path: ${database}`;
  // Options such as sslmode would otherwise be ignored without a word: a connection
  // the operator believes encrypted would not be.
  if (client === 'postgres' && url.search) return `${scheme}// URL takes no options (such as sslmode): ${url.search}`;
  return {
    client,
    // An IPv6 address comes bracketed in a URL, but is connected to without brackets.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : port,
    user: parts.user || user,
    password: parts.password,
    database,
  };
}
