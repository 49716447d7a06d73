"""Cross-site protection: security headers on every response, and no state change from
another site's page.

The login cookie is SameSite=Lax, which still lets a page of the same *site* (another port,
a sibling subdomain) post a form with it. So every state-changing REST route refuses a
cookie-authenticated request that a browser says came from elsewhere: `Sec-Fetch-Site` other
than same-origin (or none: typed by the user), or, from browsers that do not send it, an
`Origin` that is not this server. Requests with a Bearer token are not affected: another
site's page cannot set that header.

The client is plain files from /static (no inline script or style, no eval), so the content
security policy allows only this origin, and no page may frame the game.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, abort, request

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",  # invite links carry their secret in the path
    "Cross-Origin-Opener-Policy": "same-origin",
}
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def init_app(app: Flask) -> None:
    app.before_request(refuse_cross_site)
    app.after_request(add_headers)


def add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def same_origin(origin: str | None, host: str) -> bool:
    """Is `origin` (a browser's Origin header) this server, which the request reached as
    `host`? A missing Origin is a non-browser client."""
    if not origin:
        return True
    return urlsplit(origin).netloc.lower() == host.lower()


def cross_site() -> bool:
    """Did a browser send this request from a page that is not this server's?"""
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        return fetch_site not in ("same-origin", "none")
    return not same_origin(request.headers.get("Origin"), request.host)


def refuse_cross_site() -> None:
    """403 for a state-changing REST call that rides on the cookie from another site's page."""
    if request.method in SAFE_METHODS or not request.path.startswith("/api/"):
        return
    if request.headers.get("Authorization", "").lower().startswith("bearer "):
        return
    if cross_site():
        abort(403, "This request came from another site's page; it was refused.")
