"""Accounts: user names and passwords, sessions, the seats an account plays, ratings.

One module a job: ``names`` (the user-name rules), ``passwords`` (Argon2id, recovery
codes), ``tables`` (the storage layout, on server/store.py's metadata), ``storage``
(reading and writing accounts, sessions and failed logins), ``sessions`` (the cookie and
the cross-site guard), ``seats`` (linking seats to accounts), ``rated`` (the ratings
updated in the transaction that ends a game), ``models`` (the API's bodies and answers),
``routes`` (the API) and ``pages`` (the browser's pages). The Glicko-2 arithmetic is pure
and lives in play/ratings.py. Decision records 0121-0125.
"""
