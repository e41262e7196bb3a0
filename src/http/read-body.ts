// Reads a request body of at most 1 MB (spec 8) without reading further than that, and parses
// it as JSON or as a form (the OAuth endpoints accept both).
import { ApiError } from '../errors/api-error.ts';
import type { Texts } from '../errors/messages.ts';
import { heldBodyOf } from '../wire/held-body.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export type ParsedBody = { mediaType: string; value: unknown };

/** `onText` sees the body's text before it is parsed (the request journal keeps it, bad JSON included). */
export async function readBody(request: Request, maxBytes = MAX_BODY_BYTES, onText?: (text: string) => void): Promise<ParsedBody> {
  const mediaType = (request.headers.get('content-type') ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await readText(request, maxBytes);
  onText?.(text);
  if (text.trim() === '') return { mediaType, value: undefined };
  if (mediaType === 'application/x-www-form-urlencoded') {
    return { mediaType, value: Object.fromEntries(new URLSearchParams(text)) };
  }
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new ApiError('bad_json', {}, { detail: ONE_OBJECT });
    }
    // The media type stays as sent: a JSON text sent as text/plain is still not an application/json body (spec 2.1).
    return { mediaType, value };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('bad_json');
  }
}

async function readText(request: Request, maxBytes: number): Promise<string> {
  const held = heldBodyOf(request);
  if (held) {
    if (held.byteLength > maxBytes) throw tooLarge(maxBytes);
    return new TextDecoder().decode(held);
  }
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((reason: unknown) => {
      // The connection or the chunked framing broke inside the body (the node face says why in a
      // sentence): the request is malformed, not a failure of the mock (issue 15).
      throw new ApiError(
        'malformed_request',
        {},
        { detail: typeof reason === 'string' ? reason : 'The request body ended before its declared length.' },
      );
    });
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** Spec 7.1: the message in the language of Accept-Language, here as everywhere. */
const ONE_OBJECT: Texts = {
  en: 'The body must be one JSON object.',
  ru: 'Тело запроса должно быть одним объектом JSON.',
  uz: "So'rov tanasi bitta JSON obyekti bo'lishi kerak.",
};

/** The catalog's message names the API's 1 MB; a route with its own limit (a form's 32 KB) names that one, in each language. */
function tooLarge(maxBytes: number): ApiError {
  if (maxBytes === MAX_BODY_BYTES) return new ApiError('body_too_large');
  const mb = maxBytes % (1024 * 1024) === 0;
  const amount = mb ? maxBytes / (1024 * 1024) : Math.ceil(maxBytes / 1024);
  return new ApiError(
    'body_too_large',
    {},
    {
      detail: {
        en: `The request body is larger than ${amount} ${mb ? 'MB' : 'KB'}.`,
        ru: `Тело запроса больше ${amount} ${mb ? 'МБ' : 'КБ'}.`,
        uz: `So'rov tanasi ${amount} ${mb ? 'MB' : 'KB'} dan katta.`,
      },
    },
  );
}
