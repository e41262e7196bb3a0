// Spec 2.1, 2.2 and 9: the conventions every record follows, on a lead with a contact, a company
// and an owner and on a task: create answers 201 with the object, read and change 200, delete 200
// with a small confirmation; ids are `<short prefix>_<26 lowercase letters and digits>`, sort by
// creation, are never reused and are compared exactly; times carry fractional seconds and an
// offset, empty ones are null, a time sent without an offset is refused; money is an integer next
// to a three-letter currency, a decimal or a string is refused; PATCH changes only what is sent
// and null clears a reference; GET changes nothing; localized names are objects keyed by locale.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { activeMemberId, answerOf, createRecord } from '../../kits/conventions-kit.ts';

const ID = /^([a-z]+)_[0-9a-z]{26}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+(Z|[+-]\d{2}:\d{2})$/i;
const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export const recordConventions: ActiveCheck = {
  kind: 'active',
  id: 'conventions.record-conventions',
  area: 'conventions',
  title:
    'records follow spec 2.1: 201, 200 and delete confirmations; id format, order and exact match; times with fractions and offsets, null when empty; integer money; PATCH changes only what is sent and null clears references; localized names',
  spec: '2.1, 2.2, 9',
  basis: 'documented',
  writes: true,
  async run(context) {
    const ownerId = await activeMemberId(context);
    const name = `conformance ${context.runId}`;
    const contact = await createRecord(context, 'contacts', { name });
    const company = await createRecord(context, 'companies', { name });
    const created = await context.client.call('createLead', {
      body: { name, amount: 12345, contact_id: contact.id, company_id: company.id, owner_id: ownerId },
    });
    if (created.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: created.json.id } }));
    const lead = created.json;
    context.judge(
      'conventions.create-201',
      created.status !== 201
        ? `a lead create answered ${answerOf(created)}`
        : lead?.name !== name || typeof lead.id !== 'string'
          ? 'a lead create answered 201 without the lead'
          : undefined,
      created,
    );
    if (created.status !== 201) context.fail(`a lead create answered ${answerOf(created)}`, created, 'conventions.create-201');
    judgeIds(context, created, { id: 'ld', contact_id: 'ct', company_id: 'co', owner_id: 'mb', pipeline_id: 'pl', stage_id: 'st' });
    judgeIds(context, created, { id: 'ct' }, contact);
    judgeTimes(context, created);
    judgeMoney(context, created);
    await judgeReadsAndChanges(context, lead);
    await judgeMoneyRefused(context);
    await judgeTimeInput(context, ownerId);
    await judgeIdIdentity(context, lead);
    await judgeLocalizedNames(context);
  },
};

/** Each named field holds an id of the given short prefix in the `<prefix>_<26 characters>` form. */
function judgeIds(context: CheckContext, answer: Exchange, prefixes: Record<string, string>, record: any = answer.json): void {
  for (const [field, prefix] of Object.entries(prefixes)) {
    const value = record?.[field];
    const match = typeof value === 'string' ? ID.exec(value) : null;
    context.judge(
      'conventions.id-format',
      match ? undefined : `${field} is ${JSON.stringify(value)}, not <prefix>_<26 lowercase letters and digits>`,
      answer,
    );
    context.judge(
      'conventions.short-prefixes',
      match && match[1] !== prefix ? `${field} ${value} does not have the short prefix ${prefix}_` : undefined,
      answer,
    );
  }
}

/** Times have fractional seconds and an offset; an open lead's closed_at is null. */
function judgeTimes(context: CheckContext, created: Exchange): void {
  const lead = created.json;
  for (const field of ['created_at', 'updated_at']) {
    context.judge(
      'conventions.time-fractional',
      TIME.test(lead[field] ?? '')
        ? undefined
        : `${field} is ${JSON.stringify(lead[field])}, not an RFC 3339 time with fractional seconds and an offset`,
      created,
    );
  }
  context.judge(
    'conventions.time-empty-null',
    lead.closed_at === null ? undefined : `an open lead's closed_at is ${JSON.stringify(lead.closed_at)}, not null`,
    created,
  );
}

function judgeMoney(context: CheckContext, created: Exchange): void {
  const { amount, currency } = created.json;
  context.judge(
    'conventions.money-integer',
    amount !== 12345
      ? `amount 12345 came back as ${JSON.stringify(amount)}`
      : !/^[A-Z]{3}$/.test(currency ?? '')
        ? `currency is ${JSON.stringify(currency)}, not a three-letter code`
        : undefined,
    created,
  );
}

/** Read 200; GET changes nothing; PATCH changes only what is sent; null clears references; delete confirms. */
async function judgeReadsAndChanges(context: CheckContext, lead: any): Promise<void> {
  const path = `/v1/leads/${lead.id}`;
  const first = await context.client.call('getLead', { path: { id: lead.id } });
  const again = await context.client.call('getLead', { path: { id: lead.id } });
  context.judge(
    'conventions.read-change-200',
    first.status === 200 && first.json?.id === lead.id ? undefined : `GET ${path} answered ${answerOf(first)}`,
    first,
  );
  context.judge(
    'conventions.get-safe',
    again.text !== first.text ? 'a second GET of the lead answered another lead than the first' : undefined,
    again,
  );
  const changed = await context.client.call('updateLead', { path: { id: lead.id }, body: { amount: 999 } });
  context.judge(
    'conventions.read-change-200',
    changed.status === 200 && changed.json?.amount === 999 ? undefined : `PATCH ${path} answered ${answerOf(changed)}`,
    changed,
  );
  const kept = ['name', 'contact_id', 'company_id', 'owner_id', 'pipeline_id', 'stage_id', 'currency'].filter(
    (field) => changed.json?.[field] !== lead[field],
  );
  context.judge('conventions.patch-only-sent', kept.length ? `a PATCH of amount also changed ${kept.join(', ')}` : undefined, changed);
  const cleared = await context.client.call('updateLead', {
    path: { id: lead.id },
    body: { contact_id: null, company_id: null, owner_id: null },
  });
  const read = await context.client.call('getLead', { path: { id: lead.id } });
  const left = ['contact_id', 'company_id', 'owner_id'].filter((field) => cleared.json?.[field] !== null || read.json?.[field] !== null);
  context.judge(
    'conventions.patch-null-clears-reference',
    cleared.status !== 200
      ? `a PATCH with null references answered ${answerOf(cleared)}`
      : left.length
        ? `null did not clear ${left.join(', ')}`
        : undefined,
    read,
  );
  const deleted = await context.client.call('deleteLead', { path: { id: lead.id } });
  const body = deleted.json;
  const confirmed = body && body.id === lead.id && (body.ok === true || body.deleted === true);
  context.judge(
    'conventions.delete-confirmation',
    deleted.status === 200 && confirmed
      ? undefined
      : `DELETE ${path} answered ${deleted.status} ${deleted.text.slice(0, 120)}, not 200 {ok: true, id} or {id, deleted: true}`,
    deleted,
  );
  const next = await createRecord(context, 'leads', { name: `conformance ${context.runId} next` });
  context.judge('conventions.id-never-reused', next.id === lead.id ? `a new lead took the id ${lead.id} of a deleted one` : undefined);
  context.judge(
    'conventions.id-sortable',
    !(next.id > lead.id) ? `a lead created later has id ${next.id}, which does not sort after ${lead.id}` : undefined,
  );
  context.judge(
    'conventions.money-workspace-currency',
    next.currency !== lead.currency ? `two leads created without currency got ${lead.currency} and ${next.currency}` : undefined,
  );
}

/** A decimal or a string where money goes is refused, not rounded or parsed. */
async function judgeMoneyRefused(context: CheckContext): Promise<void> {
  for (const amount of [10.5, '100']) {
    // send, not call: a string where the document types an integer is a request of the wrong type on purpose.
    const answer = await context.client.send('POST', '/v1/leads', { body: { name: `conformance ${context.runId}`, amount } });
    if (answer.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: answer.json.id } }));
    context.judge(
      'conventions.money-decimal-refused',
      [400, 422].includes(answer.status) ? undefined : `amount ${JSON.stringify(amount)} answered ${answerOf(answer)}, not 400 or 422`,
      answer,
    );
  }
}

/** A task's due_at without an offset is refused; with one it comes back as the same instant. */
async function judgeTimeInput(context: CheckContext, assigneeId: string): Promise<void> {
  const title = `conformance ${context.runId}`;
  const plain = await context.client.call('createTask', { body: { title, assignee_id: assigneeId, due_at: '2030-01-15T10:00:00' } });
  if (plain.status === 201) context.cleanup(() => context.client.call('deleteTask', { path: { id: plain.json.id } }));
  const refused = plain.status === 422 && plain.json?.error?.code === 'validation_failed' && 'due_at' in (plain.json.error.fields ?? {});
  context.judge(
    'conventions.time-sent-offset',
    refused ? undefined : `due_at without an offset answered ${answerOf(plain)}, not 422 validation_failed naming due_at`,
    plain,
  );
  const task = await createRecord(context, 'tasks', { title, assignee_id: assigneeId });
  context.judge(
    'conventions.time-empty-null',
    task.due_at === null ? undefined : `a task without a due time has due_at ${JSON.stringify(task.due_at)}, not null`,
  );
  const due = await context.client.call('updateTask', { path: { id: task.id }, body: { due_at: '2030-01-15T10:00:00.5+05:00' } });
  const instant = Date.parse(due.json?.due_at ?? '');
  context.judge(
    'conventions.time-fractional',
    due.status !== 200
      ? `due_at with an offset answered ${answerOf(due)}`
      : !TIME.test(due.json.due_at) || instant !== Date.parse('2030-01-15T05:00:00.500Z')
        ? `due_at 2030-01-15T10:00:00.5+05:00 came back as ${due.json.due_at}`
        : undefined,
    due,
  );
  // A time sent to the second is still answered with fractional seconds (spec 2.1 says how times
  // are answered, not that they are echoed as sent).
  const whole = await context.client.call('updateTask', { path: { id: task.id }, body: { due_at: '2030-01-15T10:00:00+05:00' } });
  const wholeInstant = Date.parse(whole.json?.due_at ?? '');
  context.judge(
    'conventions.time-fractional',
    whole.status !== 200
      ? `due_at with an offset answered ${answerOf(whole)}`
      : !TIME.test(whole.json.due_at) || wholeInstant !== Date.parse('2030-01-15T05:00:00Z')
        ? `due_at 2030-01-15T10:00:00+05:00 came back as ${whole.json.due_at}, not with fractional seconds`
        : undefined,
    whole,
  );
}

/** An id in other letter case is another id. */
async function judgeIdIdentity(context: CheckContext, lead: { id: string }): Promise<void> {
  // send, not call: an id in other letter case is an id of a shape the suite never got, sent on purpose.
  const upper = await context.client.send('GET', `/v1/leads/${lead.id.toUpperCase()}`);
  context.judge(
    'conventions.id-opaque-exact',
    [400, 404, 410].includes(upper.status)
      ? undefined
      : `GET /v1/leads/${lead.id.toUpperCase()} answered ${answerOf(upper)}, not 404 or 400`,
    upper,
  );
}

/** Pipeline and stage names are objects of texts keyed by locale. */
async function judgeLocalizedNames(context: CheckContext): Promise<void> {
  const pipelines = await context.client.call('listPipelines');
  if (pipelines.status !== 200) return;
  const names = pipelines.json.data.flatMap((pipeline: any) => [pipeline.name, ...(pipeline.stages ?? []).map((stage: any) => stage.name)]);
  const wrong = names.find(
    (name: unknown) =>
      typeof name !== 'object' ||
      name === null ||
      !Object.keys(name).length ||
      Object.entries(name).some(([locale, text]) => !LOCALE.test(locale) || typeof text !== 'string'),
  );
  // The pipelines route is crmkit's design (spec 4.14), but a name it shows of a record that is a
  // pipeline (its id `pl_...`, spec 2.2) is a pipeline's name, which spec 2.1 states is an object keyed by locale.
  const shownPipelines = pipelines.json.data.length > 0 && pipelines.json.data.every((pipeline: any) => /^pl_/.test(String(pipeline?.id)));
  context.judge(
    'conventions.localized-names-object',
    wrong !== undefined ? `a pipeline or stage name is ${JSON.stringify(wrong)}, not an object of texts keyed by locale` : undefined,
    pipelines,
    shownPipelines ? { inferred: false } : {},
  );
}
