"""A lobby and its tournament as a pure step function over an immutable state.

inputs.py  what a lobby is told (also the lobby actor's mailbox messages)
state.py   the state value: seats, and the tournament being played
effects.py what a step asks the world to do
room.py    the people of the lobby, and how frames reach them (the step's base)
run.py     the running tournament (the step's tournament half)
views.py   what players see of it (snapshot views, recap, turn frames)
step.py    `step(state, message, now, ctx) -> (state, effects)`
"""
