import type { ExportValue, SectionContent } from '../shared/ports/personal-data.js';

/**
 * The export as JSON text, indented by two spaces, a piece at a time: the head's
 * fields, the sections that are one value, then the sections read a page at a time,
 * each page written as it arrives (one piece per page), so no more than a page is held.
 */
export async function* personalDataDocument(
  head: readonly (readonly [string, ExportValue])[],
  sections: readonly (readonly [string, SectionContent])[],
): AsyncGenerator<string> {
  let fields = 0;
  const field = (key: string) => `${fields++ === 0 ? '{\n' : ',\n'}  ${JSON.stringify(key)}: `;
  for (const [key, value] of head) yield field(key) + nested(value, '  ');
  for (const [key, content] of sections) if (content.kind === 'value') yield field(key) + nested(content.value, '  ');
  for (const [key, content] of sections) {
    if (content.kind !== 'pages') continue;
    let items = 0;
    let piece = `${field(key)}[`;
    for await (const page of content.pages) {
      for (const item of page) piece += `${items++ === 0 ? '' : ','}\n    ${nested(item, '    ')}`;
      yield piece;
      piece = '';
    }
    yield `${piece}${items === 0 ? ']' : '\n  ]'}`;
  }
  yield fields === 0 ? '{}\n' : '\n}\n';
}

/** A value's JSON, indented to sit at `indent`. */
function nested(value: ExportValue, indent: string): string {
  return JSON.stringify(value, null, 2).replaceAll('\n', `\n${indent}`);
}
