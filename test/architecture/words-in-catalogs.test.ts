import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { expect } from 'chai';
import ts from 'typescript';
import { projectRoot } from '../../src/infrastructure/project-root.js';
import { filesUnder } from '../support/i18n/catalog-keys.js';

/** pug's own lexer (pug-lexer, the first stage of every pug compile): the tokens a template is made of. */
interface PugToken {
  readonly type: string;
  readonly val?: unknown;
  readonly name?: string;
  readonly loc: { readonly start: { readonly line: number } };
}
const lex = createRequire(import.meta.url)('pug-lexer') as (source: string, options?: { filename?: string }) => PugToken[];

const root = projectRoot();

/** Two letters in a row: a word. `#{…}` and `!{…}` are values, not words. */
function hasWords(text: string): boolean {
  return /[A-Za-z]{2}/.test(text.replace(/[#!]\{[^}]*\}/g, ''));
}

/** What may stay in a template as it is: not words of a language. */
const TEMPLATE_ALLOW = new Set(['--', '— ']);

/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(['placeholder', 'aria-label', 'title', 'alt', 'value', 'data-label', 'label']);

/** A quoted literal with words inside a JavaScript expression of a template: `= x ? 'Yes' : 'No'`. */
const QUOTED_WORDS = /(['`])(?:(?!\1)[^\\]|\\.)*[A-Za-z]{2}(?:(?!\1)[^\\]|\\.)*\1/;

/** A quoted literal a template may use in code: a class, a path, a value compared with, a catalog key. */
function isCodeLiteral(literal: string): boolean {
  const inner = literal.slice(1, -1);
  return /^[\w./:?=&#${}+-]*$/.test(inner) && !/^[A-Z][a-z]+ /.test(inner);
}

describe('user-visible words live in the catalogs', () => {
  it('no template under views/ writes words of its own (text, read attributes, quoted words in code)', () => {
    const found: string[] = [];
    for (const { path, text } of filesUnder(join(root, 'views'), ['.pug'])) {
      const where = (token: PugToken) => `${relative(root, path)}:${token.loc.start.line}`;
      for (const token of lex(text, { filename: path })) {
        const val = typeof token.val === 'string' ? token.val : '';
        if (token.type === 'text' && hasWords(val) && !TEMPLATE_ALLOW.has(val)) found.push(`${where(token)} text "${val}"`);
        // A form's value (`value='yes'`) is data; a button's label has a capital or a space.
        const read = token.name === 'value' ? /^['"`].*([A-Z]|\s)/.test(val) : /^['"`].*[A-Za-z]{2}/.test(val);
        if (token.type === 'attribute' && READ_ATTRIBUTES.has(token.name ?? '') && read) {
          found.push(`${where(token)} ${token.name}=${val}`);
        }
        const spoken = token.type === 'code' || (token.type === 'attribute' && READ_ATTRIBUTES.has(token.name ?? ''));
        if (spoken && !val.includes("t('") && !val.includes('tt(')) {
          const literal = val.match(QUOTED_WORDS)?.[0];
          if (literal !== undefined && !isCodeLiteral(literal)) found.push(`${where(token)} code ${val}`);
        }
      }
    }
    expect(found).to.deep.equal([]);
  });

  it('no file of the web layer or the page script writes a sentence of its own (a string that reads like one)', () => {
    const found: string[] = [];
    for (const { path, text } of [...filesUnder(join(root, 'src', 'web'), ['.ts']), ...filesUnder(join(root, 'src', 'client'), ['.ts'])]) {
      const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
          const spoken = readsLikeASentence(node.text) || (isShownProperty(node) && /[a-z]{2,} [a-z]{2,}/.test(node.text));
          if (spoken && !isLogOrError(node) && !CODE_ALLOW.has(node.text)) {
            const { line } = source.getLineAndCharacterOfPosition(node.getStart());
            found.push(`${relative(root, path)}:${line + 1} "${node.text}"`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).to.deep.equal([]);
  });
});

/**
 * Strings of the web layer that are not a visitor's words, each with its reason:
 * /metrics answers a scraper.
 */
const CODE_ALLOW = new Set(['Method Not Allowed\n']);

/** Capitalised words, then more words: "Too many codes were tried." — not a key, a path or a header. */
function readsLikeASentence(text: string): boolean {
  return /^[A-Z][a-z']+(?:,? [A-Za-z'’]+){2,}/.test(text);
}

/** The value of a property a page shows (`title: '…'`, a sudo action's `label`, a `notice`). */
function isShownProperty(node: ts.Node): boolean {
  const { parent } = node;
  return ts.isPropertyAssignment(parent) && parent.initializer === node && /^(title|label|notice|problem|hint|message)$/.test(parent.name.getText());
}

/** A message for the log or a thrown Error: for the operator, in English like the CLI. */
function isLogOrError(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at !== undefined; at = at.parent) {
    if (ts.isNewExpression(at) && /Error$/.test(at.expression.getText())) return true;
    if (ts.isCallExpression(at) && /\.(debug|info|warn|error|fatal|trace)$/.test(at.expression.getText())) return true;
    if (ts.isFunctionLike(at)) return false;
  }
  return false;
}
