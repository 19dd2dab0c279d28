// For the knex CLI (e.g. `npx knex migrate:status --knexfile knexfile.ts`); the app
// itself migrates through `npm run cli -- migrate` and at start-up.
import { loadConfig } from './src/infrastructure/config.js';
import { knexConfig } from './src/infrastructure/persistence/database.js';

export default knexConfig(loadConfig(process.env).database);
