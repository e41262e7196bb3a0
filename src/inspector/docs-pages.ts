// The mock's own documentation pages (openapi/control/inspector.yaml), where its links point by
// default (errors/docs-url.ts): GET /_mock/docs/webhooks, the webhook documentation a delivery's
// User-Agent links to (spec 6.1), and GET /_mock/docs/errors/{code}, the page each `docs_url` of the
// mock points at (spec 7.1: "docs_url: page for the code"), so that the link in an
// error opens a page that exists, on the mock itself, offline: the code, its statuses as the CRM
// document gives them (the schema carrying `x-error-code`) and its message in en, ru and uz. Built
// from the runtime document (which has no prose) and errors/messages.ts, not from files: it is
// served in a browser too (the MSW face).
import { hasMessage, messageFor, type Language } from '../errors/messages.ts';
import { notFound } from '../errors/not-found.ts';
import { loadRuntimeDocument } from '../spec/runtime-document.ts';
import { CONTENT_SECURITY_POLICY } from './page-files.ts';

type CodeEntry = { statuses: number[] };

let entries: Map<string, CodeEntry> | undefined;

/** Every code the CRM document lists, with its statuses. */
function codeEntries(): Map<string, CodeEntry> {
  entries ??= new Map(
    Object.values(loadRuntimeDocument('crm').components?.schemas ?? {}).flatMap((schema: any) =>
      typeof schema['x-error-code'] === 'string' ? [[schema['x-error-code'], { statuses: schema['x-status'] ?? [] }] as const] : [],
    ),
  );
  return entries;
}

/** Where the error pages are: one for each code the CRM document lists, and the mock's own. */
const ERROR_PAGES = {
  en: 'the mock has a page for each code the CRM document lists',
  ru: 'у мока есть страница для каждого кода из документа CRM',
  uz: 'mockda CRM hujjatidagi har bir kod uchun sahifa bor',
};

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ru: 'Русский', uz: "O'zbekcha" };

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function errorPage(code: string): Response {
  const entry = codeEntries().get(code);
  if (!entry && !hasMessage(code)) throw notFound(code, 'errorCode', ERROR_PAGES);
  const messages = (Object.keys(LANGUAGE_NAMES) as Language[])
    .map(
      (language) =>
        `<tr><th scope="row" lang="${language}">${LANGUAGE_NAMES[language]}</th><td lang="${language}">${escape(messageFor(code, language))}</td></tr>`,
    )
    .join('');
  const statuses = entry?.statuses.length ? entry.statuses.join(' or ') : 'the mock’s own code';
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(code)} · crmkit errors</title></head>
<body>
<h1><code>${escape(code)}</code></h1>
<p>Status: ${escape(statuses)}.</p>
${entry ? '' : '<p>A code of the mock itself, which the CRM interface does not list.</p>\n'}<table><caption>The message, in the language of <code>Accept-Language</code> (spec 7.1; messages may change: branch on the code)</caption><tbody>${messages}</tbody></table>
<p>The answer's envelope is <code>{error: {code, message, request_id, docs_url, fields?}}</code>. The whole guide and reference: <code>npm run docs</code> in crmkit builds <code>docs-dist/index.html</code> (section “Errors and languages”).</p>
</body></html>
`;
  return htmlPage(body);
}

/** What a receiver needs from spec 6.1 to 6.3, in short; the guide's "Receiving webhooks" has recipes. */
export function webhooksPage(): Response {
  return htmlPage(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Webhooks · crmkit</title></head>
<body>
<h1>Receiving webhooks</h1>
<p>Each delivery is a POST with a JSON event (<code>{id, object: "event", type, api_version, occurred_at, workspace_id, actor, data: {object}}</code>) and the headers <code>Svc-Event</code>, <code>Svc-Event-Id</code>, <code>Svc-Delivery</code>, <code>Svc-Webhook-Id</code>, <code>Svc-Timestamp</code>, <code>Svc-Signature</code> (and <code>Svc-Replay: true</code> on a replay).</p>
<ol>
<li>Read <code>t</code> and <code>v1</code> from <code>Svc-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>.</li>
<li>Compute HMAC-SHA256 keyed with the whole secret (<code>whsec_</code> included) over <code>t</code>, a dot and the raw body as received; hex in lowercase.</li>
<li>Compare with <code>v1</code> in constant time; reject a <code>t</code> more than 5 minutes from your clock (the mock signs with real time, whatever a workspace's clock says).</li>
<li>Verify before parsing the body; answer any 2xx within 10 seconds, or the attempt failed and is retried.</li>
</ol>
<p>The whole guide, with recipes in JavaScript, Python and PHP: <code>npm run docs</code> in crmkit builds <code>docs-dist/index.html</code> (section “Receiving webhooks”).</p>
</body></html>
`);
}

function htmlPage(body: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
