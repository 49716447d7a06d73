import pytest

from models.scoring import is_solved, score


@pytest.mark.parametrize(
    "secret, guess, marks",
    [
        pytest.param("crane", "crane", "ggggg", id="solved"),
        pytest.param("crane", "moist", "xxxxx", id="nothing-in-common"),
        pytest.param("crane", "eerie", "xxyxg", id="repeat-in-guess-only:extra-e-grey"),
        pytest.param("abbey", "bring", "yxxxx", id="repeat-in-secret-only:one-yellow-b"),
        pytest.param("apple", "papal", "yygxy", id="repeat-in-both:second-a-grey"),
        pytest.param("eerie", "geese", "xgyxg", id="green-and-yellow-same-letter"),
        pytest.param("abcde", "aaaaa", "gxxxx", id="green-uses-the-only-a"),
        pytest.param("aabbb", "bbaaa", "yyyyx", id="yellows-capped-by-count"),
        pytest.param("speed", "erase", "yxxyy", id="two-e-yellow-twice-s-yellow"),
        pytest.param("robot", "boost", "ygyxg", id="yellow-and-green-o"),
        pytest.param("llama", "hello", "xxyyx", id="two-l-both-yellow"),
    ],
)
def test_repeated_letters(secret, guess, marks):
    assert score(list(secret), list(guess)) == marks


def test_letters_of_several_code_points_are_single_tiles():
    secret = ("oʻ", "r", "i", "k")  # Uzbek oʻrik: four letters, five code points
    assert score(secret, ("o", "r", "oʻ", "k")) == "xgyg"
    assert score(secret, ("oʻ", "r", "i", "k")) == "gggg"
    assert score(("g", "oʻ", "sh", "t"), ("g", "o", "s", "h")) == "gxxx"


def test_length_mismatch_is_an_error():
    with pytest.raises(ValueError):
        score("abc", "ab")


def test_is_solved():
    assert is_solved("gggg")
    assert not is_solved("gggy")
    assert not is_solved("")
