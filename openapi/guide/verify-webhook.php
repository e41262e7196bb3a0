<?php
// Verifies a webhook delivery of the CRM (PHP 7.4 or later, no extensions beyond the standard ones).
const TOLERANCE_SECONDS = 300;

/**
 * True when Svc-Signature is a valid signature of this exact body by $secret (the whole secret,
 * whsec_ included), made less than 5 minutes from now. $rawBody is the body as received, before
 * any JSON decoding.
 */
function verify_webhook(string $rawBody, string $signatureHeader, string $secret, ?int $now = null): bool
{
    $parts = [];
    foreach (explode(',', $signatureHeader) as $part) {
        $pair = explode('=', $part, 2);
        if (count($pair) === 2) {
            $parts[trim($pair[0])] = trim($pair[1]);
        }
    }
    $t = $parts['t'] ?? '';
    $v1 = $parts['v1'] ?? '';
    if (!preg_match('/\A[0-9]+\z/', $t) || !preg_match('/\A[0-9a-f]{64}\z/', $v1)) {
        return false;
    }
    if (abs(($now ?? time()) - (int) $t) > TOLERANCE_SECONDS) {
        return false;
    }
    $expected = hash_hmac('sha256', $t . '.' . $rawBody, $secret);
    return hash_equals($expected, $v1);
}
