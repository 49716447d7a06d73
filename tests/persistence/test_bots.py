"""Bot accounts on both databases: flagged and named as bots, found by rating, fresh tokens."""

from __future__ import annotations

import random

import pytest

from models.store.errors import NotFound
from models.store.sql import SqlStore

store = SqlStore()


def test_bots_are_flagged_named_and_found_near_a_rating(db_url):
    rng = random.Random(3)
    low, _ = store.create_bot("weak", 1000, rng)
    high, _ = store.create_bot("strong", 1300, rng)
    person, _ = store.create_player(rng=rng)
    assert low.is_bot and low.nickname.startswith("Bot ") and low.bot_level == "weak"
    assert (low.rating, high.rating) == (1000, 1300)
    assert not person.is_bot
    near = store.bots_near(1250, 150, exclude=(), limit=5)
    assert [b.id for b in near] == [high.id]  # the person is never picked
    both = store.bots_near(1150, 150, exclude=(), limit=5)
    assert {b.id for b in both} == {low.id, high.id}
    assert store.bots_near(1150, 150, exclude=[high.id], limit=5)[0].id == low.id
    assert len(store.bots_near(1150, 150, exclude=(), limit=1)) == 1


def test_a_fresh_bot_token_replaces_the_old_one_and_only_for_bots(db_url):
    bot, old = store.create_bot("good", 1000, random.Random(4))
    new = store.issue_bot_token(bot.id)
    assert store.player_by_token(new).id == bot.id
    assert store.player_by_token(old) is None
    person, token = store.create_player(rng=random.Random(5))
    with pytest.raises(NotFound):
        store.issue_bot_token(person.id)
    assert store.player_by_token(token).id == person.id  # untouched
