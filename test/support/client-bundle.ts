import { buildClient } from '../../scripts/build-client.mjs';

// Mocha loads this first (`require` in .mocharc.json and test/browser/.mocharc.json): the
// app reads public/ when it is built, so the passkey script must be bundled before.
await buildClient();
