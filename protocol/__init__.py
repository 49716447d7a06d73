"""The websocket protocol, one definition: what clients send (`client`), what the server sends
(`server`, its nested values in `views`, how they are written in `wire`), the codes the server
sends (`codes`) with their English texts (`texts`), and the field constraints (`constraints`).
PROTOCOL.md beside them is the prose version, checked against these classes by the tests.

Values only (no actors, sockets or database); this `__init__` imports nothing.
"""
