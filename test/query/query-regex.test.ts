// `regex` conditions of the query endpoint (spec 4.13) under hostile patterns (issue 24): every
// form that makes a backtracking engine take exponential time is answered, and with V8's own
// answer where V8 can give one; what cannot run in linear time is refused with the spec's codes;
// and a query whose regex work has no end answers 422 query_too_slow instead of holding the mock.
import { beforeAll, describe, expect, it } from 'vitest';
import { boundedRegex, MAX_PROGRAM_SIZE, REGEX_TIME_BUDGET_MS, RegexWork } from '../../src/resources/query/bounded-regex.ts';
import { call, envelopeProblems, setUpMock, type Setup } from '../support/mock-client.ts';

let setup: Setup;
beforeAll(async () => {
  setup = await setUpMock();
});

async function workspaceWith(names: string[]): Promise<{ key: string }> {
  const workspace = (await call(setup.mock, 'POST', '/_mock/workspaces', { body: {} })).body;
  for (const name of names)
    expect((await call(setup.mock, 'POST', '/v1/leads', { key: workspace.api_key, body: { name } })).status).toBe(201);
  return { key: workspace.api_key };
}

const regexQuery = (value: string) => ({ query: { op: 'and', conditions: [{ field: 'name', op: 'regex', value }] }, count: true });

async function ask(key: string, pattern: string) {
  return call(setup.mock, 'POST', '/v1/query/leads', { key, body: regexQuery(pattern) });
}

// Nested and overlapping repeats: each took a backtracking engine minutes on a name of 29
// characters (issue 24: 82.8 s for the first, ×2.6 per extra character).
const EXPONENTIAL = [
  '((a+))+$|zq',
  '(a|a)*b',
  '(\\w\\w*)+$|zq',
  '(a+)+$',
  '(?:a*)*b',
  '(a|aa)+$',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '(.*a){12}$|zq',
  '((a{1,3}){1,3})+!$|zq',
];

describe('regex conditions run in time linear in the text', () => {
  it('answers every exponential form over names up to the 255 characters a name may have', async () => {
    const names = [`${'a'.repeat(28)}!`, `${'a'.repeat(254)}!`, 'a'.repeat(255)];
    const { key } = await workspaceWith(names);
    for (const pattern of EXPONENTIAL) {
      const answer = await ask(key, pattern);
      expect([pattern, answer.status], JSON.stringify(answer.body)).toEqual([pattern, 200]);
    }
  });

  it('matches as ECMAScript does, ignoring case, where a backtracking engine can answer', async () => {
    const names = ['OOO Orzu', 'Orzu MChJ', 'aaab', 'ab!', 'Ёлка Ltd', '1,250,000', 'x'];
    const { key } = await workspaceWith(names);
    const patterns = [
      ...EXPONENTIAL,
      '^(ooo|mchj) ',
      '^\\d+(,\\d+)*$',
      'ёлка',
      '\\bltd$',
      '[[:alpha:]]',
      '^.$',
      'A{2,}B',
      '\\p{Lu}\\p{Ll}+ ',
    ];
    for (const pattern of patterns) {
      let expected: string[];
      try {
        const v8 = new RegExp(pattern, 'iu');
        expected = names.filter((name) => v8.test(name)).sort();
      } catch {
        continue; // Not ECMAScript: refused (the next test).
      }
      const answer = await ask(key, pattern);
      expect(answer.status, `${pattern}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect([pattern, answer.body.data.map((lead: { name: string }) => lead.name).sort()]).toEqual([pattern, expected]);
    }
  });
});

describe('what cannot run in linear time is refused with the spec codes', () => {
  it('a lookaround or a backreference answers 422 invalid_query under the condition', async () => {
    const { key } = await workspaceWith(['aa']);
    for (const pattern of ['(?=a)a', '(?<!b)a', '(a)\\1']) {
      const answer = await ask(key, pattern);
      expect([pattern, answer.status, answer.body.error?.code]).toEqual([pattern, 422, 'invalid_query']);
      expect(Object.keys(answer.body.error.fields)).toEqual(['query.conditions[0].value']);
      expect(envelopeProblems(answer.body)).toEqual([]);
    }
  });

  it(`a pattern that compiles to more than ${MAX_PROGRAM_SIZE} steps answers 422 query_too_slow`, async () => {
    const { key } = await workspaceWith(['aa']);
    for (const pattern of ['(a{1,50}){1,20}$|b{1,900}', '(a{1,100}){1,30}$']) {
      const answer = await ask(key, pattern);
      expect([pattern, answer.status, answer.body.error?.code]).toEqual([pattern, 422, 'query_too_slow']);
      expect(answer.body.error.fields['query.conditions[0].value']).toMatch(/too large/);
    }
  });

  it('a query whose regex work would pass its budget answers 422 query_too_slow: no request holds the mock', () => {
    // The budget is time, which no test can spend deterministically (RE2's cache makes repeated
    // names cheap): the work is set at the budget, and the next test refuses.
    const work = new RegexWork();
    const matches = boundedRegex('(a{1,100}){1,9}$', 'query.conditions[0]', work);
    expect(matches('aaa')).toBe(true);
    work.spentMs = REGEX_TIME_BUDGET_MS + 1;
    let refusal: unknown;
    try {
      matches('aaa');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ code: 'query_too_slow' });
  });
});
