import { createMock } from '../src/mock.ts';
const mock = createMock();
const call = async (method: string, path: string, body?: unknown, key?: string) => {
  const r = await mock.handle(new Request('http://127.0.0.1:4010' + path, { method, headers: { ...(key ? { authorization: 'Bearer ' + key } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined }), { clientAddress: '127.0.0.1' });
  const t = await r.text(); return { status: r.status, body: t ? JSON.parse(t) : undefined };
};
const ws = (await call('POST', '/_mock/workspaces', {})).body;
const key = ws.api_key;
console.log(JSON.stringify((await call('GET', '/v1/pipelines', undefined, key)).body, null, 1).slice(0, 1500));
console.log(JSON.stringify((await call('GET', '/v1/members', undefined, key)).body).slice(0, 600));
const lead = await call('POST', '/v1/leads', { name: 'Kitchen set', amount: 1200000 }, key);
console.log(JSON.stringify(lead));
