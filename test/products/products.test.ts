// The product catalog (spec 2.8, 4.7, 6.4).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/mock.ts';
import { call, setUpMock } from '../support/mock-client.ts';

let mock: Mock;
beforeAll(async () => {
  mock = (await setUpMock()).mock;
});

type Workspace = { key: string; id: string };

/** A workspace of its own per test, so that lists hold only the test's products. */
async function newWorkspace(body: Record<string, unknown> = {}): Promise<Workspace> {
  const created = await call(mock, 'POST', '/_mock/workspaces', { body });
  return { key: created.body.api_key, id: created.body.workspace.id };
}

async function create(ws: Workspace, body: Record<string, unknown>): Promise<any> {
  const answer = await call(mock, 'POST', '/v1/products', { key: ws.key, body });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function list(ws: Workspace, query = ''): Promise<any> {
  const answer = await call(mock, 'GET', `/v1/products${query}`, { key: ws.key });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function names(ws: Workspace, query = ''): Promise<string[]> {
  return (await list(ws, query)).data.map((product: any) => product.name).sort();
}

async function events(ws: Workspace, type: string): Promise<any[]> {
  return (await call(mock, 'GET', `/_mock/workspaces/${ws.id}/events?type=${type}`)).body.data;
}

async function archive(ws: Workspace, id: string): Promise<any> {
  return call(mock, 'PATCH', `/v1/products/${id}`, { key: ws.key, body: { archived: true } });
}

/** One active and one archived product. */
async function activeAndArchived(ws: Workspace): Promise<void> {
  await create(ws, { name: 'Active heater' });
  await create(ws, { name: 'Archived fan', archived: true });
}

describe('create and read (spec 2.1, 4.7)', () => {
  it('create answers 201 with every field sent', async () => {
    const ws = await newWorkspace();
    const body = { name: 'Split air conditioner', sku: 'AC-12K', price: 549000000, currency: 'USD', unit: 'pcs', vat_percent: 12 };
    const product = await create(ws, body);
    expect(product).toMatchObject({ ...body, id: expect.stringMatching(/^pr_/), archived: false, custom: {} });
    expect(product.updated_at).toBe(product.created_at);
  });

  it('a product created with only a name is active, priced 0 in the workspace currency', async () => {
    const ws = await newWorkspace({ currency: 'EUR' });
    const product = await create(ws, { name: 'Gift wrap' });
    expect(product).toMatchObject({ name: 'Gift wrap', sku: '', price: 0, currency: 'EUR', unit: '', vat_percent: 0, archived: false });
  });

  it('creating a product sends product.created with the product', async () => {
    const ws = await newWorkspace();
    const product = await create(ws, { name: 'Oak cabinet', sku: 'OAK-60', price: 450000000 });
    const [event] = await events(ws, 'product.created');
    expect(event.data.object).toEqual({
      id: product.id,
      object: 'product',
      name: 'Oak cabinet',
      sku: 'OAK-60',
      price: 450000000,
      currency: 'UZS',
      archived: false,
    });
    expect(event.actor.type).toBe('api_key');
  });

  it('a product is read by its id and by its long prefix product_', async () => {
    const ws = await newWorkspace();
    const product = await create(ws, { name: 'Kettle' });
    const short = await call(mock, 'GET', `/v1/products/${product.id}`, { key: ws.key });
    const long = await call(mock, 'GET', `/v1/products/${product.id.replace(/^pr_/, 'product_')}`, { key: ws.key });
    expect([short.status, short.body]).toEqual([200, product]);
    expect([long.status, long.body]).toEqual([200, product]);
  });

  it('a product of another workspace answers 404 not_found', async () => {
    const product = await create(await newWorkspace(), { name: 'Kettle' });
    const answer = await call(mock, 'GET', `/v1/products/${product.id}`, { key: (await newWorkspace()).key });
    expect([answer.status, answer.body.error.code]).toEqual([404, 'not_found']);
  });
});

describe('list filters (spec 2.8, 4.7)', () => {
  it('archived products are left out of the list by default', async () => {
    const ws = await newWorkspace();
    await activeAndArchived(ws);
    expect(await names(ws)).toEqual(['Active heater']);
  });

  it('archived=true lists archived products only', async () => {
    const ws = await newWorkspace();
    await activeAndArchived(ws);
    expect(await names(ws, '?archived=true')).toEqual(['Archived fan']);
  });

  it('archived=all lists archived and active products', async () => {
    const ws = await newWorkspace();
    await activeAndArchived(ws);
    expect(await names(ws, '?archived=all')).toEqual(['Active heater', 'Archived fan']);
  });

  it('q finds a product by SKU', async () => {
    const ws = await newWorkspace();
    await create(ws, { name: 'Air conditioner', sku: 'AC-12K-INV' });
    await create(ws, { name: 'Heater', sku: 'HT-2000' });
    expect(await names(ws, '?q=12k-inv')).toEqual(['Air conditioner']);
  });

  it('q finds a product by part of its name, ignoring case', async () => {
    const ws = await newWorkspace();
    await create(ws, { name: 'Split Air Conditioner', sku: 'AC-1' });
    await create(ws, { name: 'Heater', sku: 'HT-1' });
    expect(await names(ws, '?q=AIR%20cond')).toEqual(['Split Air Conditioner']);
  });

  it('q and archived combine', async () => {
    const ws = await newWorkspace();
    await create(ws, { name: 'Old fan', sku: 'FAN-1', archived: true });
    await create(ws, { name: 'New fan', sku: 'FAN-2' });
    expect(await names(ws, '?q=fan&archived=true')).toEqual(['Old fan']);
  });

  it('products list newest first, page by page with the cursor', async () => {
    const ws = await newWorkspace();
    for (const name of ['First', 'Second', 'Third']) await create(ws, { name });
    const first = await list(ws, '?limit=2');
    const second = await list(ws, `?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`);
    expect([...first.data, ...second.data].map((product: any) => product.name)).toEqual(['Third', 'Second', 'First']);
    expect(second.next_cursor).toBeNull();
  });
});

/** A product custom field of the workspace, as the web app would define it (its routes refuse API keys). */
async function addProductField(ws: Workspace, key: string): Promise<void> {
  const workspace = mock.state.workspaces.get(ws.id)!;
  const id = workspace.newId('field');
  await workspace.tables.fields.insert({
    id,
    entity: 'product',
    key,
    label: { en: key },
    type: 'number',
    options: [],
    position: 0,
    required: false,
    group: '',
  });
}

describe('custom values (spec 2.1, 2.11)', () => {
  it('a product custom key no product field has answers validation_failed under custom.<key>', async () => {
    const ws = await newWorkspace();
    const answer = await call(mock, 'POST', '/v1/products', { key: ws.key, body: { name: 'Fan', custom: { no_such_key: 24 } } });
    expect([answer.status, answer.body.error.code, Object.keys(answer.body.error.fields)]).toEqual([
      422,
      'validation_failed',
      ['custom.no_such_key'],
    ]);
  });

  it('PATCH of a product changes only the custom keys sent, and null clears one', async () => {
    const ws = await newWorkspace();
    await addProductField(ws, 'test_months');
    await addProductField(ws, 'test_weight');
    const product = await create(ws, { name: 'Fan', custom: { test_months: 24, test_weight: 3 } });
    const changed = await call(mock, 'PATCH', `/v1/products/${product.id}`, { key: ws.key, body: { custom: { test_months: 36 } } });
    expect(changed.body.custom).toEqual({ test_months: 36, test_weight: 3 });
    const cleared = await call(mock, 'PATCH', `/v1/products/${product.id}`, { key: ws.key, body: { custom: { test_weight: null } } });
    expect(cleared.body.custom).toEqual({ test_months: 36 });
  });
});

describe('update, archive and delete (spec 2.1, 4.7)', () => {
  it('PATCH changes only the fields sent and updated_at', async () => {
    const ws = await newWorkspace();
    await call(mock, 'POST', `/_mock/workspaces/${ws.id}/clock`, { body: { freeze: true } });
    const product = await create(ws, { name: 'Kettle', sku: 'KT-1', price: 1000, unit: 'pcs' });
    await call(mock, 'POST', `/_mock/workspaces/${ws.id}/clock`, { body: { advance_seconds: 60 } });
    const answer = await call(mock, 'PATCH', `/v1/products/${product.id}`, { key: ws.key, body: { price: 1200 } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...product, price: 1200, updated_at: answer.body.updated_at });
    expect(Date.parse(answer.body.updated_at) - Date.parse(product.updated_at)).toBe(60_000);
    expect((await call(mock, 'GET', `/v1/products/${product.id}`, { key: ws.key })).body).toEqual(answer.body);
  });

  it('archiving sends product.archived', async () => {
    const ws = await newWorkspace();
    const product = await create(ws, { name: 'Fan', sku: 'FAN-1', price: 100 });
    const answer = await archive(ws, product.id);
    expect([answer.status, answer.body.archived]).toEqual([200, true]);
    const sent = await events(ws, 'product.archived');
    expect(sent.map((event) => event.data.object)).toEqual([
      { id: product.id, object: 'product', name: 'Fan', sku: 'FAN-1', price: 100, currency: 'UZS', archived: true },
    ]);
  });

  it('archiving an archived product again sends no second product.archived', async () => {
    const ws = await newWorkspace();
    const product = await create(ws, { name: 'Fan' });
    await archive(ws, product.id);
    await archive(ws, product.id);
    expect(await events(ws, 'product.archived')).toHaveLength(1);
  });

  it('a product created archived sends product.created only', async () => {
    const ws = await newWorkspace();
    await create(ws, { name: 'Fan', archived: true });
    expect(await events(ws, 'product.created')).toHaveLength(1);
    expect(await events(ws, 'product.archived')).toHaveLength(0);
  });

  it('an archived product is still read by id, and archived: false brings it back into the list', async () => {
    const ws = await newWorkspace();
    const product = await create(ws, { name: 'Fan' });
    await archive(ws, product.id);
    const read = await call(mock, 'GET', `/v1/products/${product.id}`, { key: ws.key });
    expect([read.status, read.body.archived]).toEqual([200, true]);
    await call(mock, 'PATCH', `/v1/products/${product.id}`, { key: ws.key, body: { archived: false } });
    expect(await names(ws)).toEqual(['Fan']);
  });

  it('a deleted product answers {ok, id}, then 404 and is gone from every list', async () => {
    const ws = await newWorkspace();
    const product = await create(ws, { name: 'Fan' });
    const deleted = await call(mock, 'DELETE', `/v1/products/${product.id}`, { key: ws.key });
    expect([deleted.status, deleted.body]).toEqual([200, { ok: true, id: product.id }]);
    const read = await call(mock, 'GET', `/v1/products/${product.id}`, { key: ws.key });
    expect([read.status, read.body.error.code]).toEqual([404, 'not_found']);
    expect(await names(ws, '?archived=all')).toEqual([]);
  });

  it('products need products:read to list and products:write to create', async () => {
    const ws = await newWorkspace();
    const created = await call(mock, 'POST', `/_mock/workspaces/${ws.id}/api-keys`, { body: { scopes: ['products:read'] } });
    const reader = created.body.key;
    const listed = await call(mock, 'GET', '/v1/products', { key: reader });
    const refused = await call(mock, 'POST', '/v1/products', { key: reader, body: { name: 'Fan' } });
    expect(listed.status).toBe(200);
    expect([refused.status, refused.body.error.scope]).toEqual([403, 'products:write']);
  });
});
