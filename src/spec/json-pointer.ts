// JSON Pointer (RFC 6901) helpers for addressing places inside the OpenAPI document.

export function escapeSegment(segment: string | number): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((segment) => `/${escapeSegment(segment)}`).join('');
}

export function resolvePointer(root: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '#') return root;
  const segments = pointer.replace(/^#/, '').split('/').slice(1);
  let node: unknown = root;
  for (const raw of segments) {
    const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !(segment in node)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}
