// @ts-check
// The house rules, checked by `npm run lint` (and so `npm test`): `depcruise src`.
// - The layer rules: arrows point inward (domain ← application ← infrastructure/web).
// - The feature rules: each feature is one folder in each layer; it imports another
//   feature only where FEATURES declares the need, and only through that feature's
//   public face; the shared kernel imports no feature. docs/architecture.md explains both.

/** The layers a feature has a folder in. */
const LAYERS = '(domain|application|infrastructure|web)';

/**
 * Every feature: the features it needs (it may import them, and nothing else of the
 * others), and its public face (the files, under src/, that other features, the CLI
 * and the composition root may import). Each feature's container module and ids
 * (infrastructure/<feature>/<feature>-module.ts and -ids.ts) are always on its face.
 * The needs form no cycle: `featureOrder` below refuses a table that has one.
 * A new import across features is a decision: it is made here, in one place.
 * @type {Record<string, { needs: string[], face: string[] }>}
 */
export const FEATURES = {
  mail: {
    needs: [],
    face: [
      'application/mail/(outgoing-mail|get-mail-status|retry-failed-mail)',
      'application/mail/ports/mail-outbox',
      'infrastructure/mail/(delivery-loop|backlog-watch)',
    ],
  },
  audit: {
    needs: [],
    // The administrators' trail is the audit's store, shown on an administration page
    // (administration needs audit, so it mounts /admin/audit) and exported by the CLI.
    face: [
      'application/audit/(list-account-activity|list-admin-trail|admin-trail-entry|export-admin-trail)',
      'web/audit/activity-controller',
    ],
  },
  links: {
    needs: ['mail'],
    face: [
      'application/links/(authorize-verified-email|link-tokens|create-password-reset-link|request-password-reset)',
      'application/links/ports/one-time-tokens',
      'web/links/verified-email-gate',
    ],
  },
  accounts: {
    needs: ['links', 'mail'],
    face: [
      'application/accounts/(pending-login|export-personal-data|request-login-code)',
      'application/accounts/ports/second-step',
      'web/accounts/(pending-login|login-messages)',
    ],
  },
  devices: {
    // mail: the new-device alert is queued in the outbox on the transaction that makes the device known.
    needs: ['accounts', 'mail'],
    face: ['application/devices/end-sessions'],
  },
  'two-factor': {
    needs: ['accounts', 'devices', 'mail'],
    face: [
      'application/two-factor/(get-second-factors|second-factor-left|second-factor-methods|second-factor-policy|rekey-totp-secrets)',
      'application/two-factor/ports/(recovery-codes|totp-credentials)',
      'infrastructure/two-factor/data-encryption-keys',
      'web/two-factor/two-factor-messages',
    ],
  },
  passkeys: {
    needs: ['accounts', 'devices', 'mail', 'two-factor'],
    face: ['application/passkeys/ports/passkeys'],
  },
  providers: {
    // accounts: a provider's login ends as a password login does (its second steps, its
    // completion); passkeys: a passkey is a way in, so the last provider may go.
    needs: ['accounts', 'passkeys'],
    face: [
      'application/providers/list-linked-providers',
      'infrastructure/providers/providers-config',
    ],
  },
  administration: {
    needs: ['audit', 'devices', 'links', 'mail', 'passkeys', 'providers', 'two-factor'],
    face: ['application/administration/(administration|list-users|get-user-details|reset-two-factor)'],
  },
  metrics: {
    needs: ['mail'],
    face: ['infrastructure/metrics/cluster-scrape'],
  },
};

/**
 * The features in an order where each comes after every feature it needs; throws,
 * naming them, when the needs form a cycle or name a feature that does not exist.
 * @param {Record<string, { needs: string[] }>} features
 * @returns {string[]}
 */
export function featureOrder(features) {
  /** @type {string[]} */
  const order = [];
  /** @type {Set<string>} */
  const visiting = new Set();
  /** @param {string} name @param {string[]} path */
  const visit = (name, path) => {
    if (order.includes(name)) return;
    const feature = features[name];
    if (!feature) throw new Error(`FEATURES: ${path.at(-1)} needs ${name}, which is not a feature`);
    if (visiting.has(name)) throw new Error(`FEATURES: the needs form a cycle: ${[...path, name].join(' → ')}`);
    visiting.add(name);
    for (const need of feature.needs) visit(need, [...path, name]);
    visiting.delete(name);
    order.push(name);
  };
  for (const name of Object.keys(features)) visit(name, []);
  return order;
}

/**
 * The rules that keep features apart, one of each per feature.
 * @param {Record<string, { needs: string[], face: string[] }>} features
 * @returns {import('dependency-cruiser').IForbiddenRuleType[]}
 */
export function featureRules(features) {
  featureOrder(features);
  const names = Object.keys(features);
  const inFeature = (/** @type {string[]} */ some) => `^src/${LAYERS}/(${some.join('|')})/`;
  return [
    ...names.flatMap((name) => {
      const others = names.filter((other) => other !== name && !features[name].needs.includes(other));
      const face = [`infrastructure/${name}/${name}-(module|ids)`, ...features[name].face];
      return [
        ...(others.length === 0
          ? []
          : [
              {
                name: 'features-declare-their-needs',
                comment: `${name} imports only the features FEATURES says it needs (${features[name].needs.join(', ') || 'none'}).`,
                severity: /** @type {const} */ ('error'),
                from: { path: inFeature([name]) },
                to: { path: inFeature(others) },
              },
            ]),
        {
          name: 'features-meet-at-their-face',
          comment: `Outside ${name}, only its public face (FEATURES) is imported: ${face.join(', ')}.`,
          severity: /** @type {const} */ ('error'),
          from: { pathNot: inFeature([name]) },
          to: { path: inFeature([name]), pathNot: `^src/(${face.join('|')})\\.ts$` },
        },
      ];
    }),
    {
      name: 'shared-needs-no-feature',
      comment:
        'The shared kernel (each layer\'s shared/, the web\'s middleware, persistence and logging) is what ' +
        'two features need; it imports no feature, or every feature would depend on that one.',
      severity: 'error',
      from: { path: `^src/(${LAYERS}/shared|web/middleware|infrastructure/(persistence|logging))/` },
      to: { path: inFeature(names) },
    },
  ];
}

/**
 * The composition root: container.ts, which loads every feature, and each feature's
 * container module and service ids beside it (src/infrastructure/<feature>/<feature>-module.ts
 * and -ids.ts), with the typed binding helpers they share.
 */
const COMPOSITION_ROOT = '^src/infrastructure/(container\\.ts$|shared/(binding|feature)\\.ts$|[^/]+/[^/]+-(module|ids)\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...featureRules(FEATURES),
    {
      name: 'domain-imports-only-domain',
      comment:
        'src/domain imports nothing outside itself: no other layer, no package (koa, knex, bcrypt, ' +
        'inversify, passport, pug, ioredis…) and no Node module.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { pathNot: '^src/domain/' },
    },
    {
      name: 'application-imports-only-domain',
      comment:
        'src/application imports itself and the domain only. What it needs from outside (storage, ' +
        'hashing, the clock, the logger) it declares as a port in src/application/<feature>/ports.',
      severity: 'error',
      from: { path: '^src/application/' },
      to: { pathNot: '^src/(application|domain)/' },
    },
    {
      name: 'infrastructure-not-to-web',
      comment:
        'Infrastructure implements ports and never imports the web layer; a type both share is a port. ' +
        'Only the composition root builds the web app.',
      severity: 'error',
      from: { path: '^src/infrastructure/', pathNot: COMPOSITION_ROOT },
      to: { path: '^src/web/' },
    },
    {
      name: 'web-not-to-adapters',
      comment: 'The web layer receives plain services (createApp); it never names a concrete adapter or the CLI.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/(infrastructure|cli)/' },
    },
    {
      name: 'inversify-only-in-the-composition-root',
      comment: 'Only the composition root knows the container; everything else receives plain objects.',
      severity: 'error',
      from: { pathNot: COMPOSITION_ROOT },
      to: { path: '(^|/)node_modules/(inversify|@inversifyjs)/' },
    },
    {
      name: 'bcrypt-only-in-its-hasher',
      comment: 'Hashing is a side effect behind the PasswordHasher port: bcrypt is imported by its adapter alone.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/infrastructure/shared/passwords/bcrypt-password-hasher\\.ts$' },
      to: { path: '(^|/)node_modules/bcrypt/' },
    },
    {
      name: 'webauthn-server-only-in-its-adapter',
      comment: 'The WebAuthn relying party is behind the WebAuthn port: @simplewebauthn/server is imported by its adapter alone.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/infrastructure/passkeys/simple-web-authn\\.ts$' },
      to: { path: '(^|/)node_modules/@simplewebauthn/server/' },
    },
    {
      name: 'webauthn-browser-only-in-the-client',
      comment: 'The browser half runs in the page: only the bundled client (src/client) imports it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/client/' },
      to: { path: '(^|/)node_modules/@simplewebauthn/browser/' },
    },
    {
      name: 'argon2-only-in-its-hasher',
      comment: 'Hashing is a side effect behind the PasswordHasher port: argon2 is imported by its adapter alone.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/infrastructure/shared/passwords/argon2id-password-hasher\\.ts$' },
      to: { path: '(^|/)node_modules/(@node-rs/argon2|argon2)/' },
    },
    {
      name: 'prom-client-only-in-metrics',
      comment:
        'Metrics are one place (src/infrastructure/metrics): prom-client is imported there alone; the web ' +
        'reports its requests through the plain RequestMetrics it is given.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/infrastructure/metrics/' },
      to: { path: '(^|/)node_modules/prom-client/' },
    },
    {
      name: 'loaded-when-first-used',
      comment:
        'Libraries only some sites or some pages need are loaded when first used, so a serving process does not carry them: the Redis client (only with REDIS_URL), the WebAuthn relying party (the first passkey ceremony) and the QR code drawer (the authenticator set-up page).',
      severity: 'error',
      from: { path: '^src/' },
      to: {
        path: '(^|/)node_modules/(ioredis|@simplewebauthn/server|qrcode)/',
        dependencyTypesNot: ['type-only', 'dynamic-import', 'require'],
      },
    },
    {
      name: 'not-to-dev-dep',
      comment:
        'Production installs no devDependency (npm ci --omit=dev, docs/operations.md): the app imports only ' +
        'dependencies. Type-only imports are erased by the build; the browser script is bundled at build time.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/client/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'src-not-to-tests',
      comment: 'The app never imports test or bench code.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'no-circular',
      comment: 'Modules that import each other cannot be understood, tested or moved one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file: a typo, or a package missing from package.json.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // `import type` counts: a type import is a dependency of the code that reads it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
