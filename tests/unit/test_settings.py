import pytest

from models.settings import Settings, SettingsError


def test_defaults_need_no_environment():
    s = Settings.from_env({})
    assert (s.turn_seconds, s.intro_seconds, s.reconnect_grace_seconds) == (30.0, 6.0, 60.0)
    assert s.database_url.startswith("sqlite:///") and s.bot_fill is True


def test_values_are_parsed_and_overrides_win():
    env = {"WT_TURN_SECONDS": "0.3", "WT_BOT_FILL": "off", "WT_PORT": "9001"}
    s = Settings.from_env(env, intro_seconds=0.1)
    assert (s.turn_seconds, s.bot_fill, s.port, s.intro_seconds) == (0.3, False, 9001, 0.1)


@pytest.mark.parametrize(
    "key, value",
    [
        ("WT_TURN_SECONDS", "soon"),
        ("WT_TURN_SECONDS", "-1"),
        ("WT_PORT", "70000"),
        ("WT_BOT_FILL", "maybe"),
        ("WT_DATABASE_URL", "postgres://x/y"),
        ("WT_LOG_LEVEL", "LOUD"),
    ],
)
def test_bad_values_name_the_variable(key, value):
    with pytest.raises(SettingsError, match=key):
        Settings.from_env({key: value})


def test_every_setting_is_documented_in_the_readme():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    missing = [name for name, _ in Settings.variables() if name not in readme]
    assert not missing, f"README.md does not document {missing}"
