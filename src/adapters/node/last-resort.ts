// What the node:http face answers when the core itself failed to answer (a bug of the mock): the
// error envelope of spec 7.1 with `internal`, still with its X-Request-Id, built without the core.
import { randomUUID } from 'node:crypto';
import type { Mock } from '../../mock.ts';
import { errorDocsUrl } from '../../errors/docs-url.ts';

export function lastResortAnswer(mock: Mock): { status: number; headers: Record<string, string>; body: string } {
  const requestId = `req_${randomUUID().replaceAll('-', '')}`;
  const error = {
    code: 'internal',
    message: 'Something went wrong on our side; retry with backoff.',
    request_id: requestId,
    docs_url: errorDocsUrl(mock.state.config, 'internal'),
  };
  return {
    status: 500,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId },
    body: JSON.stringify({ error }),
  };
}
