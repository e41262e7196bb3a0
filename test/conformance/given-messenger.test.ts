// The test conversation's client against what a deployment shows (conformance/areas/conversations/given-messenger.ts):
// the forms the spec leaves open (a handle's `@` and case, a phone's spacing) pass; another name, handle or number,
// or an international number shown without its `+`, does not.
import { describe, expect, it } from 'vitest';
import { clientDifferences } from '../../conformance/areas/conversations/given-messenger.ts';

const client = { name: 'QA test client', handle: '@qa_test_client', phone: '+998 90 123 45 67' };

describe("the test client's fields as the messenger shows them", () => {
  it('pass in any form the spec leaves open', () => {
    expect(clientDifferences(client, { name: 'QA test client', handle: '@qa_test_client', phone: '+998 90 123 45 67' })).toEqual([]);
    expect(clientDifferences(client, { name: ' QA test client', handle: 'QA_Test_Client', phone: '+998901234567' })).toEqual([]);
    expect(clientDifferences(client, { name: 'QA test client', handle: 'qa_test_client', phone: '00998 (90) 123-45-67' })).toEqual([]);
  });

  it('fail as another name, handle or number, or a number without its international prefix', () => {
    expect(clientDifferences(client, { name: 'QA client', handle: '@qa_other', phone: '+998 90 123 45 68' })).toEqual([
      'name',
      'handle',
      'phone',
    ]);
    expect(clientDifferences(client, { name: 'QA test client', handle: '@qa_test_client', phone: '998901234567' })).toEqual(['phone']);
    expect(clientDifferences(client, { name: 'QA test client', handle: null, phone: 998901234567 })).toEqual(['handle', 'phone']);
  });

  it('judge only the fields the person gave', () => {
    expect(clientDifferences({ phone: '901234567' }, { name: 'anyone', handle: '', phone: '90 123 45 67' })).toEqual([]);
  });
});
