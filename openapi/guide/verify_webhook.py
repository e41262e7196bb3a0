# Verifies a webhook delivery of the CRM (Python 3, standard library only).
import hashlib
import hmac
import re
import time

TOLERANCE_SECONDS = 5 * 60


def verify_webhook(raw_body: bytes, signature_header: str, secret: str, now=None) -> bool:
    """True when Svc-Signature is a valid signature of this exact body by secret (the whole
    secret, whsec_ included), made less than 5 minutes from now. raw_body is the body as
    received, in bytes, before any JSON parsing."""
    parts = {}
    for part in (signature_header or "").split(","):
        key, sep, value = part.partition("=")
        if sep:
            parts[key.strip()] = value.strip()
    t, v1 = parts.get("t", ""), parts.get("v1", "")
    if not re.fullmatch(r"[0-9]+", t) or not re.fullmatch(r"[0-9a-f]{64}", v1):
        return False
    if abs((time.time() if now is None else now) - int(t)) > TOLERANCE_SECONDS:
        return False
    expected = hmac.new(secret.encode(), t.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, v1)
