// `GET {workspace_url}/widget.js` (spec 4.12): the embeddable script, "cached for five minutes",
// and immutable as `/widget.js?v=<version>`. Only the current version is immutable: another `v`
// gets today's script, which is not that version, so it keeps the five minutes.
import { WIDGET_SOURCE, WIDGET_VERSION } from './widget/widget-source.ts';

const FIVE_MINUTES = 'public, max-age=300';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function widgetScript(version: string | undefined): Response {
  return new Response(WIDGET_SOURCE, {
    status: 200,
    headers: {
      'Content-Type': 'application/javascript; charset=utf-8',
      'Cache-Control': version === WIDGET_VERSION ? IMMUTABLE : FIVE_MINUTES,
      ETag: `"${WIDGET_VERSION}"`,
      'X-Content-Type-Options': 'nosniff',
      // Lets a page load it with `crossorigin` (for Subresource Integrity); it carries nothing private.
      'Access-Control-Allow-Origin': '*',
    },
  });
}
