import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { pugTemplates } from '../../../src/web/templates.js';

describe('pugTemplates', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-views-'));
    writeFileSync(join(dir, 'hello.pug'), 'p Hello #{name}');
    mkdirSync(join(dir, 'mail'));
    writeFileSync(join(dir, 'mail', 'note.pug'), 'p Note');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('renders a template by name with its locals, escaping them', () => {
    const templates = pugTemplates(dir, true);

    expect(templates.render('hello', { name: '<Ada>' })).to.equal('<p>Hello &lt;Ada&gt;</p>');
    expect(templates.render('mail/note', {})).to.equal('<p>Note</p>');
  });

  it('in production compiles every template at start and never reads the files again', () => {
    const templates = pugTemplates(dir, true);
    rmSync(join(dir, 'hello.pug'));

    expect(templates.render('hello', { name: 'Ada' })).to.equal('<p>Hello Ada</p>');
  });

  it('elsewhere compiles on each render, so an edited template shows at once', () => {
    const templates = pugTemplates(dir, false);
    expect(templates.render('hello', { name: 'Ada' })).to.equal('<p>Hello Ada</p>');

    writeFileSync(join(dir, 'hello.pug'), 'h1 Hi #{name}');

    expect(templates.render('hello', { name: 'Ada' })).to.equal('<h1>Hi Ada</h1>');
  });

  it('refuses a name it has no template for', () => {
    expect(() => pugTemplates(dir, true).render('nowhere', {})).to.throw('No template named "nowhere"');
    expect(() => pugTemplates(dir, false).render('nowhere', {})).to.throw();
  });
});
