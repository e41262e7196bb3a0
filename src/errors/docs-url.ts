// `docs_url` of spec 7.1 ("page for the code"): `{docs_url}/errors/<code>`, where `{docs_url}` is
// the documentation site (spec notation). By default the mock's own error pages
// (`{base_url}/_mock/docs/errors/<code>`, inspector/docs-pages.ts), which exist wherever the mock
// runs; `docsUrl` (`crmkit mock --docs-url URL`) points them at other docs. Read at each answer:
// the base URL is the server's once it listens (adapters/node-server.ts).
import type { MockConfig } from '../mock-state.ts';

/** `{docs_url}`: the documentation site the mock's links point at. */
export function docsSite(config: Pick<MockConfig, 'docsUrl' | 'urls'>): string {
  return (config.docsUrl ?? `${config.urls.base_url}/_mock/docs`).replace(/\/+$/, '');
}

/** The page for an error code. */
export function errorDocsUrl(config: Pick<MockConfig, 'docsUrl' | 'urls'>, code: string): string {
  return `${docsSite(config)}/errors/${code}`;
}
