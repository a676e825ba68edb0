"""Chat per game (decision records 0148, 0149): the players' chat, seen by the players, and
the spectators' chat, seen by the spectators.

* :mod:`.words`: what a message may be (500 characters, no control characters);
* :mod:`.shown`: what one socket is shown of a chat event (its side's, not muted);
* :mod:`.tables` and :mod:`.storage`: the lines and mutes kept with the game;
* :mod:`.talk`: saying, muting, and the chat a socket gets when it (re)connects.

A message is an event of the game (``{"kind": "chat", ...}``), numbered, committed and
published as a move is: it crosses server processes on the shared bus and is caught up
by number like any event. Each socket's sender passes on only what its side may read.
"""
