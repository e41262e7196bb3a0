// Spec 7.1: error.message is in the language of Accept-Language, also for errors whose thrower
// words its own (English) detail, such as a body that is not one JSON object.
import { beforeEach, describe, expect, it } from 'vitest';
import { messageFor } from '../../src/errors/messages.ts';
import { call, setUpMock, type Answer, type Setup } from '../support/mock-client.ts';

let setup: Setup;
beforeEach(async () => {
  setup = await setUpMock();
});

describe('error messages follow Accept-Language', () => {
  it('a body that is not one JSON object is refused in Russian and Uzbek with the catalog message, and in English with the detail', async () => {
    const send = (language: string) => call(setup.mock, 'POST', '/v1/leads', { key: setup.key, rawBody: '[1]', headers: { 'Content-Type': 'application/json', 'Accept-Language': language } });
    const [english, russian, uzbek] = (await Promise.all(['en', 'ru', 'uz'].map(send))) as [Answer, Answer, Answer];
    for (const answer of [english, russian, uzbek]) expect(answer.body.error.code).toBe('bad_json');
    expect(english.body.error.message).toBe('The body must be one JSON object.');
    expect(russian.body.error.message).toBe(messageFor('bad_json', 'ru'));
    expect(uzbek.body.error.message).toBe(messageFor('bad_json', 'uz'));
  });
});
