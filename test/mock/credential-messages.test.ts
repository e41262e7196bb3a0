// Issue 25, item 2: each credential mistake answers spec 5.1's code (invalid_token, key_expired,
// key_revoked; 5.2: invalid_token for an expired or revoked access token) with a message that
// names the mistake, in en, ru and uz (7.1), and the same for 404s: what was not found.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/mock.ts';
import { call, setUpMock, type Answer, type Setup } from '../support/mock-client.ts';

let setup: Setup;
let mock: Mock;

beforeAll(async () => {
  setup = await setUpMock();
  mock = setup.mock;
});

const LANGUAGES = ['en', 'ru', 'uz'] as const;

/** The answer of whoami in each language, with the Authorization header given (none for null). */
async function whoamiIn(authorization: string | null): Promise<Answer[]> {
  return Promise.all(
    LANGUAGES.map((language) =>
      call(mock, 'GET', '/v1/api-keys/whoami', {
        headers: { 'Accept-Language': language, ...(authorization === null ? {} : { Authorization: authorization }) },
      }),
    ),
  );
}

/** Checks code, status and the English message, and that ru and uz have messages of their own. */
function expectRefusal(answers: Answer[], code: string, english: RegExp): string {
  for (const answer of answers) expect(`${answer.status} ${answer.body.error.code}`).toBe(`401 ${code}`);
  expect(answers[0]!.headers.get('www-authenticate')).toMatch(/^Bearer /);
  const [en, ru, uz] = answers.map((answer) => answer.body.error.message as string);
  expect(en).toMatch(english);
  expect(ru).toMatch(/[а-я]/);
  expect(uz).not.toBe(en);
  expect(new Set([en, ru, uz]).size).toBe(3);
  return en!;
}

describe("a credential mistake is named in the message, the code stays the spec's", () => {
  it('tells a missing header, Basic, a bare key, an empty Bearer, a malformed value and an unknown key apart', async () => {
    const key = `svc_live_${'x'.repeat(40)}`;
    const messages = [
      expectRefusal(await whoamiIn(null), 'invalid_token', /no Authorization header/),
      expectRefusal(await whoamiIn(`Basic ${btoa(`${key}:`)}`), 'invalid_token', /Basic scheme/),
      expectRefusal(await whoamiIn('Token abc'), 'invalid_token', /scheme other than Bearer/),
      expectRefusal(await whoamiIn(setup.key), 'invalid_token', /without the scheme: write "Bearer "/),
      expectRefusal(await whoamiIn('Bearer'), 'invalid_token', /no credential after it/),
      expectRefusal(await whoamiIn('Bearer not-a-key'), 'invalid_token', /not shaped as an API key/),
      expectRefusal(await whoamiIn(`Bearer svc_rt_${'y'.repeat(43)}`), 'invalid_token', /refresh token/),
      expectRefusal(await whoamiIn(`Bearer ${key}`), 'invalid_token', /No API key or access token has this value/),
    ];
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('a revoked and an expired key keep key_revoked and key_expired', async () => {
    const revoked = await setup.newKey({ name: 'revoked', scopes: ['leads:read'] });
    const keys = await call(mock, 'GET', '/v1/api-keys/whoami', { key: revoked });
    await call(mock, 'POST', `/_mock/workspaces/${setup.workspaceId}/api-keys/${keys.body.id}/revoke`, { body: {} });
    expectRefusal(await whoamiIn(`Bearer ${revoked}`), 'key_revoked', /revoked/);
    const expired = await setup.newKey({ name: 'expired', scopes: ['leads:read'], expires_at: '2000-01-01T00:00:00Z' });
    expectRefusal(await whoamiIn(`Bearer ${expired}`), 'key_expired', /expired/);
  });

  it('an expired and a revoked access token answer invalid_token (spec 5.2) saying which', async () => {
    const base = {
      workspaceId: setup.workspaceId,
      installationId: 'ins_x',
      appId: 'app_x',
      appName: 'App',
      scopes: ['leads:read'],
      memberId: 'mb_x',
    };
    mock.state.addAccessToken({ ...base, token: `svc_at_${'e'.repeat(43)}`, expiresAt: '2000-01-01T00:00:00Z', revokedAt: null });
    mock.state.addAccessToken({
      ...base,
      token: `svc_at_${'r'.repeat(43)}`,
      expiresAt: '2999-01-01T00:00:00Z',
      revokedAt: '2000-01-01T00:00:00Z',
    });
    expectRefusal(await whoamiIn(`Bearer svc_at_${'e'.repeat(43)}`), 'invalid_token', /access token has expired.*refresh it/);
    expectRefusal(await whoamiIn(`Bearer svc_at_${'r'.repeat(43)}`), 'invalid_token', /access token was revoked/);
  });
});

describe('a 404 says what was not found', () => {
  it('an unknown lead id, a lead number and an unknown route', async () => {
    const id = `ld_${'0'.repeat(26)}`;
    const byId = await call(mock, 'GET', `/v1/leads/${id}`, { key: setup.key });
    expect(`${byId.status} ${byId.body.error.code}`).toBe('404 not_found');
    expect(byId.body.error.message).toBe(`Not found: no lead ${id} (in the caller's workspace).`);
    const byNumber = await call(mock, 'GET', '/v1/contacts/999999', { key: setup.key, headers: { 'Accept-Language': 'ru' } });
    expect(byNumber.body.error.message).toMatch(/^Не найдено: запись #999999/);
    const route = await call(mock, 'GET', '/v1/nothing-here', { key: setup.key });
    expect(`${route.status} ${route.body.error.code}`).toBe('404 not_found');
    expect(route.body.error.message).toMatch(/no operation of this API has the path \/v1\/nothing-here/);
  });

  it('the control API names an unknown workspace and where the others are listed, in each language', async () => {
    const answers = await Promise.all(
      LANGUAGES.map((language) => call(mock, 'GET', '/_mock/workspaces/ws_nope/webhooks', { headers: { 'Accept-Language': language } })),
    );
    for (const answer of answers) expect(`${answer.status} ${answer.body.error.code}`).toBe('404 not_found');
    expect(answers.map((answer) => answer.body.error.message)).toEqual([
      'Not found: no workspace ws_nope (on this mock; GET /_mock/workspaces lists its workspaces).',
      'Не найдено: рабочее пространство ws_nope отсутствует (в этом моке; GET /_mock/workspaces перечисляет его пространства).',
      "Topilmadi: ish maydoni ws_nope yo'q (bu mockda; GET /_mock/workspaces uning ish maydonlarini ko'rsatadi).",
    ]);
  });
});
