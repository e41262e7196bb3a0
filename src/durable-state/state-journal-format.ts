// The journal beside a state file (`FILE.journal`): one line per committed change, appended and
// made durable before the change's answer is sent (state-journal.ts). A line is the CRC-32 of its
// JSON in 8 hex digits, a space, and the JSON of one entry:
//   {"seq":N,"ws":"ws_...","writes":[["leads","ld_...",{record}],["tags","tag_...",null]],"head":{...}}
//   {"seq":N,"ws":"ws_...","snapshot":{WorkspaceSnapshot}}   a workspace created or replaced whole
//   {"seq":N,"ws":"ws_...","deleted":true}                   a workspace gone (/_mock/reset)
// `writes` are after-images (null: removed), so replaying an entry twice changes nothing more;
// `head` holds the parts of the workspace outside its tables that changed (workspace-head.ts).
import { crc32 } from 'node:zlib';
import type { WorkspaceSnapshot } from '../workspaces/snapshot-format.ts';
import { StateFileError } from './state-file-error.ts';
import type { WorkspaceHead } from './workspace-head.ts';

export type JournalWrite = [table: string, id: string, record: Record<string, unknown> | null];

export type JournalEntry = {
  seq: number;
  ws: string;
  writes?: JournalWrite[];
  head?: WorkspaceHead;
  snapshot?: WorkspaceSnapshot;
  deleted?: true;
};

export function journalLine(entry: JournalEntry): string {
  const json = JSON.stringify(entry);
  return `${checksum(json)} ${json}\n`;
}

export type ReadJournal = { entries: JournalEntry[]; lastSeq: number; droppedBytes: number };

/**
 * The entries of a journal's text after `afterSeq` (those before are in the state file already).
 * A last line without its newline was cut short by a kill mid-append: it is dropped (no answer
 * was sent for it). Any other bad line is damage: StateFileError naming the line.
 */
export function readJournal(path: string, text: string, afterSeq: number): ReadJournal {
  const lines = text.split('\n');
  const partial = lines.pop()!;
  const entries: JournalEntry[] = [];
  let lastSeq = afterSeq;
  let previousSeq = 0;
  for (const [index, line] of lines.entries()) {
    const entry = entryOf(
      line,
      (problem) =>
        new StateFileError(`the state journal ${path} is damaged at line ${index + 1} of ${lines.length + (partial ? 1 : 0)}: ${problem}`),
    );
    if (entry.seq <= previousSeq)
      throw new StateFileError(`the state journal ${path} is damaged at line ${index + 1}: its sequence number goes back`);
    previousSeq = entry.seq;
    if (entry.seq <= afterSeq) continue;
    entries.push(entry);
    lastSeq = entry.seq;
  }
  return { entries, lastSeq, droppedBytes: Buffer.byteLength(partial) };
}

function entryOf(line: string, damaged: (problem: string) => StateFileError): JournalEntry {
  const match = /^([0-9a-f]{8}) (.*)$/s.exec(line);
  if (!match) throw damaged('it does not start with a checksum');
  if (checksum(match[2]!) !== match[1]) throw damaged('its checksum does not match');
  let entry: unknown;
  try {
    entry = JSON.parse(match[2]!);
  } catch {
    throw damaged('it is not valid JSON');
  }
  const problem = entryProblem(entry);
  if (problem) throw damaged(problem);
  return entry as JournalEntry;
}

function entryProblem(entry: unknown): string | undefined {
  if (!entry || typeof entry !== 'object') return 'it is not an entry';
  const { seq, ws, writes, head, snapshot, deleted } = entry as Record<string, unknown>;
  if (!Number.isSafeInteger(seq) || (seq as number) < 1) return 'it has no sequence number';
  if (typeof ws !== 'string') return 'it names no workspace';
  if (writes !== undefined && !(Array.isArray(writes) && writes.every(isWrite))) return 'its writes are not [table, id, record or null]';
  if (head !== undefined && (!head || typeof head !== 'object')) return 'its head is not an object';
  if (snapshot !== undefined && (!snapshot || typeof snapshot !== 'object')) return 'its snapshot is not an object';
  if (deleted !== undefined && deleted !== true) return 'its deleted is not true';
  return undefined;
}

function isWrite(write: unknown): boolean {
  if (!Array.isArray(write) || write.length !== 3) return false;
  const [table, id, record] = write;
  return (
    typeof table === 'string' &&
    typeof id === 'string' &&
    (record === null || (typeof record === 'object' && (record as { id?: unknown }).id === id))
  );
}

function checksum(text: string): string {
  return crc32(text).toString(16).padStart(8, '0');
}
