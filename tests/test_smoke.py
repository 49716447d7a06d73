from web import create_app


def test_health_route_answers_ok():
    client = create_app({"TESTING": True}).test_client()
    assert client.get("/healthz").get_json() == {"status": "ok"}
