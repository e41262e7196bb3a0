// The hosted page of a form, `{workspace_url}/f/{form_id}` (spec 4.12): a page of its own that
// shows the form through the widget, inline, in the visitor's language (Accept-Language, else the
// form's default). It may always load and submit its form: it is served from the workspace's own
// address, which form-origins.ts lets in whatever the allowed websites.
//
// It is served on the mock's own origin, so it sends a Content-Security-Policy as strict as the
// page allows (issue 15 item 4): its one script is `/widget.js` from the same origin; the page's
// style and the widget's (created in its shadow root) come in by a nonce fresh for each answer;
// the widget talks only to this origin; nothing may frame the page (spec 4.12 embeds forms with
// widget.js, which needs no frame) and no `javascript:` address runs if one were followed.
import { FORM_UNAVAILABLE_PAGE } from './form-messages.ts';
import { textsOf } from './form-config.ts';
import { languageOf } from './form-language.ts';
import type { Form } from './form-record.ts';
import { WIDGET_VERSION } from './widget/widget-source.ts';
import { randomBase64url } from '../../store/random-text.ts';

const HTML = 'text/html; charset=utf-8';

/** The policy of a page whose inline style and widget carry `nonce`. */
export function hostedPagePolicy(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The unavailable page has no script and no style at all. */
const UNAVAILABLE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function hostedPage(form: Form, key: string): Response {
  const texts = textsOf(form, key);
  const nonce = randomBase64url(18);
  const html = `<!doctype html>
<html lang="${escape(key)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(texts.title)}</title>
<style nonce="${nonce}">body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f3f4f6;font-family:system-ui,sans-serif}main{width:100%;max-width:420px;padding:16px}</style>
</head>
<body>
<main id="svc-form"></main>
<script nonce="${nonce}" src="/widget.js?v=${WIDGET_VERSION}" data-svc-form="${escape(form.id)}" data-target="#svc-form" data-lang="${escape(key)}"></script>
</body>
</html>
`;
  return new Response(html, {
    status: 200,
    headers: {
      'Content-Type': HTML,
      'Cache-Control': 'no-store',
      'Content-Security-Policy': hostedPagePolicy(nonce),
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export function unavailablePage(acceptLanguage: string | null): Response {
  const message = FORM_UNAVAILABLE_PAGE[languageOf(acceptLanguage?.split(/[,;]/)[0]?.trim() || 'en')];
  const html = `<!doctype html>
<html>
<head><meta charset="utf-8"><title>${escape(message)}</title></head>
<body><p>${escape(message)}</p></body>
</html>
`;
  return new Response(html, {
    status: 404,
    headers: { 'Content-Type': HTML, 'Content-Security-Policy': UNAVAILABLE_POLICY, 'X-Content-Type-Options': 'nosniff' },
  });
}

/** A caller that takes JSON and not HTML gets the error envelope; browsers get a page. */
export function wantsJson(accept: string | null): boolean {
  const types = (accept ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  return types.includes('application/json') && !types.includes('text/html') && !types.includes('*/*');
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
