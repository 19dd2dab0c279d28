import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { projectRoot } from '../../src/infrastructure/project-root.js';
import { cruise, cruisedPlantedTree } from '../support/architecture/planted-project.js';

const root = projectRoot();

/** What .dependency-cruiser.mjs exports besides its configuration. */
interface FeatureTable {
  readonly FEATURES: Record<string, { needs: string[]; face: string[] }>;
  featureOrder(features: Record<string, { needs: string[] }>): string[];
}

const rules = (): Promise<FeatureTable> =>
  import(pathToFileURL(join(root, '.dependency-cruiser.mjs')).href) as Promise<FeatureTable>;

/** The folders of the layers that belong to no feature: the shared kernel and each layer's frame. */
const KERNEL = new Set(['shared', 'middleware', 'persistence', 'logging']);

/**
 * A source tree that breaks each feature rule once, beside imports the rules allow: a
 * declared need through the face, the CLI and the composition root through the face.
 */
const PLANTED: Record<string, string> = {
  'src/application/accounts/pending-login.ts': 'export const pending = 1;\n',
  'src/application/devices/end-sessions.ts': 'export const end = 1;\n',
  'src/application/two-factor/second-factor-methods.ts': 'export const methods = 1;\n',
  'src/application/two-factor/verify-second-factor.ts': 'export const verify = 1;\n',
  'src/application/mail/get-mail-status.ts': 'export const status = 1;\n',
  'src/infrastructure/passkeys/passkeys-module.ts': 'export const passkeys = 1;\n',
  // Mail needs no feature.
  'src/application/mail/outgoing-mail.ts':
    "import { pending } from '../accounts/pending-login.js';\nexport const mail = pending;\n",
  // Administration needs two-factor, but this file is not on its face.
  'src/application/administration/list-users.ts':
    "import { verify } from '../two-factor/verify-second-factor.js';\nexport const list = verify;\n",
  // The shared kernel needs no feature, even through its face.
  'src/application/shared/kernel.ts': "import { end } from '../devices/end-sessions.js';\nexport const kernel = end;\n",
  // Allowed: passkeys needs two-factor, and second-factor-methods is on its face.
  'src/application/passkeys/passkey-method.ts':
    "import { methods } from '../two-factor/second-factor-methods.js';\nexport const method = methods;\n",
  // Allowed: the CLI and the composition root through faces.
  'src/cli/main.ts': "import { status } from '../application/mail/get-mail-status.js';\nexport const cli = status;\n",
  'src/infrastructure/container.ts':
    "import { passkeys } from './passkeys/passkeys-module.js';\nexport const container = passkeys;\n",
};

describe('the feature rules (.dependency-cruiser.mjs, run by npm run lint)', function () {
  this.timeout(60_000);

  describe('on a tree that breaks each rule once', () => {
    const outcomeOf = cruisedPlantedTree(PLANTED);

    it('fail the run and report each broken rule, and only those', () => {
      const outcome = outcomeOf();
      expect(outcome.code).to.not.equal(0);
      expect(outcome.violations).to.deep.equal([
        'features-declare-their-needs: src/application/mail/outgoing-mail.ts → src/application/accounts/pending-login.ts',
        'features-meet-at-their-face: src/application/administration/list-users.ts → src/application/two-factor/verify-second-factor.ts',
        'shared-needs-no-feature: src/application/shared/kernel.ts → src/application/devices/end-sessions.ts',
      ]);
    });
  });

  it('hold on the project itself: no feature imports another it does not declare, or past its face', async () => {
    expect(await cruise(root)).to.deep.equal({ code: 0, violations: [] });
  });

  it('refuse a table whose needs form a cycle, naming it, so no cycle between features can be declared', async () => {
    const { featureOrder } = await rules();
    const cyclic = { accounts: { needs: ['links'] }, links: { needs: ['mail'] }, mail: { needs: ['accounts'] } };
    expect(() => featureOrder(cyclic)).to.throw('the needs form a cycle: accounts → links → mail → accounts');
    expect(() => featureOrder({ accounts: { needs: ['billing'] } })).to.throw('accounts needs billing, which is not a feature');
  });

  it('order the real features so that each comes after what it needs', async () => {
    const { FEATURES, featureOrder } = await rules();
    const order = featureOrder(FEATURES);
    for (const [name, feature] of Object.entries(FEATURES)) {
      for (const need of feature.needs) expect(order.indexOf(need), `${name} needs ${need}`).to.be.below(order.indexOf(name));
    }
  });

  it('know every folder of every layer: each is a feature of the table or part of the shared kernel', async () => {
    const { FEATURES } = await rules();
    const unknown = ['domain', 'application', 'infrastructure', 'web'].flatMap((layer) =>
      readdirSync(join(root, 'src', layer), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !KERNEL.has(entry.name) && !(entry.name in FEATURES))
        .map((entry) => `src/${layer}/${entry.name}`),
    );
    expect(unknown).to.deep.equal([]);
  });
});
