// Texts of the split document that YAML cuts short: in a plain (unquoted) scalar ` #` starts a
// comment, so `shown as #N; assigned on create` became "shown as" in the bundle, silently. Every
// plain scalar of openapi/**/*.yaml followed by a comment on its own line is one of those (the
// document's comments stand on lines of their own); quote the text instead.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isScalar, parseDocument, Scalar, visit } from 'yaml';

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'dist' ? [] : yamlFiles(path);
    return path.endsWith('.yaml') ? [path] : [];
  });
}

/** Plain scalars with a comment after them on the same line: `file:line: text | # rest`. */
export function cutScalars(source: string, file = ''): string[] {
  const found: string[] = [];
  const document = parseDocument(source);
  visit(document, {
    Scalar(_key, node) {
      if (!isScalar(node) || node.type !== Scalar.PLAIN || typeof node.value !== 'string' || !node.range) return;
      const end = node.range[1];
      const lineEnd = source.indexOf('\n', end);
      const rest = source.slice(end, lineEnd === -1 ? undefined : lineEnd);
      if (/^[ \t]+#/.test(rest)) {
        const line = source.slice(0, end).split('\n').length;
        found.push(`${file}:${line}: ${node.value} | ${rest.trim()}`);
      }
    },
  });
  return found;
}

describe('texts of the YAML source', () => {
  it('finds a plain scalar cut by " #", and not a quoted one or a comment line', () => {
    const source = ['a:', '  description: shown as #N; assigned on create', "  summary: 'shown as #N'", '  # a comment', '  title: "x #y"', '  list: [one #two', '  ]'].join('\n');
    expect(cutScalars(source)).toEqual([':2: shown as | #N; assigned on create', ':6: one | #two']);
  });

  it('no description, summary or other text of openapi/ is cut by a comment', () => {
    const files = yamlFiles('openapi');
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap((file) => cutScalars(readFileSync(file, 'utf8'), file))).toEqual([]);
  });
});
