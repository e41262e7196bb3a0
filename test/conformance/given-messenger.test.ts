// The test conversation's client against what a deployment shows (conformance/areas/conversations/given-messenger.ts):
// the forms the spec leaves open (a handle's `@` and case, a phone's spacing and `+`) pass; another name, handle or
// number does not.
import { describe, expect, it } from 'vitest';
import { clientDifferences } from '../../conformance/areas/conversations/given-messenger.ts';

const client = { name: 'QA test client', handle: '@qa_test_client', phone: '+998 90 123 45 67' };

describe("the test client's fields as the messenger shows them", () => {
  it('pass in any form the spec leaves open', () => {
    expect(clientDifferences(client, { name: 'QA test client', handle: '@qa_test_client', phone: '+998 90 123 45 67' })).toEqual([]);
    expect(clientDifferences(client, { name: ' QA test client', handle: 'QA_Test_Client', phone: '+998901234567' })).toEqual([]);
    expect(clientDifferences(client, { name: 'QA test client', handle: 'qa_test_client', phone: '00998 (90) 123-45-67' })).toEqual([]);
    // 2.9 does not normalize a conversation's phone: a channel may hand it over without `+` (Telegram's phone_number).
    expect(clientDifferences(client, { name: 'QA test client', handle: '@qa_test_client', phone: '998901234567' })).toEqual([]);
  });

  it('fail as another name, handle or number', () => {
    expect(clientDifferences(client, { name: 'QA client', handle: '@qa_other', phone: '+998 90 123 45 68' })).toEqual([
      'name',
      'handle',
      'phone',
    ]);
    expect(clientDifferences(client, { name: 'QA test client', handle: null, phone: 998901234567 })).toEqual(['handle', 'phone']);
  });

  it('judge only the fields the person gave', () => {
    expect(clientDifferences({ phone: '901234567' }, { name: 'anyone', handle: '', phone: '90 123 45 67' })).toEqual([]);
  });
});
