/** Where the data lives: an SQLite file (or memory), or a MySQL/MariaDB server. */
export type DatabaseUrl =
  | { readonly client: 'sqlite'; readonly filename: string }
  | {
      readonly client: 'mysql';
      readonly host: string;
      readonly port: number;
      readonly user: string;
      readonly password: string;
      readonly database: string;
    };

/**
 * Parses `sqlite:<path>`, `sqlite::memory:` or `mysql://user:pass@host:port/db`.
 * Returns a message saying what is wrong instead of throwing.
 */
export function parseDatabaseUrl(raw: string): DatabaseUrl | string {
  if (raw.startsWith('sqlite:')) {
    const filename = raw.slice('sqlite:'.length);
    return filename ? { client: 'sqlite', filename } : 'sqlite: needs a path, e.g. sqlite:./data/app.sqlite';
  }
  if (raw.startsWith('mysql://')) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'not a valid mysql:// URL';
    }
    const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
    if (!database) return 'mysql:// URL must name a database, e.g. mysql://root@127.0.0.1:3306/gatehouse';
    return {
      client: 'mysql',
      host: url.hostname,
      port: url.port ? Number(url.port) : 3306,
      user: decodeURIComponent(url.username) || 'root',
      password: decodeURIComponent(url.password),
      database,
    };
  }
  return 'must start with sqlite: or mysql://';
}
