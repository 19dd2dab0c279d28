import { expect } from 'chai';
import { cruisedPlantedTree } from '../support/architecture/planted-project.js';

/** A source tree that breaks every layer rule once, and has the imports the rules allow. */
const PLANTED: Record<string, string> = {
  'src/domain/shared/user.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  'src/application/accounts/sign-up.ts': "import { adapter } from '../../infrastructure/adapter.js';\nexport const use = adapter;\n",
  'src/application/accounts/log-in.ts': "import type { Context } from 'koa';\nexport type Ctx = Context;\n",
  'src/infrastructure/adapter.ts': "import type { Page } from '../web/page.js';\nexport const adapter = (page: Page) => page;\n",
  'src/infrastructure/container.ts':
    "import { Container } from 'inversify';\nimport { page } from '../web/page.js';\nexport const root = [Container, page];\n",
  'src/infrastructure/shared/passwords/bcrypt-password-hasher.ts': "import bcrypt from 'bcrypt';\nexport const b = bcrypt;\n",
  'src/infrastructure/shared/passwords/argon2id-password-hasher.ts':
    "import { hash } from '@node-rs/argon2';\nexport const a = hash;\n",
  'src/infrastructure/hashing.ts':
    "import bcrypt from 'bcrypt';\nimport { hash } from '@node-rs/argon2';\nexport const both = [bcrypt, hash];\n",
  'src/infrastructure/metrics/prometheus-metrics.ts': "import { Registry } from 'prom-client';\nexport const r = Registry;\n",
  'src/web/middleware/request-timing.ts': "import { Histogram } from 'prom-client';\nexport const h = Histogram;\n",
  'src/web/page.ts':
    "import { Container } from 'inversify';\nimport { adapter } from '../infrastructure/adapter.js';\n" +
    'export type Page = string;\nexport const page = [Container, adapter];\n',
};

describe('the layer rules (.dependency-cruiser.mjs, run by npm run lint)', function () {
  this.timeout(60_000);
  const outcomeOf = cruisedPlantedTree(PLANTED);

  it('fail the run (a non-zero exit) when a rule is broken', () => {
    expect(outcomeOf().code).to.not.equal(0);
  });

  it('report each broken rule; let the composition root import inversify and the web, each hasher its library, the metrics prom-client', () => {
    expect(outcomeOf().violations).to.deep.equal([
      'application-imports-only-domain: src/application/accounts/log-in.ts → node_modules/koa/lib/application.js',
      'application-imports-only-domain: src/application/accounts/sign-up.ts → src/infrastructure/adapter.ts',
      'argon2-only-in-its-hasher: src/infrastructure/hashing.ts → node_modules/@node-rs/argon2/index.js',
      'bcrypt-only-in-its-hasher: src/infrastructure/hashing.ts → node_modules/bcrypt/bcrypt.js',
      'domain-imports-only-domain: src/domain/shared/user.ts → fs',
      'infrastructure-not-to-web: src/infrastructure/adapter.ts → src/web/page.ts',
      'inversify-only-in-the-composition-root: src/web/page.ts → node_modules/inversify/lib/index.js',
      'no-circular: src/infrastructure/adapter.ts → src/web/page.ts',
      'prom-client-only-in-metrics: src/web/middleware/request-timing.ts → node_modules/prom-client/index.js',
      'web-not-to-adapters: src/web/page.ts → src/infrastructure/adapter.ts',
    ]);
  });
});
