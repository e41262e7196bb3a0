// The built docs pages fetch nothing from outside (issue 25, item 5): Redoc's inlined script puts
// Redocly's logo in the side menu ("API docs by" and an <img> from cdn.redoc.ly), which offline
// is a failed request and a broken badge. Each logo address is replaced by an inline SVG that
// says the same ("Redocly"), so the attribution stays and the page needs no network. A page that
// still names a host it would load from fails the build: scripts/build-docs.ts.

const LOGO_URLS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];

/** The words of the badge as an SVG image, inline (a data: URL needs no request). */
function inlineLogo(words: string, width: number): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" viewBox="0 0 ${width} 20">` +
    `<text x="0" y="15" font-family="sans-serif" font-size="14" font-weight="600" fill="#ef4142">${words}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const REPLACEMENTS: Record<string, string> = {
  [LOGO_URLS[0]!]: inlineLogo('Redocly', 64),
  [LOGO_URLS[1]!]: inlineLogo('R', 12),
};

/**
 * Hosts a page may load from: none. This finds addresses where a browser fetches them (`src`,
 * `url(...)`, `@import`, `<link href>`) and the logo's host. The script still holds other
 * addresses: links a reader may follow (redocly.com, react.dev), XML namespaces, and the bases of
 * icon sets (cdn.redocly.com) that Redoc reads only for icons a page configures, which these do
 * not; test/docs/docs-offline.test.ts loads each page in Chromium with every outside request
 * refused and sees none.
 */
const FETCHED_ADDRESS = /(?:\bsrc\s*[=:]\s*|\burl\(\s*|@import\s+|<link[^>]*\bhref=)["'`]?(https?:)?\/\/[^"'`)\s]+/gi;
const LOGO_HOST = /https?:\/\/cdn\.redoc\.ly[^"'`)\s]*/gi;

export function withoutExternalFetches(html: string): string {
  let page = html;
  for (const [address, inline] of Object.entries(REPLACEMENTS)) page = page.replaceAll(address, inline);
  return page;
}

/** The addresses a page would fetch from another host: what a test and the build refuse. */
export function externalFetches(html: string): string[] {
  return [...new Set([...html.matchAll(FETCHED_ADDRESS), ...html.matchAll(LOGO_HOST)].map((match) => match[0]))];
}
