// The guide of the rendered docs: the Markdown files of openapi/guide/, joined in order, with
// `<!-- include: FILE -->` lines replaced by FILE (beside them) as a fenced code block, so that a
// recipe the tests run is the very text the reader copies.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

export const GUIDE_DIR = 'openapi/guide';

const FENCE_LANGUAGE: Record<string, string> = { '.mjs': 'js', '.js': 'js', '.ts': 'ts', '.py': 'python', '.php': 'php', '.sh': 'sh' };

/** The guide in front of the API reference: the files named `NN-*.md`, in order. */
export function readGuide(dir = GUIDE_DIR): string {
  const files = readdirSync(dir)
    .filter((name) => /^\d\d-.*\.md$/.test(name))
    .sort();
  return files.map((name) => readMarkdown(dir, name)).join('\n\n');
}

/** One Markdown file of the guide folder with its includes resolved. */
export function readMarkdown(dir: string, name: string): string {
  return readFileSync(join(dir, name), 'utf8')
    .replace(/^<!-- include: (\S+) -->$/gm, (_line, file: string) => {
      const code = readFileSync(join(dir, file), 'utf8').trimEnd();
      return `\`\`\`${FENCE_LANGUAGE[extname(file)] ?? ''}\n${code}\n\`\`\``;
    })
    .trim();
}

/**
 * Redoc's route to a heading of the document's description, `/section/heading-text`: a link
 * to it is `#/section/heading-text` on the same page.
 */
export function sectionAnchor(...headings: string[]): string {
  return `/section/${headings.map((heading) => heading.trim().toLowerCase().replace(/\s+/g, '-')).join('/')}`;
}
