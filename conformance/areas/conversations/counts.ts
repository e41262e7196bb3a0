// Spec 4.8: `GET /v1/conversations/counts` answers `{all, mine, unassigned, waiting, unread}`
// integers. What each counts the spec leaves open; the catalog reads them as counts over the
// default (open) list. Against a deployment only the shape is judged. On a mock a client of the
// check's own writes in, is assigned to the caller and resolved, and the counts move by one each
// time; the `waiting` count is compared with the `waiting=true` list instead, since the clock
// moved past the answer time makes other conversations of the run wait too.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import {
  clientWritesIn,
  clockForward,
  listedIds,
  myMemberId,
  newChannel,
  newClient,
  withFrozenClock,
} from '../../kits/conversations-kit.ts';

type Counts = { all: number; mine: number; unassigned: number; waiting: number; unread: number };
const KEYS = ['all', 'mine', 'unassigned', 'waiting', 'unread'] as const;

export const conversationCounts: ActiveCheck = {
  kind: 'active',
  id: 'conversations.counts',
  area: 'conversations',
  title: 'the counts answer five integers that move with a new, assigned, waiting and resolved conversation',
  spec: '4.8',
  basis: 'documented',
  writes: false,
  async run(context) {
    await readCounts(context);
    if (!context.target.mock || context.target.readOnly) return;
    // Frozen, so that no snooze ends and no answer time passes between two reads but when the check moves it.
    await withFrozenClock(context, async () => {
      const start = await readCounts(context);
      const channel = await newChannel(context, 'telegram_account');
      const { conversation_id: id } = await clientWritesIn(context, channel.id, newClient(context, 'counts'), 'Is anyone there?');
      const afterNew = await readCounts(context);
      judgeMoved(context, start, afterNew, { all: 1, unassigned: 1, unread: 1, mine: 0 }, 'a client started a conversation');

      context.expectStatus(
        await context.client.call('assignConversation', { path: { id }, body: { assignee_id: await myMemberId(context) } }),
        200,
      );
      const afterAssign = await readCounts(context);
      judgeMoved(context, afterNew, afterAssign, { all: 0, unassigned: -1, mine: 1, unread: 0 }, 'it was assigned to the caller');

      await clockForward(context, 16 * 60);
      const waiting = await listedIds(context, { waiting: true, limit: 250 });
      const afterWait = await readCounts(context);
      const sameAsList = waiting.exchange.json?.next_cursor
        ? undefined
        : afterWait.counts.waiting === waiting.ids.length && waiting.ids.includes(id);
      if (sameAsList !== undefined)
        context.judge(
          'conversations.counts-waiting',
          !sameAsList &&
            `waiting counts ${afterWait.counts.waiting}, the waiting=true list shows ${waiting.ids.length} conversations${waiting.ids.includes(id) ? '' : " without the check's own"}`,
          afterWait.exchange,
        );

      context.expectStatus(await context.client.call('resolveConversation', { path: { id } }), 200);
      const afterResolve = await readCounts(context);
      judgeMoved(context, afterWait, afterResolve, { all: -1, mine: -1, unread: -1 }, 'it was resolved');
    });
  },
};

/** The counts, with their shape judged. */
async function readCounts(context: CheckContext): Promise<{ counts: Counts; exchange: Exchange }> {
  const exchange = await context.client.call('getConversationCounts');
  const counts = exchange.json;
  const shaped = exchange.status === 200 && KEYS.every((key) => Number.isInteger(counts?.[key]) && counts[key] >= 0);
  if (!shaped)
    context.fail(
      `the counts answered ${exchange.status} ${exchange.text.slice(0, 200)}, not {all, mine, unassigned, waiting, unread} integers`,
      exchange,
      'conversations.counts-shape',
    );
  context.judge('conversations.counts-shape', undefined, exchange);
  return { counts, exchange };
}

function judgeMoved(
  context: CheckContext,
  before: { counts: Counts },
  after: { counts: Counts; exchange: Exchange },
  moves: Partial<Record<(typeof KEYS)[number], number>>,
  what: string,
): void {
  for (const [key, move] of Object.entries(moves) as [(typeof KEYS)[number], number][]) {
    const moved = after.counts[key] - before.counts[key];
    context.judge(`conversations.counts-${key}`, moved !== move && `after ${what}, ${key} moved by ${moved}, not ${move}`, after.exchange);
  }
}
