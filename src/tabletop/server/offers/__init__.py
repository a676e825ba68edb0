"""Finding an opponent: seeks (a game offered to whoever fits) and challenges (a game
offered to one named player), and the "My games" listing.

One module a job: ``tables`` (the ``offers`` table, on server/store.py's metadata),
``storage`` (reading and writing offers; the one-winner claim), ``start`` (the game an
accepted offer starts, both seats held at once), ``models`` (the API's bodies and
answers), ``routes`` (the API), ``mine`` (an account's games, "your turn" first) and
``pages`` (the My games page). Decision records 0144-0146.
"""
