// Bounded work per request (issue 15): no body within the limits of spec 8 costs more than a
// fixed multiple of its size. Every write operation gets the largest bodies its limit allows, in
// every shape of test/support/largest-bodies.ts, and its answer must be one the document allows
// (never a 500), naming at most MAX_PROBLEMS fields. What keeps the cost linear is held without
// a clock: the code Ajv generates has every error merge and count rewritten (bounded-errors.ts),
// and uniqueItems compares no pairs. The cost itself is a figure, measured by `npm run bench`
// (bench/largest-bodies.ts: each shape's full size against 1/16 of it), not by a timed test that
// a loaded machine fails (issue 24, item 6: this file's ratio failed 15 times at load 28).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/http/read-body.ts';
import { boundedErrors, isUnbounded, MAX_PROBLEMS } from '../../src/spec/bounded-errors.ts';
import { loadDocument } from '../../src/spec/document.ts';
import { indexOperations } from '../../src/spec/operation-index.ts';
import { createSchemaValidator } from '../../src/spec/schema-validator.ts';
import { firstDuplicate } from '../../src/spec/unique-items.ts';
import { largestBodies, type LargestBody } from '../support/largest-bodies.ts';
import { createMock, type Mock } from '../../src/mock.ts';
import { call, type Answer } from '../support/mock-client.ts';

const document = loadDocument('crm');
const operations = indexOperations(document);
const bodies = largestBodies(document, operations.values());

let mock: Mock;
let key: string;
let session: string;
beforeAll(async () => {
  mock = createMock();
  const created = (await call(mock, 'POST', '/_mock/workspaces', { body: {} })).body;
  key = created.api_key;
  const owner = created.members.find((member: { role: string }) => member.role === 'owner');
  session = (await call(mock, 'POST', `/_mock/workspaces/${created.workspace.id}/sessions`, { body: { member_id: owner.id } })).body.cookie;
});

function send(body: LargestBody, text: string): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (body.credential === 'session') headers.Cookie = session;
  return call(mock, body.method, body.path, { rawBody: text, headers, key: body.credential === 'key' ? key : null });
}

describe('the largest bodies the limits allow (spec 8)', () => {
  const byOperation = new Map<string, LargestBody[]>();
  for (const body of bodies) byOperation.set(body.operationId, [...(byOperation.get(body.operationId) ?? []), body]);
  for (const [operationId, shapes] of byOperation) {
    it(`${operationId}: each shape at its limit answers within the document`, async () => {
      const limit = operations.get(operationId)!.maxBodyBytes ?? MAX_BODY_BYTES;
      for (const body of shapes) {
        const full = body.text(limit);
        expect(full.length, body.shape).toBeLessThanOrEqual(limit);
        const answer = await send(body, full);
        expect(answer.status, `${body.shape}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(500);
        expect(answer.headers.get('x-request-id'), body.shape).toBeTruthy();
        expect(Object.keys(answer.body?.error?.fields ?? {}).length, body.shape).toBeLessThanOrEqual(MAX_PROBLEMS);
      }
    });
  }
});

describe('the validator collects problems in linear time, at most MAX_PROBLEMS of them', () => {
  const validator = createSchemaValidator(document);

  it('1 MB of field options that each fail a referenced schema gives MAX_PROBLEMS problems', () => {
    const options = Array.from({ length: 300_000 }, () => ({}));
    const problems = validator.problems('/components/schemas/CustomFieldCreate', {
      entity: 'lead',
      key: 'k',
      label: 'L',
      type: 'select',
      options,
    });
    expect(problems).toHaveLength(MAX_PROBLEMS);
    expect(problems[0]).toMatchObject({ instancePath: '/options/0', keyword: 'required' });
  });

  it('a body with fewer problems gets every one of them, as before', () => {
    const problems = validator.problems('/components/schemas/BulkRunRequest', {
      type: 'add_tag',
      tags: ['vip'],
      ids: ['x', 'y', 'x'],
      extra: 1,
    });
    expect(problems.map((p) => `${p.instancePath} ${p.keyword}`).sort()).toEqual(
      ['/ids/0 pattern', '/ids/1 pattern', '/ids/2 pattern', ' additionalProperties', '/ids uniqueItems'].sort(),
    );
  });

  it('every error merge and count in the code Ajv generates for the document is rewritten', () => {
    const sources: string[] = [];
    const ajv = new Ajv2020({
      strict: false,
      allErrors: true,
      code: { process: (source) => (sources.push(boundedErrors(source)), sources.at(-1)!) },
    });
    ajv.addSchema({ ...document, $id: 'https://crmkit.local/openapi.json' });
    for (const name of ['CustomFieldCreate', 'QueryRequest', 'BulkRunRequest', 'LeadCreate', 'WebhookCreate'])
      ajv.compile({ $ref: `https://crmkit.local/openapi.json#/components/schemas/${name}` });
    expect(sources.join('\n')).toContain('throw { tooManyProblems: vErrors }');
    expect(sources.filter(isUnbounded)).toEqual([]);
  });
});

describe('uniqueItems without comparing every pair', () => {
  it('names the same pair as Ajv: the last item with an earlier copy, and its nearest copy', () => {
    const ajv = new Ajv2020({ allErrors: true });
    const validate = ajv.compile({ type: 'array', uniqueItems: true });
    const lists = [
      [1, 2, 1],
      ['a', 'b', 'a', 'b'],
      [{ a: 1, b: [2] }, { b: [2], a: 1 }, 3],
      [[1], [1, 2], [1]],
      [1, '1', true, null, 'true'],
      [0, -0],
      // One composite among scalars is never equal to any of them; two are compared as usual.
      ['x', [1], 'x'],
      [{ a: 1 }, 'y', 'y', 2],
      [[], 'a', [], 'a'],
      ['a', [], 'a', []],
      [[1]],
      [],
    ];
    for (const list of lists) {
      const expected = validate(list) ? undefined : validate.errors![0]!.params;
      expect(firstDuplicate(list), JSON.stringify(list)).toEqual(expected);
    }
  });

  it('a list nested 300,000 levels deep is compared without exhausting the stack', () => {
    const deep = JSON.parse(`${'['.repeat(300_000)}${']'.repeat(300_000)}`);
    expect(firstDuplicate([deep, deep])).toEqual({ i: 1, j: 0 });
  });

  it('a list with one composite item among ids does not write that item out', () => {
    const item = {
      get never() {
        throw new Error('read');
      },
    };
    expect(firstDuplicate(['ld_1', item, 'ld_2', 'ld_1'])).toEqual({ i: 3, j: 0 });
  });
});
