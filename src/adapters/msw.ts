// The MSW face: one catch-all msw 3 handler that forwards requests for the mock's origins to
// the core (cheaper than one handler per operation, see ../shared notes), bound to a fresh mock.
import { http, type HttpHandler } from 'msw';
import { createMock, type Mock, type MockOptions } from '../mock.ts';

export type CrmHandlers = { handlers: HttpHandler[]; mock: Mock; reset(): void };

export function createCrmHandlers(options: MockOptions = {}): CrmHandlers {
  const mock = createMock(options);
  const origins = new Set(Object.values(mock.state.config.urls).map((url) => new URL(url).origin));
  const handler = http.all('*', ({ request }) => (origins.has(new URL(request.url).origin) ? mock.handle(request) : undefined));
  return { handlers: [handler], mock, reset: () => mock.state.reset() };
}
