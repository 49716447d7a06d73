from models.matchmaking import LobbyView, candidates, fits


def lobby(i, seated, average, created=0.0, language="en", open_=True):
    return LobbyView(i, language, seated, average, created, open_)


def test_window_is_200_inclusive_and_by_the_lobby_average():
    assert fits(lobby(1, 3, 1100), "en", 1300)
    assert not fits(lobby(1, 3, 1100), "en", 1300.5)
    assert fits(lobby(1, 0, 0.0), "en", 2500)  # an empty lobby takes anyone


def test_language_room_and_open():
    assert not fits(lobby(1, 3, 1000, language="de"), "en", 1000)
    assert not fits(lobby(1, 7, 1000), "en", 1000, size=2)
    assert fits(lobby(1, 6, 1000), "en", 1000, size=2)
    assert not fits(lobby(1, 3, 1000, open_=False), "en", 1000)


def test_fullest_first_then_oldest():
    lobbies = [
        lobby(1, 2, 1000, 5.0),
        lobby(2, 5, 1150, 9.0),
        lobby(3, 5, 1000, 7.0),
        lobby(4, 7, 1301, 1.0),  # one point out of the window
    ]
    assert [v.id for v in candidates(lobbies, "en", 1100)] == [3, 2, 1]
