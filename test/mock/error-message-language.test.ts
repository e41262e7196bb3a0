// Spec 7.1: error.message is in the language of Accept-Language, also for errors whose thrower
// words a detail of its own (a body that is not one JSON object, a note's edit window, the 32 KB
// of a form's route, a first-party route refusing a key): the detail in that language, never the
// English one standing in for it.
import { beforeEach, describe, expect, it } from 'vitest';
import { messageFor } from '../../src/errors/messages.ts';
import { call, setUpMock, type Answer, type Setup } from '../support/mock-client.ts';

let setup: Setup;
let formId: string;
beforeEach(async () => {
  setup = await setUpMock();
  const workspace = await call(setup.mock, 'GET', `/_mock/workspaces/${setup.workspaceId}`);
  formId =
    workspace.body.forms?.[0]?.id ??
    (await call(setup.mock, 'POST', `/_mock/workspaces/${setup.workspaceId}/forms`, { body: { name: 'Contact us' } })).body.id;
});

const CYRILLIC = /[\u0400-\u04FF]/;

/** The same request in en, ru and uz. */
async function inEachLanguage(send: (language: string) => Promise<Answer>): Promise<[Answer, Answer, Answer]> {
  return [await send('en'), await send('ru'), await send('uz')];
}

/** The same code in each; ru in Cyrillic; uz neither Cyrillic nor the English words; each different from the others. */
function expectThreeLanguages([english, russian, uzbek]: [Answer, Answer, Answer], code: string): void {
  for (const answer of [english, russian, uzbek]) expect(answer.body.error.code).toBe(code);
  const [en, ru, uz] = [english, russian, uzbek].map((answer) => answer.body.error.message as string) as [string, string, string];
  expect(CYRILLIC.test(en)).toBe(false);
  expect(CYRILLIC.test(ru)).toBe(true);
  expect(CYRILLIC.test(uz)).toBe(false);
  expect(new Set([en, ru, uz]).size).toBe(3);
}

describe('error messages follow Accept-Language', () => {
  it('a body that is not one JSON object is refused with its detail in each language', async () => {
    const answers = await inEachLanguage((language) =>
      call(setup.mock, 'POST', '/v1/leads', {
        key: setup.key,
        rawBody: '[1]',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
      }),
    );
    expectThreeLanguages(answers, 'bad_json');
    expect(answers[0].body.error.message).toBe('The body must be one JSON object.');
    expect(answers[1].body.error.message).not.toBe(messageFor('bad_json', 'ru'));
  });

  it('a note edited with an API key is refused (edit_window_closed) with the reason in each language', async () => {
    const lead = await call(setup.mock, 'POST', '/v1/leads', { key: setup.key, body: { name: 'Sofa' } });
    const note = await call(setup.mock, 'POST', '/v1/notes', {
      key: setup.key,
      body: { entity_type: 'lead', entity_id: lead.body.id, text: 'Call back' },
    });
    const answers = await inEachLanguage((language) =>
      call(setup.mock, 'PATCH', `/v1/notes/${note.body.id}`, {
        key: setup.key,
        body: { text: 'changed' },
        headers: { 'Accept-Language': language },
      }),
    );
    expectThreeLanguages(answers, 'edit_window_closed');
    expect(answers[0].body.error.message).toContain('API keys cannot edit notes');
  });

  it("a form submission over the form route's 32 KB is refused (413) in each language, naming its 32 KB", async () => {
    const body = JSON.stringify({ answers: { text: 'x'.repeat(40 * 1024) } });
    const answers = await inEachLanguage((language) =>
      call(setup.mock, 'POST', `/api/forms/${formId}/submit`, {
        rawBody: body,
        headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
      }),
    );
    expectThreeLanguages(answers, 'body_too_large');
    for (const answer of answers) expect(answer.status).toBe(413);
    expect(answers[0].body.error.message).toContain('32 KB');
    expect(answers[1].body.error.message).toContain('32 КБ');
  });

  it('a first-party route refusing an API key answers its detail in each language', async () => {
    const answers = await inEachLanguage((language) =>
      call(setup.mock, 'POST', '/v1/teams', { key: setup.key, body: { name: 'Sales' }, headers: { 'Accept-Language': language } }),
    );
    expectThreeLanguages(answers, 'forbidden');
  });
});
