import pytest

from models.party import MAX_MEMBERS, Party, PartyError


def party():
    return Party.create(1, leader=10, language="en", invite="tok")


def test_join_by_invite_up_to_eight():
    p = party()
    for m in range(11, 11 + MAX_MEMBERS - 1):
        p = p.join(m, "tok")
    assert len(p.members) == MAX_MEMBERS
    with pytest.raises(PartyError) as e:
        p.join(99, "tok")
    assert e.value.code == "party_full"
    assert p.join(11, "tok") is p  # joining twice changes nothing


def test_renewed_invite_voids_the_old_one():
    p = party().renew_invite(10, "new")
    with pytest.raises(PartyError) as e:
        p.join(11, "tok")
    assert e.value.code == "bad_invite"
    assert p.join(11, "new").members == (10, 11)


def test_leadership_passes_on_when_the_leader_leaves():
    p = party().join(11, "tok").join(12, "tok")
    p = p.leave(10)
    assert p.leader == 11 and p.members == (11, 12)
    assert p.leave(11).leave(12) is None


def test_leader_only_actions():
    p = party().join(11, "tok").join(12, "tok")
    for action in (
        lambda: p.remove(11, 12),
        lambda: p.hand_over(11, 12),
        lambda: p.renew_invite(11, "x"),
        lambda: p.check_start(11, lambda m: False),
    ):
        with pytest.raises(PartyError) as e:
            action()
        assert e.value.code == "not_leader"
    assert p.hand_over(10, 12).leader == 12
    assert p.remove(10, 11).members == (10, 12)
    with pytest.raises(PartyError):
        p.remove(10, 10)


def test_start_waits_until_nobody_is_in_a_tournament():
    p = party().join(11, "tok")
    with pytest.raises(PartyError) as e:
        p.check_start(10, lambda m: m == 11)
    assert e.value.code == "members_playing"
    p.check_start(10, lambda m: False)
