"""Entry point: gevent monkey-patching first, then everything else, then the WSGI server."""

from gevent import monkey

monkey.patch_all()

import logging  # noqa: E402
import os  # noqa: E402

from gevent.pywsgi import WSGIServer  # noqa: E402

from web import create_app  # noqa: E402


def main() -> None:
    fmt = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    logging.basicConfig(level=logging.INFO, format=fmt)
    host = os.environ.get("WT_HOST", "127.0.0.1")
    port = int(os.environ.get("WT_PORT", "8000"))
    app = create_app()
    server = WSGIServer((host, port), app, log=None)
    logging.getLogger("wordle").info("serving on http://%s:%d", host, port)
    server.serve_forever()


if __name__ == "__main__":
    main()
