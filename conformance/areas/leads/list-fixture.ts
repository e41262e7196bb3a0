// The leads the list and board checks filter: four leads of one company of the run (so that every
// filter can be scoped to the run's records in a workspace that holds others), spread over two
// pipelines, three stages, three owners (another member, the key's own, none), open and won, with
// amounts and board positions that tell them apart.
import type { CheckContext } from '../../context.ts';
import { createCompany, createContact, fewerMembers, members } from '../../kits/lead-kit.ts';

type Stage = { id: string; type: 'open' | 'won' | 'lost' };
export type Pipeline = { id: string; stages: Stage[] };

export type ListFixture = {
  word: string;
  company: { id: string };
  contact: { id: string; name: string };
  /** The key's own member (`is_me`), or when no member is the key's, another active one: `isMe` says which. */
  me: { id: string };
  isMe: boolean;
  other: { id: string };
  first: Pipeline;
  second: Pipeline;
  open: [Stage, Stage];
  won: Stage;
  /** In creation order: a (open 0, other owner, contact), b (open 1, me), c (won, no owner), d (second pipeline, no owner, contact). */
  leads: { a: any; b: any; c: any; d: any };
};

export async function listFixture(context: CheckContext): Promise<ListFixture> {
  const pipelines = await context.client.call('listPipelines');
  if (pipelines.status !== 200) context.skip('the pipelines route (inferred) does not answer: stage ids are unknown');
  const [first, second] = pipelines.json.data as Pipeline[];
  const open = first?.stages.filter((stage) => stage.type === 'open') ?? [];
  const won = first?.stages.find((stage) => stage.type === 'won');
  if (!second || open.length < 2 || !won) context.skip('needs two pipelines, the first with two open stages and a won one');
  const { me, other, isMe, listed } = await members(context);
  if (!me || !other) context.skip(`needs two active members to own leads: ${fewerMembers(listed, me)}`);
  // One word of letters, unique to this fixture (two checks of a run build one each), that no other record holds.
  const word = `lf${context.runId.replace(/[^a-z]/g, '')}${lettersOnly()}zq`;
  const company = await createCompany(context, `${word}company`);
  const contact = await createContact(context, `${word}contact`);
  // No digits in the names: `q=<number>` must find lead b by its number, never by a word of its name.
  const lead = (label: string, body: Record<string, unknown>) =>
    context.createLead({ name: `conformance ${word}${label}`, company_id: company.id, ...body });
  const a = await lead('alpha', {
    pipeline_id: first!.id,
    stage_id: open[0]!.id,
    owner_id: other.id,
    contact_id: contact.id,
    amount: 100,
    position: 3,
  });
  const b = await lead('bravo', { pipeline_id: first!.id, stage_id: open[1]!.id, owner_id: me.id, amount: 200, position: 1 });
  const created = await lead('charlie', { pipeline_id: first!.id, stage_id: open[0]!.id, amount: 400, position: 2 });
  const closed = await context.client.call('updateLead', { path: { id: created.id }, body: { stage_id: won!.id, position: 2 } });
  context.expectStatus(closed, 200);
  const d = await lead('delta', { pipeline_id: second.id, contact_id: contact.id, amount: 800, position: 4 });
  const leads = { a, b, c: closed.json, d };
  return { word, company, contact, me, isMe, other, first: first!, second, open: [open[0]!, open[1]!], won: won!, leads };
}

/** Six random letters (no digits: a name's word must never read as a number, spec 4.2 `q`). */
function lettersOnly(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}
