// GET /_mock/docs/errors/{code} (openapi/control/inspector.yaml): the page each `docs_url` of the
// mock points at by default (spec 7.1: "docs_url: page for the code"), so that the link in an
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
  entries ??= new Map(Object.values(loadRuntimeDocument('crm').components?.schemas ?? {})
    .flatMap((schema: any) => typeof schema['x-error-code'] === 'string'
      ? [[schema['x-error-code'], { statuses: schema['x-status'] ?? [] }] as const]
      : []));
  return entries;
}

/** Where the error pages are: one for each code the CRM document lists, and the mock's own. */
const ERROR_PAGES = {
  en: 'the mock has a page for each code the CRM document lists',
  ru: 'у мока есть страница для каждого кода из документа CRM',
  uz: "mockda CRM hujjatidagi har bir kod uchun sahifa bor",
};

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ru: 'Русский', uz: "O'zbekcha" };

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function errorPage(code: string): Response {
  const entry = codeEntries().get(code);
  if (!entry && !hasMessage(code)) throw notFound(code, 'errorCode', ERROR_PAGES);
  const messages = (Object.keys(LANGUAGE_NAMES) as Language[])
    .map((language) => `<tr><th scope="row" lang="${language}">${LANGUAGE_NAMES[language]}</th><td lang="${language}">${escape(messageFor(code, language))}</td></tr>`).join('');
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
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff' },
  });
}
