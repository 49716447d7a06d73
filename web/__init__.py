"""Transport: the Flask app (`application.create_app`), REST routes, websocket endpoint and
the static client. This `__init__` imports nothing, so that the blueprints the factory imports
never import it back.
"""
