// For the knex CLI, which cannot load TypeScript by itself on Node 20: run it through
// tsx (`npx tsx node_modules/knex/bin/cli.js migrate:status --knexfile knexfile.ts`).
// The app itself migrates at start-up and through `npm run cli -- migrate` (and
// `migrate unlock`).
import { loadConfig } from './src/infrastructure/config.js';
import { knexConfig } from './src/infrastructure/persistence/database.js';

export default knexConfig(loadConfig(process.env).database);
