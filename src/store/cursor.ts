// Opaque, tamper-proof paging cursors (spec 9: "passed back exactly"; a changed one answers
// `invalid_cursor`). A cursor is the position after the last record of a page, signed with
// HMAC-SHA-256 under a key that lives as long as the mock together with the list it came from:
// the list (its filters, a search text of any length) is in the signature, not in the cursor,
// which stays short enough for the document's 2,048-character cursor parameter.
// Web Crypto, so the same code runs in Node and in a browser under MSW.
import { ApiError } from '../errors/api-error.ts';

/** Where the next page starts: the last record's sort value (when not sorted by id) and id. */
export type CursorPosition = { id: string; sortValue?: string | number | null };

export type CursorCodec = {
  encode(list: string, position: CursorPosition): Promise<string>;
  /** The position in `cursor`, or 400 `invalid_cursor` when it was changed or made for another list. */
  decode(list: string, cursor: string): Promise<CursorPosition>;
};

const SIGNATURE_BYTES = 16;

export function createCursorCodec(): CursorCodec {
  const sign = signer();
  return {
    async encode(list, position) {
      const payload = base64url(new TextEncoder().encode(JSON.stringify([position.id, position.sortValue ?? null])));
      return `${payload}.${await sign(`${payload}.${list}`)}`;
    },
    async decode(list, cursor) {
      const [payload, signature, extra] = cursor.split('.');
      if (!payload || !signature || extra !== undefined) throw new ApiError('invalid_cursor');
      // Compared as text: a changed last character can decode to the same bytes.
      if ((await sign(`${payload}.${list}`)) !== signature) throw new ApiError('invalid_cursor');
      const [id, sortValue] = JSON.parse(new TextDecoder().decode(fromBase64url(payload))) as [string, CursorPosition['sortValue']];
      return { id, sortValue };
    },
  };
}

type Sign = (payload: string) => Promise<string> | string;

/**
 * HMAC-SHA-256 under a key made for this mock, truncated, in base64url. Node's crypto signs
 * synchronously; Web Crypto (browsers, under MSW) only asynchronously, through a worker pool
 * that costs a list request a quarter of its time, so it is the fallback.
 */
function signer(): Sign {
  const nodeCrypto = (globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }).process?.getBuiltinModule?.(
    'node:crypto',
  ) as typeof import('node:crypto') | undefined;
  if (nodeCrypto) {
    const key = nodeCrypto.createSecretKey(nodeCrypto.randomBytes(32));
    return (payload) => base64url(nodeCrypto.createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES));
  }
  const key = crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return async (payload) =>
    base64url(new Uint8Array(await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(payload))).slice(0, SIGNATURE_BYTES));
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array {
  try {
    return Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}
