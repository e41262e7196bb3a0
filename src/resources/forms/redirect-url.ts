// Where a form may send the visitor after a submission (`redirect_url`, spec 4.12): a web address
// only. The widget follows it with `location.assign` on the page that embeds the form (and on the
// hosted page, the mock's own origin), so a `javascript:` or `data:` address would run script
// there (issue 15 item 4). The control API refuses other addresses when a form is configured
// (the `FormRedirectUrl` pattern in openapi/mock-control.yaml); this answers null for one that got
// stored anyway (an old state file), so a visitor's browser never receives it. widget.js checks
// again on its side.

/** `https:`, or `http:` on this machine's loopback names (a developer's local site). */
export function isSafeRedirectUrl(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
}

/** The form's `redirect_url` as a submission's answer carries it: null unless safe to follow. */
export function answeredRedirectUrl(address: string | null): string | null {
  return address !== null && isSafeRedirectUrl(address) ? address : null;
}
