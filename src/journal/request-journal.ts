// The request journal (WireMock's "verify that my app sent this"): the last requests the mock
// answered on the CRM interface, newest first, each with its operation, status, request and answer
// and, for a refused one, the problem (the error's code, message and fields). Requests that reached
// no workspace (a bad key, an unknown route) are kept too, with `workspace_id: null`. Control API
// requests are not journaled. Secrets in headers are shortened; bodies are cut at 16 KB.
import type { components } from '../spec/generated/mock-control.d.ts';

export type JournalEntry = components['schemas']['JournalEntry'];
export type JournalFilter = { workspaceId?: string; operation?: string; status?: string; since?: number; until?: number; limit: number };

/** How many entries the journal keeps (the oldest go first). */
export const JOURNAL_SIZE = 2_000;
const BODY_LIMIT = 16 * 1024;
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie']);

export class RequestJournal {
  #entries: JournalEntry[] = [];
  #next = 0;

  record(entry: JournalEntry): void {
    if (this.#entries.length < JOURNAL_SIZE) this.#entries.push(entry);
    else this.#entries[this.#next] = entry;
    this.#next = (this.#next + 1) % JOURNAL_SIZE;
  }

  /** Entries matching the filter, newest first. */
  list(filter: JournalFilter): JournalEntry[] {
    const found: JournalEntry[] = [];
    for (let i = 1; i <= this.#entries.length && found.length < filter.limit; i++) {
      const entry = this.#entries[(this.#next - i + this.#entries.length * 2) % this.#entries.length]!;
      if (matches(entry, filter)) found.push(entry);
    }
    return found;
  }

  clear(workspaceId?: string): void {
    const kept =
      workspaceId === undefined
        ? []
        : this.list({ limit: JOURNAL_SIZE })
            .reverse()
            .filter((entry) => entry.workspace_id !== workspaceId);
    this.#entries = kept;
    this.#next = kept.length % JOURNAL_SIZE;
  }
}

function matches(entry: JournalEntry, filter: JournalFilter): boolean {
  if (filter.workspaceId !== undefined && entry.workspace_id !== filter.workspaceId) return false;
  if (filter.operation !== undefined && entry.operation !== filter.operation) return false;
  if (filter.status !== undefined && !statusMatches(entry.status, filter.status)) return false;
  const at = Date.parse(entry.at);
  return (filter.since === undefined || at >= filter.since) && (filter.until === undefined || at <= filter.until);
}

/** `422` or a class such as `4xx`. */
function statusMatches(status: number, wanted: string): boolean {
  return /^[1-5]xx$/i.test(wanted) ? Math.floor(status / 100) === Number(wanted[0]) : status === Number(wanted);
}

/** Headers as the journal shows them: secrets shortened to their first characters. */
export function journalHeaders(headers: Headers): Record<string, string> {
  const shown: Record<string, string> = {};
  headers.forEach((value, name) => {
    shown[name] = SECRET_HEADERS.has(name) ? `${value.slice(0, 16)}…` : value;
  });
  return shown;
}

/** A body as the journal keeps it: at most 16 KB of its text. */
export function journalBody(text: string | undefined): string | null {
  if (text === undefined || text === '') return null;
  return text.length > BODY_LIMIT ? copied(`${text.slice(0, BODY_LIMIT)}…`) : text;
}

/**
 * A string of its own: V8 keeps a slice as a view of the whole text it was cut from, so a
 * journal of cut bodies would hold every answer's whole body (a soak run's memory grew by them).
 */
function copied(text: string): string {
  return new TextDecoder().decode(new TextEncoder().encode(text));
}
