// How long each part of the OAuth flow lives (spec 5.2, 8), always on the workspace's clock.
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const CONSENT_REQUEST_MS = 15 * MINUTE_MS;
export const CODE_MS = 10 * MINUTE_MS;
export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 60 * 24 * 3600;
/** After a rotation the old client secret keeps working at the token endpoint this long. */
export const OLD_SECRET_MS = 24 * HOUR_MS;

/** `now + ms` as the record times are kept. */
export function isoAfter(nowMs: number, ms: number): string {
  return new Date(nowMs + ms).toISOString();
}

/** Whether a time kept on a record has come. */
export function hasPassed(iso: string, nowMs: number): boolean {
  return Date.parse(iso) <= nowMs;
}
