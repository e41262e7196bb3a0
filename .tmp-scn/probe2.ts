import { createMock } from '../src/mock.ts';
const mock = createMock();
const call = async (method: string, path: string, body?: unknown, key?: string) => {
  const r = await mock.handle(new Request('http://127.0.0.1:4010' + path, { method, headers: { ...(key ? { authorization: 'Bearer ' + key } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined }), { clientAddress: '127.0.0.1' });
  const t = await r.text(); return { status: r.status, body: t ? JSON.parse(t) : undefined };
};
const ws = (await call('POST', '/_mock/workspaces', {})).body;
const key = ws.api_key;
const wa = ws.channels.find((c: any) => c.type === 'whatsapp');
console.log(JSON.stringify(ws.channels));
const inb = await call('POST', `/_mock/workspaces/${ws.workspace.id}/channels/${wa.id}/inbound`, { text: 'Hi', name: 'Dilnoza', phone: '+998901234567' });
console.log(JSON.stringify(inb));
console.log(JSON.stringify(await call('GET', `/v1/conversations/${inb.body.conversation_id}`, undefined, key)));
const sent = await call('POST', `/v1/conversations/${inb.body.conversation_id}/messages`, { text: 'Yes' }, key);
console.log(JSON.stringify(sent));
console.log(JSON.stringify((await call('POST', `/v1/tasks`, { title: 'Call', assignee_id: ws.members[0].id, due_at: '2027-03-10T18:00:00+05:00' }, key))));
