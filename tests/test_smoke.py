from models.settings import Settings
from web.application import create_app


def test_health_route_answers_ok(tmp_path):
    settings = Settings(database_url=f"sqlite:///{tmp_path}/wordle.db")  # never the real data/
    client = create_app({"TESTING": True, "SETTINGS": settings}).test_client()
    assert client.get("/healthz").get_json() == {"status": "ok"}
