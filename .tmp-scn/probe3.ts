import { createMock } from '../src/mock.ts';
const mock = createMock();
const call = async (method: string, path: string, body?: unknown, key?: string) => {
  const r = await mock.handle(new Request('http://127.0.0.1:4010' + path, { method, headers: { ...(key ? { authorization: 'Bearer ' + key } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined }), { clientAddress: '127.0.0.1' });
  const t = await r.text(); return { status: r.status, body: t ? JSON.parse(t) : undefined };
};
const ws = (await call('POST', '/_mock/workspaces', {})).body;
const key = ws.api_key; const W = ws.workspace.id;
await call('POST', `/_mock/workspaces/${W}/clock`, { freeze: true, set: '2026-11-20T05:00:00Z' });
const tb = ws.channels.find((c: any) => c.type === 'telegram_bot');
const inb = await call('POST', `/_mock/workspaces/${W}/channels/${tb.id}/inbound`, { text: 'Hi', name: 'D' });
await call('POST', `/v1/conversations/${inb.body.conversation_id}/messages`, { text: 'Yes' }, key);
console.log((await call('POST', `/_mock/workspaces/${W}/clock`, { advance_seconds: 1 })).body);
console.log((await call('POST', `/_mock/workspaces/${W}/clock`, { advance_seconds: 4 })).body);
console.log((await call('GET', `/_mock/workspaces/${W}/clock`)).body);
console.log((await call('POST', `/_mock/workspaces/${W}/clock`, { advance_seconds: 4 })).body);
