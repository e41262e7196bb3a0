// GET /_mock/ui and /_mock/ui/{file} (openapi/control/inspector.yaml): the inspector page's
// static files from src/inspector/page/, as they are (no build step), under a strict
// Content-Security-Policy: scripts and styles only from the mock itself, no inline code.
//
// The files are read with node:fs, loaded on first use through a specifier bundlers do not
// follow: the mock's core also runs in a browser (the MSW face), where the page is not served.
import { ApiError } from '../errors/api-error.ts';
import { IN_THE_PAGE, notFound } from '../errors/not-found.ts';

export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};

const FS_MODULE = 'node:fs/promises';

type Fs = typeof import('node:fs/promises');
let fs: Promise<Fs | undefined> | undefined;

function loadFs(): Promise<Fs | undefined> {
  fs ??= (import(/* @vite-ignore */ FS_MODULE) as Promise<Fs>).catch(() => undefined);
  return fs;
}

/** The page file of this name (`index.html`, `app.js`, ...) as a response, or 404 when there is none. */
export async function pageFile(name: string): Promise<Response> {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  const type = TYPES[extension];
  // The route's pattern already keeps names to one plain segment; this keeps them to the page's types.
  if (!type || !/^[a-z][a-z0-9-]*\.[a-z]+$/.test(name)) throw notFound(name, 'file', IN_THE_PAGE);
  const files = await loadFs();
  if (!files) throw new ApiError('not_found', {}, { detail: 'The inspector page is served by `crmkit mock` (Node), not in a browser.' });
  // Resolved here, not at load: a browser bundle has no module URL, and the core must still load there.
  // The module URL goes through a variable: bundlers (vite, webpack) turn `new URL(`./page/${x}`,
  // import.meta.url)` into every file of page/ inlined, 38 kB gzip of a browser bundle (issue 14).
  const here = import.meta.url;
  const body = await files.readFile(new URL(`./page/${name}`, here)).catch(() => undefined);
  if (!body) throw notFound(name, 'file', IN_THE_PAGE);
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': type,
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      // The page is small and changes with the mock: always the current files.
      'Cache-Control': 'no-cache',
    },
  });
}
