// @ts-check
// The layer rules (STYLE.md rule 1, DESIGN.md section 1): arrows point inward.
// `npm run lint`, and so `npm test`, fails on any of them: `depcruise src`.

/**
 * The composition root: container.ts, which loads every feature, and each feature's
 * container module and service ids beside it (src/infrastructure/<feature>/<feature>-module.ts
 * and -ids.ts), with the typed binding helpers they share.
 */
const COMPOSITION_ROOT = '^src/infrastructure/(container\\.ts$|shared/(binding|feature)\\.ts$|[^/]+/[^/]+-(module|ids)\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
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
        'hashing, the clock, the logger) it declares as a port in src/application/ports.',
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
