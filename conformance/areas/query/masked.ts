// Spec 7.3 masked_filter, masked_sort: a role that sees masked phones and emails matches them only
// by their exact full value and cannot sort by them. The spec names no such role: crmkit masks
// them for the roles of `x-masked-roles` (viewer), so this needs a mock, whose control API makes a
// viewer's key (the catalog gives both rules a reading).
import { loadDocument } from '../../../src/spec/document.ts';
import type { ActiveCheck } from '../../check.ts';
import { controlCall, mockWorkspaceId } from '../../mock-control.ts';
import { createContact } from '../../kits/lead-kit.ts';
import { query } from './query-kit.ts';

const MASKED_ROLE = ((loadDocument('crm').components?.schemas?.QueryRequest as { 'x-masked-roles'?: string[] })['x-masked-roles'] ?? [])[0];

export const queryMasked: ActiveCheck = {
  kind: 'active',
  id: 'query.masked',
  area: 'query',
  title:
    'a role that sees masked phones and emails finds a contact by its exact phone, and answers masked_filter to a partial match and masked_sort to a sort by email',
  spec: '7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    if (!MASKED_ROLE) context.skip('the document names no role that sees masked values');
    const created = await controlCall(context, 'POST', `/_mock/workspaces/${mockWorkspaceId(context)}/api-keys`, {
      scopes: ['contacts:read'],
      role: MASKED_ROLE,
      name: `conformance ${context.runId} masked`,
    });
    const phone = `+99890${String(Date.now()).slice(-7)}`;
    const contact = await createContact(context, 'masked', { phones: [phone], emails: [`masked.${context.runId}@example.com`] });
    const exact = await query(
      context,
      { query: { op: 'and', conditions: [{ field: 'phones', op: 'eq', value: contact.phones[0] }] } },
      'contacts',
      created.key,
    );
    const found = exact.status === 200 && exact.json.data.some((record: { id: string }) => record.id === contact.id);
    const partial = await query(
      context,
      { query: { op: 'and', conditions: [{ field: 'phones', op: 'contains', value: phone.slice(-5) }] } },
      'contacts',
      created.key,
    );
    const refused = partial.status === 422 && partial.json?.error?.code === 'masked_filter';
    context.judge(
      'query.masked-filter',
      !found
        ? `the exact phone answered ${exact.status} without the contact`
        : refused
          ? undefined
          : `a partial phone match answered ${partial.status} ${partial.json?.error?.code ?? ''}, not 422 masked_filter`,
      found ? partial : exact,
    );
    const sorted = await query(
      context,
      { query: { op: 'and', conditions: [{ field: 'created_at', op: 'not_empty' }] }, sort: [{ field: 'emails', dir: 'asc' }] },
      'contacts',
      created.key,
    );
    context.judge(
      'query.masked-sort',
      sorted.status === 422 && sorted.json?.error?.code === 'masked_sort'
        ? undefined
        : `a sort by email answered ${sorted.status} ${sorted.json?.error?.code ?? ''}, not 422 masked_sort`,
      sorted,
    );
  },
};
