"""The client's files under versioned URLs, compressed, cached by browsers for a year.

Every file of web/static is also served at /static/v/<version>/<path>, where the version is a
hash of the whole folder: a versioned URL never changes content, so browsers keep it without
asking again (`Cache-Control: immutable`), and a new release names a new version in its pages,
which are always revalidated (an ETag, answered with 304 when unchanged). One version for the
whole folder keeps the JS modules consistent: they import each other by relative paths.

Text files and the server's pages are compressed by flask-compress (brotli or gzip, whichever
the browser takes) where it pays: text types above a size, the assets compressed once and kept
in memory. The websocket and the JSON API are left alone (small bodies, sent once), except
/api/languages: every first load fetches its ~18 KB, the same for every player while the
server runs, so it is compressed once per coding and kept like an asset.
"""

from __future__ import annotations

import hashlib
import mimetypes
from functools import cache
from pathlib import Path

from flask import Blueprint, Flask, Request, Response, abort, request
from flask_compress import Compress

STATIC = Path(__file__).resolve().parent / "static"
PREFIX = "/static/v"
YEAR = 365 * 24 * 3600
TEXT_TYPES = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "image/svg+xml",
]
MIN_SIZE = 1000  # smaller bodies gain less than the header costs
SHARED = {"/api/languages"}  # answers the same to everyone while the server runs: kept compressed

assets = Blueprint("assets", __name__)


@cache
def _files() -> dict[str, bytes]:
    """Every file under web/static by its path there ("js/main.js"), read once per process."""
    paths = sorted(p for p in STATIC.rglob("*") if p.is_file())
    return {p.relative_to(STATIC).as_posix(): p.read_bytes() for p in paths}


@cache
def version() -> str:
    """A hash of every file under web/static, names and contents."""
    digest = hashlib.sha256()
    for path, body in _files().items():
        digest.update(path.encode() + b"\0" + body)
    return digest.hexdigest()[:12]


def url(path: str) -> str:
    """The versioned URL of a file of web/static ("js/main.js")."""
    return f"{PREFIX}/{version()}/{path}"


@assets.get(f"{PREFIX}/<string:wanted>/<path:path>")
def versioned(wanted: str, path: str) -> Response:
    body = _files().get(path)  # only the folder's own files: nothing else can be named
    if body is None:
        abort(404)
    kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
    response = Response(body, mimetype=kind)  # text types in UTF-8
    if wanted == version():
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
    else:  # a page of another release: today's file, not to be kept under that name
        response.cache_control.no_cache = True
    response.set_etag(f"{version()}/{path}")
    response.make_conditional(request)  # (in place: a 304 when the client has it)
    return response


class _AssetCache:
    """flask-compress's cache, holding the compressed bodies of this version's assets and of
    the SHARED answers only (pages change with the player and the language: never kept)."""

    def __init__(self) -> None:
        self.data: dict[str, bytes] = {}

    @staticmethod
    def _kept(key: str) -> bool:
        path = key.partition(";")[2]
        return path in SHARED or path.startswith(f"{PREFIX}/{version()}/")

    def get(self, key: str) -> bytes | None:
        return self.data.get(key) if self._kept(key) else None

    def set(self, key: str, value: bytes) -> None:
        if self._kept(key):
            self.data[key] = value


def _cache_key(req: Request) -> str:
    return req.path


def accepted_encodings(header: str) -> str:
    """Accept-Encoding without the codings the client refuses ("br;q=0"): flask-compress would
    still pick a refused coding when it is the only one named (RFC 9110: q=0 means "not
    acceptable")."""
    kept = []
    for part in header.split(","):
        coding, _, params = part.partition(";")
        quality = params.strip().lower()
        if quality.startswith("q="):
            try:
                if float(quality[2:]) <= 0:
                    continue
            except ValueError:
                continue  # an unreadable weight is no consent
        if coding.strip():
            kept.append(part.strip())
    return ", ".join(kept)


def _drop_refused_encodings() -> None:
    header = request.environ.get("HTTP_ACCEPT_ENCODING")
    if header and "q=" in header:
        request.environ["HTTP_ACCEPT_ENCODING"] = accepted_encodings(header)


def init_app(app: Flask, *compressed: str) -> None:
    """Serve the versioned assets; compress them and the responses of the blueprints named."""
    app.config.update(
        COMPRESS_REGISTER=False,  # only where it is asked for below
        COMPRESS_MIMETYPES=TEXT_TYPES,
        COMPRESS_MIN_SIZE=MIN_SIZE,
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_CACHE_BACKEND=_AssetCache,
        COMPRESS_CACHE_KEY=_cache_key,
    )
    compress = Compress(app)
    names = {assets.name, *compressed}
    app.before_request(_drop_refused_encodings)

    @app.after_request
    def _compress(response: Response) -> Response:
        return compress.after_request(response) if request.blueprint in names else response

    app.register_blueprint(assets)
    app.add_template_global(url, "asset")
