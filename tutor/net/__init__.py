"""Playing with others over the network: one host runs the table, clients take seats.

See docs/table-protocol.md. `frames` is the wire (JSON lines, capped and validated), `game`
what the host needs from each game, `host` the server and referee, `link` a client's
connection.
"""
