// Conversations (spec 2.9, 4.8) for the run, where the explorer can make them on both sides: a
// conversation starts when a client writes in on a channel, which only the control API can play
// (no message reaches a real client), so on a mock target and on every oracle workspace each
// sequence (each replay too) gets a simulator channel and two clients writing in, named with the
// sequence's marker (a conversation search by `q` finds only the run's). Their ids go under
// references of their own (CONVERSATION_REFS), so that they compare as the run's records; the
// sequence reads, lists, assigns, resolves, reopens and snoozes them, writes to them, and sends
// each of those as a second workspace (spec 1). Against a deployment none is made.
import type { Poster } from './members.ts';

/** The two conversations: references above OWNER_REF (and apart from members.ts's), compared as the run's records. */
export const CONVERSATION_REFS = [-300_001, -300_002] as const;

/** The two conversations of a sequence on a workspace, by reference (none when the side would not make them). */
export async function addConversations(post: Poster, workspaceId: string, marker: string): Promise<Map<number, string>> {
  const ws = `/_mock/workspaces/${encodeURIComponent(workspaceId)}`;
  const channel = await post(`${ws}/channels`, { type: 'simulator', name: `${marker} channel` });
  if (typeof channel?.id !== 'string') return new Map();
  const made = new Map<number, string>();
  for (const [index, ref] of CONVERSATION_REFS.entries()) {
    const client = `${marker} client ${index + 1}`;
    const inbound = await post(`${ws}/channels/${encodeURIComponent(channel.id)}/inbound`, {
      text: `${marker} hello ${index + 1}`,
      name: client,
      handle: `@${marker}_${index + 1}`,
    });
    if (typeof inbound?.conversation_id === 'string') made.set(ref, inbound.conversation_id);
  }
  return made;
}
