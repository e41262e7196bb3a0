// Each fault of the blind hunt (src/faults/hunt-faults.ts) is real: a request sequence that the
// clean mock answers as the spec says and the mock with the fault on does not.
import { describe, expect, it } from 'vitest';
import { huntFaults } from '../../src/faults/hunt-faults.ts';
import { FAULT_CATALOG } from '../../src/faults/index.ts';
import { both, hookAll, walk, type Side } from './hunt-world.ts';

const NO_SUCH_LEAD = `ld_${'0'.repeat(26)}`;
const lead = async (side: Side, body: Record<string, unknown> = {}) =>
  (await side.api('POST', '/v1/leads', { name: 'Deal', ...body })).body;
const contact = async (side: Side, body: Record<string, unknown> = {}) =>
  (await side.api('POST', '/v1/contacts', { name: 'Ali', ...body })).body;
const tagId = async (side: Side, name: string) => (await side.api('GET', '/v1/tags')).body.data.find((tag: any) => tag.name === name).id;
const conversation = async (side: Side, handle = '@ali') =>
  (await side.control('POST', `/channels/${side.created.channels[0].id}/inbound`, { text: 'hi', name: 'Ali', handle })).body
    .conversation_id;
const task = async (side: Side, body: Record<string, unknown> = {}) =>
  (await side.api('POST', '/v1/tasks', { title: 'Call back', assignee_id: side.member('owner').id, ...body })).body;
const product = async (side: Side, body: Record<string, unknown> = {}) =>
  (await side.api('POST', '/v1/products', { name: 'Sofa', price: 100, currency: 'UZS', ...body })).body;
const query = async (side: Side, body: unknown) => (await side.api('POST', '/v1/query/leads', body)).body.data.length;
const DAY_SECONDS = 24 * 3600;

describe('the blind hunt of 2026-12-02', () => {
  it('has only marked faults in its module, each a test below', () => {
    const inCatalog = FAULT_CATALOG.filter((fault) => fault.module === 'hunt-faults');
    expect(inCatalog.map((fault) => fault.name)).toEqual(huntFaults.map((fault) => fault.name));
    expect(inCatalog.every((fault) => fault.hunt === 'hunt-2026-12-02')).toBe(true);
    expect(huntFaults.length).toBeGreaterThanOrEqual(40);
  });
});

describe('leads', () => {
  it('hunt-restored-lead-loses-tags', async () => {
    const { clean, faulty } = await both('hunt-restored-lead-loses-tags', async (w) => {
      const { id } = await lead(w, { tags: ['vip'] });
      await w.api('DELETE', `/v1/leads/${id}`);
      await w.api('POST', `/v1/leads/${id}/restore`);
      return (await w.api('GET', `/v1/leads/${id}`)).body.tags;
    });
    expect(clean).toEqual(['vip']);
    expect(faulty).toEqual([]);
  });

  it('hunt-lead-status-closed-won-only', async () => {
    const { clean, faulty } = await both('hunt-lead-status-closed-won-only', async (w) => {
      const won = await lead(w);
      const lost = await lead(w);
      await w.api('PATCH', `/v1/leads/${won.id}`, { stage_id: w.stage('won').id });
      await w.api('PATCH', `/v1/leads/${lost.id}`, { stage_id: w.stage('lost').id, loss_reason: 'price' });
      return (await w.api('GET', '/v1/leads?status=closed')).body.data.length;
    });
    expect(clean).toBe(2);
    expect(faulty).toBe(1);
  });

  it('hunt-loss-reason-not-saved', async () => {
    const { clean, faulty } = await both('hunt-loss-reason-not-saved', async (w) => {
      const { id } = await lead(w);
      await w.api('PATCH', `/v1/leads/${id}`, { stage_id: w.stage('lost').id, loss_reason: 'price' });
      return (await w.api('GET', `/v1/leads/${id}`)).body.loss_reason;
    });
    expect(clean).toBe('price');
    expect(faulty).toBe('');
  });

  it('hunt-lead-amount-patch-resets-currency', async () => {
    const { clean, faulty } = await both('hunt-lead-amount-patch-resets-currency', async (w) => {
      const { id } = await lead(w, { amount: 100, currency: 'USD' });
      await w.api('PATCH', `/v1/leads/${id}`, { amount: 200 });
      return (await w.api('GET', `/v1/leads/${id}`)).body.currency;
    });
    expect(clean).toBe('USD');
    expect(faulty).not.toBe('USD');
  });

  it('hunt-lead-q-finds-trashed', async () => {
    const { clean, faulty } = await both('hunt-lead-q-finds-trashed', async (w) => {
      const { id } = await lead(w, { name: 'Zebra deal' });
      await w.api('DELETE', `/v1/leads/${id}`);
      return (await w.api('GET', '/v1/leads?q=zebra')).body.data.length;
    });
    expect(clean).toBe(0);
    expect(faulty).toBe(1);
  });
});

describe('contacts, companies, products, custom fields, members', () => {
  it('hunt-contact-delete-unlinks-leads', async () => {
    const { clean, faulty } = await both('hunt-contact-delete-unlinks-leads', async (w) => {
      const person = await contact(w);
      const { id } = await lead(w, { contact_id: person.id });
      await w.api('DELETE', `/v1/contacts/${person.id}`);
      await w.api('POST', `/v1/contacts/${person.id}/restore`);
      return (await w.api('GET', `/v1/leads/${id}`)).body.contact_id === person.id;
    });
    expect(clean).toBe(true);
    expect(faulty).toBe(false);
  });

  it('hunt-contact-patch-phone-ignored', async () => {
    const { clean, faulty } = await both('hunt-contact-patch-phone-ignored', async (w) => {
      const { id } = await contact(w);
      await w.api('PATCH', `/v1/contacts/${id}`, { phone: '+998901234567' });
      return (await w.api('GET', `/v1/contacts/${id}`)).body.phones;
    });
    expect(clean).toEqual(['+998901234567']);
    expect(faulty).toEqual([]);
  });

  it('hunt-open-leads-counts-trashed', async () => {
    const { clean, faulty } = await both('hunt-open-leads-counts-trashed', async (w) => {
      const person = await contact(w);
      const { id } = await lead(w, { contact_id: person.id });
      await w.api('DELETE', `/v1/leads/${id}`);
      return (await w.api('GET', `/v1/contacts/${person.id}`)).body.open_leads;
    });
    expect(clean).toBe(0);
    expect(faulty).toBe(1);
  });

  it('hunt-company-restore-missing', async () => {
    const { clean, faulty } = await both('hunt-company-restore-missing', async (w) => {
      const { id } = (await w.api('POST', '/v1/companies', { name: 'Acme' })).body;
      await w.api('DELETE', `/v1/companies/${id}`);
      return (await w.api('POST', `/v1/companies/${id}/restore`)).status;
    });
    expect(clean).toBe(200);
    expect(faulty).toBe(404);
  });

  it('hunt-product-unarchive-ignored', async () => {
    const { clean, faulty } = await both('hunt-product-unarchive-ignored', async (w) => {
      const { id } = await product(w, { archived: true });
      await w.api('PATCH', `/v1/products/${id}`, { archived: false });
      return (await w.api('GET', `/v1/products/${id}`)).body.archived;
    });
    expect(clean).toBe(false);
    expect(faulty).toBe(true);
  });

  it('hunt-archived-product-read-404', async () => {
    const { clean, faulty } = await both('hunt-archived-product-read-404', async (w) => {
      const { id } = await product(w, { archived: true });
      return (await w.api('GET', `/v1/products/${id}`)).status;
    });
    expect(clean).toBe(200);
    expect(faulty).toBe(404);
  });

  it('hunt-custom-date-rolls-over', async () => {
    const { clean, faulty } = await both('hunt-custom-date-rolls-over', async (w) => {
      const { id } = await lead(w);
      const answer = await w.api('PATCH', `/v1/leads/${id}`, { custom: { delivery_date: '2026-02-30' } });
      return [answer.status, answer.body.custom?.delivery_date ?? Object.keys(answer.body.error.fields)];
    });
    expect(clean).toEqual([422, ['custom.delivery_date']]);
    expect(faulty).toEqual([200, '2026-03-02']);
  });

  it('hunt-custom-checkbox-string-taken', async () => {
    const { clean, faulty } = await both('hunt-custom-checkbox-string-taken', async (w) => {
      const { id } = await lead(w);
      return (await w.api('PATCH', `/v1/leads/${id}`, { custom: { urgent: 'true' } })).status;
    });
    expect(clean).toBe(422);
    expect(faulty).toBe(200);
  });

  it('hunt-members-omit-deactivated', async () => {
    const { clean, faulty } = await both('hunt-members-omit-deactivated', async (w) => {
      const { cookie } = (await w.control('POST', '/sessions', { member_id: w.member('owner').id })).body;
      await w.api('POST', `/v1/members/${w.member('viewer').id}/deactivate`, undefined, { key: '', headers: { cookie } });
      return (await w.api('GET', '/v1/members')).body.data.map((member: any) => member.status);
    });
    expect(clean).toContain('deactivated');
    expect(faulty).not.toContain('deactivated');
  });
});

describe('tags, notes, timeline, tasks', () => {
  it('hunt-tag-merge-duplicates-target', async () => {
    const { clean, faulty } = await both('hunt-tag-merge-duplicates-target', async (w) => {
      const { id } = await lead(w, { tags: ['a', 'b'] });
      await w.api('POST', `/v1/tags/${await tagId(w, 'a')}/merge`, { into: await tagId(w, 'b') });
      return w.mock.state.workspaces.get(w.created.workspace.id)!.tables.leads.get(id)!.tags;
    });
    expect(clean).toEqual(['b']);
    expect(faulty).toEqual(['b', 'b']);
  });

  it('hunt-tag-delete-affected-zero', async () => {
    const { clean, faulty } = await both('hunt-tag-delete-affected-zero', async (w) => {
      await lead(w, { tags: ['a'] });
      return (await w.api('DELETE', `/v1/tags/${await tagId(w, 'a')}`)).body.affected.leads;
    });
    expect(clean).toBe(1);
    expect(faulty).toBe(0);
  });

  it('hunt-tag-usage-companies-zero', async () => {
    const { clean, faulty } = await both('hunt-tag-usage-companies-zero', async (w) => {
      await w.api('POST', '/v1/companies', { name: 'Acme', tags: ['a'] });
      return (await w.api('GET', '/v1/tags?usage=1')).body.data[0].usage.companies;
    });
    expect(clean).toBe(1);
    expect(faulty).toBe(0);
  });

  it('hunt-bulk-undo-never-expires', async () => {
    const { clean, faulty } = await both('hunt-bulk-undo-never-expires', async (w) => {
      const { id } = await lead(w);
      const run = (await w.api('POST', '/v1/bulk/leads/run', { type: 'add_tag', tags: ['vip'], ids: [id] })).body;
      await w.control('POST', '/clock', { advance_seconds: DAY_SECONDS + 3600 });
      return (await w.api('POST', `/v1/bulk/runs/${run.id}/undo`)).status;
    });
    expect(clean).toBe(409);
    expect(faulty).toBe(200);
  });

  it('hunt-note-on-trashed-record-taken', async () => {
    const { clean, faulty } = await both('hunt-note-on-trashed-record-taken', async (w) => {
      const { id } = await lead(w);
      await w.api('DELETE', `/v1/leads/${id}`);
      return (await w.api('POST', '/v1/notes', { entity_type: 'lead', entity_id: id, text: 'late' })).status;
    });
    expect(clean).toBe(410);
    expect(faulty).toBe(201);
  });

  it('hunt-timeline-unknown-entity-empty', async () => {
    const { clean, faulty } = await both(
      'hunt-timeline-unknown-entity-empty',
      async (w) => (await w.api('GET', `/v1/timeline?entity_type=lead&entity_id=${NO_SUCH_LEAD}`)).status,
    );
    expect(clean).toBe(404);
    expect(faulty).toBe(200);
  });

  it('hunt-task-patch-entity-taken', async () => {
    const { clean, faulty } = await both('hunt-task-patch-entity-taken', async (w) => {
      const { id } = await task(w);
      const answer = await w.api('PATCH', `/v1/tasks/${id}`, { title: 'Call again', entity_label: 'Acme' });
      return [answer.status, answer.body.error?.code];
    });
    expect(clean).toEqual([400, 'unknown_field']);
    expect(faulty).toEqual([200, undefined]);
  });
});

describe('events of rarer changes', () => {
  it('hunt-task-created-needs-entity', async () => {
    const { clean, faulty } = await both('hunt-task-created-needs-entity', async (w) => {
      const hook = await hookAll(w);
      await task(w);
      return w.delivered(hook);
    });
    expect(clean).toEqual(['task.created']);
    expect(faulty).toEqual([]);
  });

  it('hunt-note-created-leads-only', async () => {
    const { clean, faulty } = await both('hunt-note-created-leads-only', async (w) => {
      const person = await contact(w);
      const hook = await hookAll(w);
      await w.api('POST', '/v1/notes', { entity_type: 'contact', entity_id: person.id, text: 'met' });
      return w.delivered(hook);
    });
    expect(clean).toEqual(['note.created']);
    expect(faulty).toEqual([]);
  });

  it('hunt-reopen-not-announced', async () => {
    const { clean, faulty } = await both('hunt-reopen-not-announced', async (w) => {
      const id = await conversation(w);
      const hook = await hookAll(w);
      await w.api('POST', `/v1/conversations/${id}/resolve`);
      await w.api('POST', `/v1/conversations/${id}/reopen`);
      return w.delivered(hook);
    });
    expect(clean).toEqual(['conversation.status_changed', 'conversation.status_changed']);
    expect(faulty).toEqual(['conversation.status_changed']);
  });

  it('hunt-contact-tags-not-announced', async () => {
    const { clean, faulty } = await both('hunt-contact-tags-not-announced', async (w) => {
      const { id } = await contact(w);
      const hook = await hookAll(w);
      await w.api('PATCH', `/v1/contacts/${id}`, { tags: ['vip'] });
      return w.delivered(hook);
    });
    expect(clean).toEqual(['contact.updated']);
    expect(faulty).toEqual([]);
  });

  it('hunt-form-submitted-only-for-new-leads', async () => {
    const { clean, faulty } = await both('hunt-form-submitted-only-for-new-leads', async (w) => {
      const hook = await hookAll(w);
      const formId = w.created.forms[0].id;
      for (const name of ['Ali', 'Ali again']) {
        const { token, min_ms } = (await w.api('GET', `/api/forms/${formId}?lang=en`)).body;
        await w.control('POST', '/clock', { advance_seconds: min_ms / 1000 + 1 });
        const submitted = await w.api('POST', `/api/forms/${formId}/submit`, {
          token,
          answers: { name, phone: '+998901234567' },
          consent: true,
        });
        expect(submitted.status).toBe(201);
      }
      return (await w.delivered(hook)).filter((type) => type === 'form.submitted' || type === 'lead.created');
    });
    expect(clean).toEqual(['lead.created', 'form.submitted', 'form.submitted']);
    expect(faulty).toEqual(['lead.created', 'form.submitted']);
  });

  it('hunt-lost-event-as-won', async () => {
    const { clean, faulty } = await both('hunt-lost-event-as-won', async (w) => {
      const { id } = await lead(w);
      const hook = await hookAll(w);
      await w.api('PATCH', `/v1/leads/${id}`, { stage_id: w.stage('lost').id, loss_reason: 'price' });
      return (await w.delivered(hook)).filter((type) => type !== 'lead.stage_changed');
    });
    expect(clean).toEqual(['lead.lost']);
    expect(faulty).toEqual(['lead.won']);
  });
});

describe('conversations and webhooks', () => {
  it('hunt-conversation-lead-filter-ignored', async () => {
    const { clean, faulty } = await both('hunt-conversation-lead-filter-ignored', async (w) => {
      await conversation(w);
      const { id } = await lead(w);
      return (await w.api('GET', `/v1/conversations?lead=${id}`)).body.data.length;
    });
    expect(clean).toBe(0);
    expect(faulty).toBe(1);
  });

  it('hunt-snooze-resolved-stays-resolved', async () => {
    const { clean, faulty } = await both('hunt-snooze-resolved-stays-resolved', async (w) => {
      const id = await conversation(w);
      await w.api('POST', `/v1/conversations/${id}/resolve`);
      const now = (await w.control('GET', '/clock')).body.now;
      await w.api('POST', `/v1/conversations/${id}/snooze`, { until: new Date(Date.parse(now) + DAY_SECONDS * 1000).toISOString() });
      return (await w.api('GET', `/v1/conversations/${id}`)).body.status;
    });
    expect(clean).toBe('snoozed');
    expect(faulty).toBe('resolved');
  });

  it('hunt-foreign-conversation-assignable', async () => {
    const { clean, faulty } = await both('hunt-foreign-conversation-assignable', async (w) => {
      const id = await conversation(w.other);
      return (await w.api('POST', `/v1/conversations/${id}/assign`, { assignee_id: null })).status;
    });
    expect(clean).toBe(404);
    expect(faulty).toBe(200);
  });

  it('hunt-messages-cursor-skips-first', async () => {
    const { clean, faulty } = await both('hunt-messages-cursor-skips-first', async (w) => {
      const id = await conversation(w);
      await conversation(w);
      await conversation(w);
      return (await walk(w, `/v1/conversations/${id}/messages`, 2)).length;
    });
    expect(clean).toBe(3);
    expect(faulty).toBe(2);
  });

  it('hunt-webhook-patch-url-unchecked', async () => {
    const { clean, faulty } = await both('hunt-webhook-patch-url-unchecked', async (w) => {
      const hook = await hookAll(w);
      return (await w.api('PATCH', `/v1/webhooks/${hook}`, { url: 'http://hooks.example.com/in' })).status;
    });
    expect(clean).toBe(422);
    expect(faulty).toBe(200);
  });

  it('hunt-delivery-of-other-webhook-readable', async () => {
    const { clean, faulty } = await both('hunt-delivery-of-other-webhook-readable', async (w) => {
      const first = await hookAll(w);
      const second = await hookAll(w);
      const ping = (await w.api('POST', `/v1/webhooks/${second}/ping`)).body;
      return (await w.api('GET', `/v1/webhooks/${first}/deliveries/${ping.id}`)).status;
    });
    expect(clean).toBe(404);
    expect(faulty).toBe(200);
  });

  it('hunt-foreign-webhook-rotatable', async () => {
    const { clean, faulty } = await both('hunt-foreign-webhook-rotatable', async (w) => {
      const hook = await hookAll(w.other);
      return (await w.api('POST', `/v1/webhooks/${hook}/rotate-secret`)).status;
    });
    expect(clean).toBe(404);
    expect(faulty).toBe(200);
  });
});

describe('query and paging', () => {
  it('hunt-query-neq-drops-empty', async () => {
    const { clean, faulty } = await both('hunt-query-neq-drops-empty', async (w) => {
      await lead(w, { owner_id: w.member('manager').id });
      await lead(w);
      return query(w, { query: { op: 'and', conditions: [{ field: 'owner_id', op: 'neq', value: w.member('admin').id }] } });
    });
    expect(clean).toBe(2);
    expect(faulty).toBe(1);
  });

  it('hunt-query-has-tag-ignored', async () => {
    const { clean, faulty } = await both('hunt-query-has-tag-ignored', async (w) => {
      await lead(w, { tags: ['vip'] });
      await lead(w);
      return query(w, { q: 'deal has:tag' });
    });
    expect(clean).toBe(1);
    expect(faulty).toBe(2);
  });

  it('hunt-query-tag-list-as-all', async () => {
    const { clean, faulty } = await both('hunt-query-tag-list-as-all', async (w) => {
      await lead(w, { tags: ['vip'] });
      await lead(w, { tags: ['hot'] });
      return query(w, { q: 'tag:vip,hot' });
    });
    expect(clean).toBe(2);
    expect(faulty).toBe(0);
  });

  it('hunt-query-fields-without-custom', async () => {
    const { clean, faulty } = await both('hunt-query-fields-without-custom', async (w) =>
      (await w.api('GET', '/v1/query/leads/fields')).body.data.some((field: any) => field.field === 'urgent'),
    );
    expect(clean).toBe(true);
    expect(faulty).toBe(false);
  });

  it('hunt-products-cursor-skips-first', async () => {
    const { clean, faulty } = await both('hunt-products-cursor-skips-first', async (w) => {
      for (const name of ['Sofa', 'Chair', 'Table']) await product(w, { name });
      return (await walk(w, '/v1/products', 2)).length;
    });
    expect(clean).toBe(3);
    expect(faulty).toBe(2);
  });

  it('hunt-timeline-limit-capped-100', async () => {
    const { clean, faulty } = await both('hunt-timeline-limit-capped-100', async (w) => {
      const { id } = await lead(w);
      for (let note = 0; note < 110; note++) await w.api('POST', '/v1/notes', { entity_type: 'lead', entity_id: id, text: `note ${note}` });
      return (await w.api('GET', `/v1/timeline?entity_type=lead&entity_id=${id}&limit=250`)).body.data.length;
    });
    expect(clean).toBeGreaterThanOrEqual(110);
    expect(faulty).toBe(100);
  });

  it('hunt-companies-default-limit-25', async () => {
    const { clean, faulty } = await both('hunt-companies-default-limit-25', async (w) => {
      for (let company = 0; company < 30; company++) await w.api('POST', '/v1/companies', { name: `Company ${company}` });
      return (await w.api('GET', '/v1/companies')).body.data.length;
    });
    expect(clean).toBe(30);
    expect(faulty).toBe(25);
  });
});

describe('keys and workspaces', () => {
  it('hunt-expired-key-whoami-answers', async () => {
    const { clean, faulty } = await both('hunt-expired-key-whoami-answers', async (w) => {
      const now = (await w.control('GET', '/clock')).body.now;
      const { key } = (
        await w.control('POST', '/api-keys', { scopes: ['leads:read'], expires_at: new Date(Date.parse(now) + 3600_000).toISOString() })
      ).body;
      await w.control('POST', '/clock', { advance_seconds: 7200 });
      return (await w.api('GET', '/v1/api-keys/whoami', undefined, { key })).status;
    });
    expect(clean).toBe(401);
    expect(faulty).toBe(200);
  });

  it('hunt-foreign-task-readable', async () => {
    const { clean, faulty } = await both(
      'hunt-foreign-task-readable',
      async (w) => (await w.api('GET', `/v1/tasks/${(await task(w.other)).id}`)).status,
    );
    expect(clean).toBe(404);
    expect(faulty).toBe(200);
  });

  it('hunt-foreign-product-editable', async () => {
    const { clean, faulty } = await both(
      'hunt-foreign-product-editable',
      async (w) => (await w.api('PATCH', `/v1/products/${(await product(w.other)).id}`, { name: 'Mine now' })).status,
    );
    expect(clean).toBe(404);
    expect(faulty).toBe(200);
  });

  it('hunt-foreign-note-deletable', async () => {
    const { clean, faulty } = await both('hunt-foreign-note-deletable', async (w) => {
      const { id } = await lead(w.other);
      const note = (await w.other.api('POST', '/v1/notes', { entity_type: 'lead', entity_id: id, text: 'theirs' })).body;
      return (await w.api('DELETE', `/v1/notes/${note.id}`)).status;
    });
    expect(clean).toBe(404);
    expect(faulty).toBe(200);
  });

  it('hunt-foreign-tag-deletable', async () => {
    const { clean, faulty } = await both('hunt-foreign-tag-deletable', async (w) => {
      await lead(w.other, { tags: ['theirs'] });
      return (await w.api('DELETE', `/v1/tags/${await tagId(w.other, 'theirs')}`)).status;
    });
    expect(clean).toBe(404);
    expect(faulty).toBe(200);
  });
});
