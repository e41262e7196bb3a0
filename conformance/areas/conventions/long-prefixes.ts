// Spec 2.2 and 9: the older long prefixes (lead_, contact_, company_, task_, pipeline_, stage_,
// member_...) are accepted wherever an id is accepted on input (paths, bodies, query parameters);
// responses always use the short form. The check sends the ids of records it made, rewritten with
// the long prefix, in each of the three places.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { activeMemberId, answerOf, createRecord } from '../../kits/conventions-kit.ts';

/** The long prefix of each short one the check uses (spec 2.2). */
const LONG: Record<string, string> = { ld: 'lead', ct: 'contact', co: 'company', tk: 'task', pl: 'pipeline', st: 'stage', mb: 'member' };

function long(id: string): string {
  const at = id.indexOf('_');
  return `${LONG[id.slice(0, at)] ?? id.slice(0, at)}_${id.slice(at + 1)}`;
}

export const longPrefixes: ActiveCheck = {
  kind: 'active',
  id: 'conventions.long-prefixes',
  area: 'conventions',
  title: 'ids with the older long prefixes are accepted in paths, bodies and query parameters, and answers use the short ones',
  spec: '2.2, 9',
  basis: 'documented',
  writes: true,
  async run(context) {
    const memberId = await activeMemberId(context);
    const name = `conformance ${context.runId}`;
    const contact = await createRecord(context, 'contacts', { name });
    const company = await createRecord(context, 'companies', { name });
    const pipelines = await context.client.call('listPipelines');
    context.expectStatus(pipelines, 200);
    const pipeline = pipelines.json.data[0] ?? context.skip('needs a pipeline in the workspace');
    const stage = pipeline.stages?.[0] ?? context.skip('needs a pipeline with stages');
    const sent = { contact_id: contact.id, company_id: company.id, owner_id: memberId, pipeline_id: pipeline.id, stage_id: stage.id };
    // send, not call (here and below): ids with long prefixes are of a shape the suite never got, sent on purpose.
    const created = await context.client.send('POST', '/v1/leads', {
      body: { name, ...Object.fromEntries(Object.entries(sent).map(([field, id]) => [field, long(id)])) },
    });
    if (created.status === 201) context.cleanup(() => context.client.call('deleteLead', { path: { id: created.json.id } }));
    context.judge(
      'conventions.long-prefixes-in-bodies',
      created.status === 201 ? undefined : `a lead create with long-prefixed ids answered ${answerOf(created)}`,
      created,
    );
    if (created.status !== 201)
      context.fail('the long-prefixed ids were refused in a body', created, 'conventions.long-prefixes-in-bodies');
    judgeShort(context, created, sent);
    const task = await context.client.send('POST', '/v1/tasks', { body: { title: name, assignee_id: long(memberId) } });
    if (task.status === 201) context.cleanup(() => context.client.call('deleteTask', { path: { id: task.json.id } }));
    context.judge(
      'conventions.long-prefixes-in-bodies',
      task.status === 201 ? undefined : `a task create with assignee_id ${long(memberId)} answered ${answerOf(task)}`,
      task,
    );
    if (task.status === 201) judgeShort(context, task, { 'assignee.id': memberId });
    for (const [kind, id] of [
      ['leads', created.json.id],
      ['contacts', contact.id],
      ['companies', company.id],
      ['tasks', task.json?.id],
      ['pipelines', pipeline.id],
    ] as [string, string | undefined][]) {
      if (!id) continue;
      const read = await context.client.send('GET', `/v1/${kind}/${long(id)}`);
      context.judge(
        'conventions.long-prefixes-in-paths',
        read.status === 200 && read.json?.id === id
          ? undefined
          : `GET /v1/${kind}/${long(id)} answered ${answerOf(read)}${read.status === 200 ? ` with id ${read.json?.id}` : ''}`,
        read,
      );
      if (read.status === 200) judgeShort(context, read, { id });
    }
    const listed = await context.client.send('GET', `/v1/leads?contact=${long(contact.id)}&limit=50`);
    const found = listed.status === 200 && listed.json.data.some((lead: { id: string }) => lead.id === created.json.id);
    context.judge(
      'conventions.long-prefixes-in-queries',
      found
        ? undefined
        : `GET /v1/leads?contact=${long(contact.id)} answered ${answerOf(listed)}${listed.status === 200 ? ' without the lead' : ''}`,
      listed,
    );
  },
};

/** The answer shows each id (a field, or a dotted path such as assignee.id) in its short form. */
function judgeShort(context: CheckContext, answer: Exchange, expected: Record<string, string>): void {
  const valueOf = (field: string) => field.split('.').reduce((value, key) => value?.[key], answer.json);
  const wrong = Object.entries(expected).filter(([field, id]) => valueOf(field) !== id);
  const problem = wrong.length
    ? `the answer shows ${wrong.map(([field]) => `${field} ${JSON.stringify(valueOf(field))}`).join(', ')}, not the short ids ${wrong.map(([, id]) => id).join(', ')}`
    : undefined;
  for (const rule of ['conventions.responses-short-prefixes', 'conventions.ids-short-long-versioning'])
    context.judge(rule, problem, answer);
}
