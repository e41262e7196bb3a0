// The address the browser goes back to (spec 5.2 steps 3 and 4): the app's redirect URI with the
// answer added to its query, keeping any query the URI already has (RFC 6749 3.1.2).
export function redirectTo(redirectUri: string, parameters: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value !== null) url.searchParams.set(name, value);
  return url.href;
}
