// PLACEHOLDER while the contacts work lands (issue 4): phone and email normalization (spec 2.4).
export function normalizePhone(raw: string): string {
  return raw.replace(/[\s()-]/g, '');
}

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}
