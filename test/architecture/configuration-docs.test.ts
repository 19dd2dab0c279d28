import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { CONFIG_VARIABLES } from '../../src/infrastructure/config.js';
import { projectRoot } from '../../src/infrastructure/project-root.js';

describe('docs/configuration.md', () => {
  it('documents every environment variable the configuration reads', () => {
    const doc = readFileSync(join(projectRoot(), 'docs', 'configuration.md'), 'utf8');
    const missing = CONFIG_VARIABLES.filter((name) => !doc.includes(`\`${name}\``));
    expect(missing).to.deep.equal([]);
  });
});
