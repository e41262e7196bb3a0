// The check every mock answer in the tests goes through (and the conformance suite uses): it
// must be able to fail.
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/http/api.ts';
import { loadDocument } from '../../src/spec/document.ts';
import { responseProblems } from '../../src/spec/response-check.ts';

const api = createApi(loadDocument('crm'));
const whoami = api.operations.get('getWhoami')!;
const answer = { object: 'api_key', id: `key_${'0'.repeat(26)}`, name: 'CI', scopes: ['leads:read'], workspace: { id: `ws_${'0'.repeat(26)}`, slug: 'acme' } };

describe('the response check', () => {
  it('accepts an answer the document allows', () => {
    expect(responseProblems(whoami, api.validator, 200, answer)).toEqual([]);
  });

  it('rejects a body without a required field', () => {
    const { name: _, ...withoutName } = answer;
    expect(responseProblems(whoami, api.validator, 200, withoutName).join()).toMatch(/name/);
  });

  it('rejects a status the operation does not declare', () => {
    expect(responseProblems(whoami, api.validator, 418, {})).toEqual(['getWhoami does not declare status 418']);
  });

  it('rejects an error body outside the envelope', () => {
    expect(responseProblems(whoami, api.validator, 401, { message: 'no' })).not.toEqual([]);
  });
});
