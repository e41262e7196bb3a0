// Reads a request body of at most 1 MB (spec 8) without reading further than that, and parses
// it as JSON or as a form (the OAuth endpoints accept both).
import { ApiError } from '../errors/api-error.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export type ParsedBody = { mediaType: string; value: unknown };

export async function readBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<ParsedBody> {
  const mediaType = (request.headers.get('content-type') ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) throw new ApiError('body_too_large');
  const text = await readText(request, maxBytes);
  if (text.trim() === '') return { mediaType, value: undefined };
  if (mediaType === 'application/x-www-form-urlencoded') {
    return { mediaType, value: Object.fromEntries(new URLSearchParams(text)) };
  }
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new ApiError('bad_json', {}, { detail: 'The body must be one JSON object.' });
    }
    return { mediaType: 'application/json', value };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('bad_json');
  }
}

async function readText(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ApiError('body_too_large');
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
