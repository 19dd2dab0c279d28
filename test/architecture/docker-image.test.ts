import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { expect } from 'chai';
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../../src/infrastructure/config.js';
import { projectRoot } from '../../src/infrastructure/project-root.js';
import { argsOf, type DockerStage, envOf, execForm, readDockerfile } from '../support/dockerfile.js';

const root = projectRoot();
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The production command, as docs/operations.md gives it and the image runs it. */
const PRODUCTION_COMMAND = 'node --max-old-space-size=96 --max-semi-space-size=8 dist/src/main.js';

interface ComposeService {
  readonly image?: string;
  readonly build?: unknown;
  readonly command?: string;
  readonly environment?: Record<string, string>;
}

describe('Dockerfile', () => {
  const stages = readDockerfile();
  const final = stages.at(-1) as DockerStage;
  const stage = (name: string) => stages.find((candidate) => candidate.name === name) as DockerStage;

  it('has no finding of the Dockerfile linter (dockerfile-utils)', () => {
    const findings = validate(read('Dockerfile')).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
    expect(findings).to.deep.equal([]);
  });

  it('has a linter that finds a mistake (the check itself works)', () => {
    expect(validate('FROM node:20-bookworm-slim\nHEALTHCHECK --interva=30s CMD ["true"]\n')).to.have.length(1);
  });

  it('builds with every dependency, and ships production dependencies only (npm ci --omit=dev, less TypeScript)', () => {
    expect(argsOf(stage('build'), 'RUN')).to.deep.equal(['npm ci', 'npm run build']);
    // TypeScript is an optional peer of i18next, which npm installs even with --omit=dev.
    expect(argsOf(stage('deps'), 'RUN')).to.deep.equal(['npm ci --omit=dev && rm -rf node_modules/typescript']);
    expect(argsOf(final, 'COPY')).to.include('--from=deps /app/node_modules ./node_modules');
  });

  it('runs on Node 20 as the unprivileged user node', () => {
    expect(final.image).to.match(/^node:20(\.\d+)*-(bookworm|bullseye)-slim$/);
    expect(argsOf(final, 'USER')).to.deep.equal(['node']);
  });

  it('starts node itself, in exec form, with the documented production command: node receives SIGTERM', () => {
    expect(execForm(argsOf(final, 'CMD').at(-1) ?? '')?.join(' ')).to.equal(PRODUCTION_COMMAND);
    expect(argsOf(final, 'ENTRYPOINT')).to.deep.equal([]);
    expect(argsOf(final, 'STOPSIGNAL')).to.deep.equal(['SIGTERM']);
    expect(read('docs/operations.md')).to.include(PRODUCTION_COMMAND);
    const manifest = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(manifest.scripts.start).to.match(new RegExp(` exec ${PRODUCTION_COMMAND.replace(/[.]/g, '\\.')}$`));
  });

  it('checks liveness on /healthz in exec form, on the port the app listens on', () => {
    const [healthcheck] = argsOf(final, 'HEALTHCHECK');
    const command = execForm(healthcheck?.replace(/^(--\S+\s+)*CMD\s+/, '') ?? '');
    expect(command?.[0]).to.equal('node');
    expect(command?.join(' ')).to.include('/healthz').and.include('process.env.PORT');
    expect(argsOf(final, 'EXPOSE')).to.deep.equal([envOf(final).PORT]);
  });

  it('keeps the SQLite file in a volume, and listens beyond the container in production', () => {
    const env = envOf(final);
    expect(env).to.include({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    const file = env.DATABASE_URL?.replace(/^sqlite:/, '') ?? '';
    expect(argsOf(final, 'VOLUME')).to.deep.equal([JSON.stringify([posix.dirname(file)])]);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as { services: Record<string, ComposeService> };
  const { services } = compose;
  const app = services.gatehouse as ComposeService;
  /** The app's environment, with the secrets Compose asks the operator for filled in. */
  const appEnv = () =>
    Object.fromEntries(
      Object.entries(app.environment ?? {}).map(([name, value]) => [
        name,
        value.replace(/^\$\{(\w+):\?[^}]*\}$/, (_, variable: string) =>
          variable === 'DATA_ENCRYPTION_KEY' ? Buffer.alloc(32, 1).toString('base64') : `${variable}-of-the-operator-0123456789abcdef`,
        ),
      ]),
    );

  it('runs the image built here behind a TLS proxy, on PostgreSQL and Redis, with a mail catcher', () => {
    expect(Object.keys(services).sort()).to.deep.equal(['gatehouse', 'mailpit', 'postgres', 'proxy', 'redis']);
    expect(app.build).to.equal('.');
    expect(services.postgres?.image).to.equal('postgres:15');
    expect(services.redis?.image).to.match(/^redis:7/);
    expect(services.proxy?.command).to.include('--to gatehouse:3000');
  });

  it('sets only variables docs/configuration.md documents, to a configuration production accepts', () => {
    const documented = read('docs/configuration.md');
    const names = Object.keys(app.environment ?? {});
    expect(names.filter((name) => !CONFIG_VARIABLES.includes(name) || !documented.includes(`\`${name}\``))).to.deep.equal([]);

    const config = loadConfig({ ...envOf(readDockerfile().at(-1) as DockerStage), ...appEnv() });

    expect(config.production).to.equal(true);
    expect(config.database.url.client).to.equal('postgres');
    expect(config.redisUrl).to.equal('redis://redis:6379');
    expect(config.mail.transport).to.deep.equal({ kind: 'smtp', url: 'smtp://mailpit:1025' });
  });

  it('points the app at the services it defines, with the credentials PostgreSQL is given', () => {
    const env = appEnv();
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']) {
      expect(Object.keys(services)).to.include(new URL(env[name] ?? '').hostname);
    }
    const database = new URL(env.DATABASE_URL ?? '');
    expect(services.postgres?.environment).to.deep.equal({
      POSTGRES_USER: database.username,
      POSTGRES_PASSWORD: database.password,
      POSTGRES_DB: database.pathname.slice(1),
    });
  });
});
