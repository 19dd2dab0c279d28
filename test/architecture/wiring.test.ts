import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { FEATURES as LOADED } from '../../src/infrastructure/container.js';
import { openDatabase } from '../../src/infrastructure/persistence/database.js';
import { projectRoot } from '../../src/infrastructure/project-root.js';
import type { Id } from '../../src/infrastructure/shared/binding.js';
import { sharedIds } from '../../src/infrastructure/shared/shared-ids.js';
import { accountsIds } from '../../src/infrastructure/accounts/accounts-ids.js';
import { administrationIds } from '../../src/infrastructure/administration/administration-ids.js';
import { auditIds } from '../../src/infrastructure/audit/audit-ids.js';
import { devicesIds } from '../../src/infrastructure/devices/devices-ids.js';
import { linksIds } from '../../src/infrastructure/links/links-ids.js';
import { mailIds } from '../../src/infrastructure/mail/mail-ids.js';
import { metricsIds } from '../../src/infrastructure/metrics/metrics-ids.js';
import { passkeysIds } from '../../src/infrastructure/passkeys/passkeys-ids.js';
import { providersIds } from '../../src/infrastructure/providers/providers-ids.js';
import { twoFactorIds } from '../../src/infrastructure/two-factor/two-factor-ids.js';
import { testContainer } from '../support/test-container.js';

/** Every feature's ids, by feature. */
const IDS: Record<string, Record<string, Id<unknown>>> = {
  shared: sharedIds,
  mail: mailIds,
  audit: auditIds,
  links: linksIds,
  accounts: accountsIds,
  devices: devicesIds,
  'two-factor': twoFactorIds,
  passkeys: passkeysIds,
  providers: providersIds,
  administration: administrationIds,
  metrics: metricsIds,
};

describe('the wiring (src/infrastructure/container.ts and each feature module)', () => {
  it('loads exactly the features the dependency rules know, each after every feature it needs', async () => {
    const rules = (await import(pathToFileURL(join(projectRoot(), '.dependency-cruiser.mjs')).href)) as {
      FEATURES: Record<string, { needs: string[] }>;
    };
    const loaded = LOADED.map((feature) => feature.name);
    expect(loaded.filter((name) => name !== 'shared').sort()).to.deep.equal(Object.keys(rules.FEATURES).sort());
    expect(loaded[0]).to.equal('shared');
    for (const [name, { needs }] of Object.entries(rules.FEATURES)) {
      for (const need of needs) expect(loaded.indexOf(need), `${name} needs ${need}`).to.be.below(loaded.indexOf(name));
    }
    expect(Object.keys(IDS).sort()).to.deep.equal([...loaded].sort());
  });

  it('tells account events to every subscriber in this order, on the caller’s transaction', () => {
    const subscribers = testContainer().get.all(sharedIds.accountEventSubscribers);
    expect(subscribers.map((subscriber) => subscriber.constructor.name)).to.deep.equal([
      'AuditAccountEvents',
      'LinksAccountEvents',
      'DevicesAccountEvents',
      'TwoFactorAccountEvents',
      'PasskeysAccountEvents',
      'ProvidersAccountEvents',
    ]);
  });

  it('mounts one web part per feature that has pages, in the features’ order', () => {
    const parts = testContainer().get.all(sharedIds.webFeatures).map((part) => part.name);
    expect(parts).to.deep.equal(LOADED.map((feature) => feature.name).filter((name) => parts.includes(name)));
    expect(parts).to.include.members(['accounts', 'links', 'devices', 'two-factor', 'passkeys', 'administration', 'audit']);
  });

  for (const storage of ['memory', 'sql'] as const) {
    it(`resolves every id of every feature with the stores ${storage === 'sql' ? 'on a database' : 'in memory'}`, async () => {
      const database = storage === 'sql' ? openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 }) : undefined;
      const { container, get } = testContainer(database ? { database } : {});
      const unresolved: string[] = [];
      for (const [feature, ids] of Object.entries(IDS)) {
        for (const [name, id] of Object.entries(ids)) {
          if (!container.isBound(id)) continue;
          try {
            get.all(id);
          } catch (error) {
            unresolved.push(`${feature}.${name}: ${(error as Error).message.split('\n')[0]}`);
          }
        }
      }
      await database?.destroy();
      expect(unresolved).to.deep.equal([]);
    });
  }
});
