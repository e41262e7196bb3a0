// Spec 2.1 (record numbers, trash) and 7.3: leads, contacts, companies and tasks have an integer
// `number`, unique in the workspace and never reused; GET, PATCH and DELETE on
// /v1/{kind}/{id} and their sub-routes accept the number instead of the id; an unknown number
// answers the same 404 as an unknown id; a deleted lead, contact or company reads 410 gone with
// deleted_at, by number too, and restore brings it back. Webhooks use ids only. Each kind goes
// through read, change, a sub-route and delete by number; the sub-routes are the ones the
// document has for each kind (tasks: complete, inferred; the others: restore).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { routeNotOffered } from '../../inferred-route.ts';
import {
  activeMemberId,
  answerOf,
  createBody,
  createRecord,
  judgeNotFound,
  NUMBERED_KINDS,
  PREFIX,
  type NumberedKind,
} from '../../kits/conventions-kit.ts';
import { RECORD_OPERATIONS } from '../../kits/record-operations.ts';

const ROUTES = 'conventions.number-on-single-record-routes';
const UNKNOWN_NUMBER = 987_654_321;

export const recordNumbers: ActiveCheck = {
  kind: 'active',
  id: 'conventions.record-numbers',
  area: 'conventions',
  title:
    'leads, contacts, companies and tasks are read, changed, deleted and restored by number; numbers are unique and not reused; an unknown number answers 404 like an unknown id; a deleted record reads 410 gone by number',
  spec: '2.1, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const assigneeId = await activeMemberId(context);
    for (const kind of NUMBERED_KINDS) await judgeKind(context, kind, assigneeId);
    await judgeWebhookNumber(context, 'GET', '/v1/webhooks/1');
    // The read route is not shown (x-inferred: it only warns); the ping route is (spec 4.11), and a
    // ping sent by mistake to a webhook found by its number changes nothing.
    await judgeWebhookNumber(context, 'POST', '/v1/webhooks/1/ping');
  },
};

/** A number where a webhook id goes finds nothing (spec 2.1: webhooks use ids only). */
async function judgeWebhookNumber(context: CheckContext, method: string, path: string): Promise<void> {
  // send, not call: a number where the document takes a webhook id only is an id of the wrong shape, on purpose.
  const webhook = await context.client.send(method, path);
  // A key without webhooks:manage is refused before the id is read: nothing to judge then.
  if (webhook.status === 403) return;
  context.judge(
    'conventions.ids-only-elsewhere',
    webhook.status < 300
      ? `${method} ${path} found a webhook by a number`
      : ![400, 404].includes(webhook.status)
        ? `${method} ${path} answered ${answerOf(webhook)}, not 404 or 400`
        : undefined,
    webhook,
  );
}

async function judgeKind(context: CheckContext, kind: NumberedKind, assigneeId: string): Promise<void> {
  const body = createBody(context, kind, assigneeId);
  const record = await createRecord(context, kind, body);
  const second = await createRecord(context, kind, body);
  const numbered = Number.isInteger(record.number) && Number.isInteger(second.number);
  context.judge(
    'conventions.number-integer-unique',
    !numbered
      ? `${kind}: number is ${JSON.stringify(record.number)}, not an integer`
      : record.number === second.number
        ? `${kind}: two records have number ${record.number}`
        : undefined,
  );
  if (!numbered) return;
  const path = `/v1/${kind}/${record.number}`;
  const operations = RECORD_OPERATIONS[kind];
  const byNumber = { id: String(record.number) };
  const sameRecord = (answer: Exchange) => {
    const what = `${answer.request.method} ${new URL(answer.request.url).pathname}`;
    return answer.status !== 200
      ? `${what} answered ${answerOf(answer)}`
      : answer.json?.id !== record.id
        ? `${what} answered another record, ${answer.json?.id}`
        : undefined;
  };
  const read = await context.client.call(operations.get, { path: byNumber });
  context.judge(ROUTES, sameRecord(read), read);
  const change = kind === 'tasks' ? { title: `${body.title} changed` } : { name: `${body.name} changed` };
  const changed = await context.client.call(operations.update, { path: byNumber, body: change });
  context.judge(ROUTES, sameRecord(changed), changed);
  await judgeUnknownNumber(context, kind);
  if (kind === 'tasks') {
    const completed = await context.client.call('completeTask', { path: byNumber });
    if (!routeNotOffered(context, completed)) context.judge(ROUTES, sameRecord(completed), completed);
  }
  const deleted = await context.client.call(operations.remove, { path: byNumber });
  context.judge(
    ROUTES,
    deleted.status !== 200
      ? `DELETE ${path} answered ${answerOf(deleted)}`
      : deleted.json?.id !== record.id
        ? `DELETE ${path} confirmed ${deleted.json?.id}, not ${record.id}`
        : undefined,
    deleted,
  );
  if (kind === 'tasks' || deleted.status !== 200) return;
  await judgeTrash(context, kind, record, second);
}

/**
 * An unknown id answers 404 (errors.status-404) with the code not_found (errors.not-found, judged on
 * a 404 only), and an unknown number answers as the unknown id does (conventions.number-unknown-404):
 * each behaviour on one rule.
 */
async function judgeUnknownNumber(context: CheckContext, kind: NumberedKind): Promise<void> {
  const read = RECORD_OPERATIONS[kind].get;
  const byNumber = await context.client.call(read, { path: { id: String(UNKNOWN_NUMBER) } });
  const byId = await context.client.call(read, { path: { id: `${PREFIX[kind]}_${'0'.repeat(26)}` } });
  judgeNotFound(context, byId, `${kind}: an unknown id`);
  const same = answerOf(byNumber) === answerOf(byId);
  context.judge(
    'conventions.number-unknown-404',
    same ? undefined : `${kind}: an unknown number answered ${answerOf(byNumber)}, an unknown id ${answerOf(byId)}`,
    byNumber,
  );
}

/**
 * A record in the trash reads 410 gone by number; a new record takes another number, also when the
 * newest records are in the trash (`newest`, the kind's last, is deleted first, so that a number
 * counted from the live records would come again); restore by number brings it back with its own.
 */
async function judgeTrash(
  context: CheckContext,
  kind: NumberedKind,
  record: { id: string; number: number; name?: string },
  newest: { id: string; number: number },
): Promise<void> {
  const path = `/v1/${kind}/${record.number}`;
  const newestDeleted = await context.client.call(RECORD_OPERATIONS[kind].remove, { path: { id: newest.id } });
  const gone = await context.client.call(RECORD_OPERATIONS[kind].get, { path: { id: String(record.number) } });
  const isGone = gone.status === 410 && gone.json?.error?.code === 'gone';
  context.judge(
    'conventions.trash-reads-410',
    isGone && gone.json.error.deleted_at
      ? undefined
      : `${kind}: a deleted record read by number answered ${answerOf(gone)}${isGone ? ' without deleted_at' : ''}`,
    gone,
  );
  context.judge('errors.gone', isGone ? undefined : `${kind}: a deleted record answered ${answerOf(gone)}`, gone);
  context.judge(
    'errors.extra-gone',
    isGone && typeof gone.json.error.deleted_at !== 'string' ? 'gone without deleted_at' : undefined,
    gone,
  );
  const after = await createRecord(context, kind, { name: `conformance ${context.runId} after` });
  const reused = [record.number, ...(newestDeleted.status === 200 ? [newest.number] : [])].find((number) => after.number === number);
  context.judge(
    'conventions.number-never-reused',
    reused !== undefined ? `${kind}: a new record took number ${reused} of a record in the trash` : undefined,
  );
  const restored = await context.client.call(RECORD_OPERATIONS[kind].restore, { path: { id: String(record.number) } });
  const restoreProblem =
    restored.status !== 200
      ? `${kind}: POST ${path}/restore answered ${answerOf(restored)}`
      : restored.json?.id !== record.id || restored.json?.number !== record.number
        ? `${kind}: restore by number answered ${restored.json?.id} #${restored.json?.number}`
        : undefined;
  context.judge(ROUTES, restoreProblem, restored);
  context.judge('conventions.trash-restore', restoreProblem, restored);
}
