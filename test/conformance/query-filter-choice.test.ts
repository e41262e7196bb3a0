// query.bad-values on a body with both `query` and `q`, or neither (spec 4.13): the status and
// code are judged (query.filter-exactly-one), and the field the 422 names only as a reading
// (query.filter-exactly-one-named): naming `q` or `query` passes, naming none warns a deployment.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryBadValues } from '../../conformance/areas/query/bad-values.ts';
import { runConformance } from '../../conformance/run.ts';
import { createMock, type Mock } from '../../src/mock.ts';

const RULES = ['query.filter-exactly-one', 'query.filter-exactly-one-named'];

let mock: Mock;
let apiKey: string;
beforeAll(async () => {
  mock = createMock();
  apiKey = (await (await mock.handle(new Request('http://127.0.0.1:4010/_mock/workspaces', { method: 'POST' }))).json()).api_key;
});

/** A deployment in front of the mock whose refused queries name the fields `rename` gives (the mock's own when it gives none). */
async function deployment(rename: (fields: Record<string, string>) => Record<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const headers = Object.entries(incoming.headers).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value] as [string, string]] : [],
    );
    const response = await mock.handle(new Request(`http://127.0.0.1:4010${incoming.url}`, { method: incoming.method, headers, body }));
    let text = await response.text();
    if (incoming.url?.startsWith('/v1/query/') && response.status === 422) {
      const answer = JSON.parse(text);
      if (answer.error.code === 'validation_failed') answer.error.fields = rename(answer.error.fields);
      text = JSON.stringify(answer);
    }
    outgoing
      .writeHead(response.status, { 'content-type': 'application/json', 'x-request-id': response.headers.get('x-request-id') ?? 'none' })
      .end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function outcomes(rename: (fields: Record<string, string>) => Record<string, string>): Promise<Record<string, string>> {
  const { url, server } = await deployment(rename);
  try {
    const report = await runConformance({ baseUrl: url, apiKey, checks: [queryBadValues] });
    return Object.fromEntries(report.rules.filter((rule) => RULES.includes(rule.id)).map((rule) => [rule.id, rule.outcome]));
  } finally {
    server.close();
  }
}

describe('a query body with both filters or none', () => {
  it('passes the crmkit mock, which names query (neither) or query and q (both)', async () => {
    expect(await outcomes((fields) => fields)).toEqual({
      'query.filter-exactly-one': 'passed',
      'query.filter-exactly-one-named': 'passed',
    });
  });

  it('passes a deployment naming only q, or only query', async () => {
    expect(await outcomes(() => ({ q: 'send query or q' }))).toEqual({
      'query.filter-exactly-one': 'passed',
      'query.filter-exactly-one-named': 'passed',
    });
    expect(await outcomes(() => ({ query: 'send query or q' }))).toEqual({
      'query.filter-exactly-one': 'passed',
      'query.filter-exactly-one-named': 'passed',
    });
  });

  it('warns, never fails, a deployment naming no field (the root key "")', async () => {
    expect(await outcomes(() => ({ '': 'must match exactly one schema in oneOf' }))).toEqual({
      'query.filter-exactly-one': 'passed',
      'query.filter-exactly-one-named': 'warned',
    });
  });
});
