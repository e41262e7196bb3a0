// Each other reading (src/other-readings/) is live: the mock that takes them really answers, and
// delivers, the other form, so that other-readings.test.ts cannot pass by a reading doing nothing.
// Every answer here also goes through the document (test/support/mock-client.ts): the other forms
// are within it.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, setUpMock, type Setup } from '../support/mock-client.ts';
import { OTHER_READINGS } from '../../src/other-readings/index.ts';
import { EXTRA_FIELD } from '../../src/other-readings/extra-fields.ts';
import { tashkentTime } from '../../src/other-readings/time-form.ts';

let plain: Setup;
let other: Setup;
beforeAll(async () => {
  [plain, other] = await Promise.all([setUpMock(), setUpMock({ otherReadings: OTHER_READINGS })]);
});

const api = (setup: Setup, method: string, path: string, body?: unknown) => call(setup.mock, method, path, { key: setup.key, body });

describe('deleted-confirmation', () => {
  it('answers {id, deleted: true} to a contact delete, and keeps the lead delete {ok: true, id} (spec 4.2)', async () => {
    const contact = await api(other, 'POST', '/v1/contacts', { name: 'Aziza' });
    const deleted = await api(other, 'DELETE', `/v1/contacts/${contact.body.id}`);
    expect(deleted.body).toMatchObject({ id: contact.body.id, deleted: true });
    expect(deleted.body).not.toHaveProperty('ok');
    const lead = await api(other, 'POST', '/v1/leads', { name: 'Aziza lead' });
    expect((await api(other, 'DELETE', `/v1/leads/${lead.body.id}`)).body).toMatchObject({ ok: true, id: lead.body.id });
  });
});

describe('time-form', () => {
  it('writes the same instant at +05:00 with six fractional digits, keeping digits sent', () => {
    expect(tashkentTime('2026-11-20T21:30:00.123Z')).toBe('2026-11-21T02:30:00.123000+05:00');
    expect(tashkentTime('2026-11-20T09:00:00.123456789+03:00')).toBe('2026-11-20T11:00:00.123456789+05:00');
    expect(Date.parse(tashkentTime('2026-11-20T21:30:00.123Z'))).toBe(Date.parse('2026-11-20T21:30:00.123Z'));
    expect(tashkentTime('not a time')).toBe('not a time');
  });

  it('answers a record with its times so', async () => {
    const contact = await api(other, 'POST', '/v1/contacts', { name: 'Bekzod' });
    expect(contact.body.created_at).toMatch(/T\d\d:\d\d:\d\d\.\d{6}\+05:00$/);
    await api(other, 'DELETE', `/v1/contacts/${contact.body.id}`);
  });
});

describe('key-order and extra-fields', () => {
  it("answers whoami's keys in the reverse order, with an unknown field", async () => {
    const [mine, theirs] = [await api(plain, 'GET', '/v1/api-keys/whoami'), await api(other, 'GET', '/v1/api-keys/whoami')];
    expect(Object.keys(theirs.body)).toEqual([EXTRA_FIELD, ...Object.keys(mine.body).reverse()]);
    expect(Object.keys(theirs.body.workspace)).toEqual([EXTRA_FIELD, ...Object.keys(mine.body.workspace).reverse()]);
  });

  it('adds no field outside /v1 (the OAuth endpoints)', async () => {
    const refused = await call(other.mock, 'POST', '/oauth/token', { body: { grant_type: 'password' } });
    expect(refused.body).not.toHaveProperty(EXTRA_FIELD);
  });
});

describe('list-orders', () => {
  it('answers the members, the custom fields and the products in the reverse order', async () => {
    for (const setup of [plain, other]) {
      for (const name of ['Tea', 'Coffee']) await api(setup, 'POST', '/v1/products', { name, price: 100 });
    }
    for (const path of ['/v1/members', '/v1/fields', '/v1/products']) {
      const [mine, theirs] = [await api(plain, 'GET', path), await api(other, 'GET', path)];
      type List = { body: { data: { name?: string; key?: string }[] } };
      const names = (answer: List) => answer.body.data.map((item) => item.name ?? item.key);
      expect(names(mine).length, path).toBeGreaterThan(1);
      expect(names(theirs), path).toEqual(names(mine).reverse());
    }
  });
});

describe('list-orders on arrays', () => {
  it("answers a lead's tags in the reverse order of the crmkit mock's", async () => {
    const tags = ['alpha', 'bravo', 'charlie'];
    const mine = await api(plain, 'POST', '/v1/leads', { name: 'Tagged', tags });
    const theirs = await api(other, 'POST', '/v1/leads', { name: 'Tagged', tags });
    expect(mine.body.tags).toHaveLength(3);
    expect(theirs.body.tags).toEqual([...mine.body.tags].reverse());
  });
});

describe('deliveries', () => {
  it('writes a delivered body another way: times at +05:00 with nine digits, an unknown field, keys sorted', () => {
    const lead = { id: 'ld_1', object: 'lead', custom: { at: '2026-11-20T09:00:00.000Z' } };
    const event = { id: 'evt_1', occurred_at: '2026-11-20T09:00:00.500Z', data: { object: lead } };
    const attempt = other.mock.state.deliverySeams.deliveredBody({ body: JSON.stringify(event) }, other.mock.state);
    expect(JSON.parse(attempt.body)).toEqual({
      ...event,
      occurred_at: '2026-11-20T14:00:00.500000000+05:00',
      [EXTRA_FIELD]: 'uz-1',
      data: { object: { ...event.data.object, [EXTRA_FIELD]: 'uz-1' } },
    });
    expect(Object.keys(JSON.parse(attempt.body))).toEqual(['data', 'id', 'occurred_at', EXTRA_FIELD]);
    expect(plain.mock.state.deliverySeams.deliveredBody({ body: JSON.stringify(event) }, plain.mock.state).body).toBe(
      JSON.stringify(event),
    );
  });
});
