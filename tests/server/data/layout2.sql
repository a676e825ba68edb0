BEGIN TRANSACTION;
CREATE TABLE events (
	id INTEGER NOT NULL, 
	game_id VARCHAR(32) NOT NULL, 
	seq INTEGER NOT NULL, 
	created FLOAT NOT NULL, 
	event TEXT NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT one_event_per_seq UNIQUE (game_id, seq), 
	FOREIGN KEY(game_id) REFERENCES games (id)
);
INSERT INTO "events" VALUES(1,'ncfQ2xWxOeiT',1,1.79576204486475658412e+09,'{"kind": "move", "seat": 0, "move": "E5"}');
INSERT INTO "events" VALUES(2,'ncfQ2xWxOeiT',2,1.79576204491017460819e+09,'{"kind": "move", "seat": 1, "move": "C3"}');
INSERT INTO "events" VALUES(3,'ncfQ2xWxOeiT',3,1.79576204495374155047e+09,'{"kind": "move", "seat": 0, "move": "D4"}');
CREATE TABLE games (
	id VARCHAR(32) NOT NULL, 
	game VARCHAR(32) NOT NULL, 
	status VARCHAR(16) NOT NULL, 
	created FLOAT NOT NULL, 
	updated FLOAT NOT NULL, 
	ply INTEGER NOT NULL, 
	seq INTEGER NOT NULL, 
	open_seats INTEGER NOT NULL, 
	"match" TEXT NOT NULL, 
	live BOOLEAN DEFAULT '0' NOT NULL, 
	creator VARCHAR(32), 
	lobby TEXT DEFAULT '{}' NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "games" VALUES('ncfQ2xWxOeiT','go','playing',1.79576204469772243502e+09,1.79576204495374155047e+09,3,3,0,'{"version":1,"game":"go","options":{"size":9,"rules":"japanese","ko":"simple","scoring":"territory","suicide":"forbidden","komi":6.5,"handicap":0,"handicap_bonus":"none","seki":"simple"},"seats":[{"kind":"person","level":null,"name":"Ann","claimed":true},{"kind":"person","level":null,"name":"Bob","claimed":true}],"clock":{"spec":{"kind":"none"},"main":[0.0,0.0],"periods_left":[0,0],"running":null,"started":1795762044.9533474},"state":{"game":"go","options":{"size":9,"rules":"japanese","ko":"simple","scoring":"territory","suicide":"forbidden","komi":6.5,"handicap":0,"handicap_bonus":"none","seki":"simple"},"moves":null,"resumed":[],"handicap_stones":[],"dead":[]},"moves":null,"status":"playing","undo_request":null,"accepted":[],"resigned":null,"seed":1329465312,"created":1795762044.6972387,"leaving":{},"proposal_pending":false,"pending_toggles":[]}',0,'846488f1dc5c07b4cebe5c14e0814b7b','{"options":{"size":9,"rules":"japanese","ko":"simple","scoring":"territory","suicide":"forbidden","komi":6.5,"handicap":0,"handicap_bonus":"none","seki":"simple"},"seats":[{"seat":0,"name":"Ann","kind":"person","level":null,"claimed":true},{"seat":1,"name":"Bob","kind":"person","level":null,"claimed":true}],"clock":{"kind":"none"}}');
CREATE TABLE links (
	token_hash VARCHAR(64) NOT NULL, 
	game_id VARCHAR(32) NOT NULL, 
	seat INTEGER NOT NULL, 
	state VARCHAR(16) NOT NULL, 
	created FLOAT NOT NULL, 
	PRIMARY KEY (token_hash), 
	FOREIGN KEY(game_id) REFERENCES games (id)
);
CREATE TABLE moves (
	game_id VARCHAR(32) NOT NULL, 
	ply INTEGER NOT NULL, 
	move TEXT NOT NULL, 
	PRIMARY KEY (game_id, ply), 
	FOREIGN KEY(game_id) REFERENCES games (id)
)
 WITHOUT ROWID

;
INSERT INTO "moves" VALUES('ncfQ2xWxOeiT',0,'[{"seat":0,"move":"E5","clock":null},"E5"]');
INSERT INTO "moves" VALUES('ncfQ2xWxOeiT',1,'[{"seat":1,"move":"C3","clock":null},"C3"]');
INSERT INTO "moves" VALUES('ncfQ2xWxOeiT',2,'[{"seat":0,"move":"D4","clock":null},"D4"]');
CREATE TABLE rematches (
	game_id VARCHAR(32) NOT NULL, 
	state TEXT NOT NULL, 
	PRIMARY KEY (game_id), 
	FOREIGN KEY(game_id) REFERENCES games (id)
);
CREATE TABLE schema (
	version INTEGER NOT NULL, 
	PRIMARY KEY (version)
);
INSERT INTO "schema" VALUES(2);
CREATE TABLE seats (
	game_id VARCHAR(32) NOT NULL, 
	seat INTEGER NOT NULL, 
	token_hash VARCHAR(64), 
	PRIMARY KEY (game_id, seat), 
	FOREIGN KEY(game_id) REFERENCES games (id)
);
INSERT INTO "seats" VALUES('ncfQ2xWxOeiT',0,'340b1184e2d8ea0abc1cf5cc0a1f06d9f6e782416865dc5e0c50fe7734123dc0');
INSERT INTO "seats" VALUES('ncfQ2xWxOeiT',1,'5470451e02df6ac31cfadb3014608726a3029bf2dfdc8e13eb9996c2faf8451e');
CREATE INDEX ix_games_status ON games (status);
CREATE INDEX ix_games_live ON games (live);
CREATE INDEX ix_games_creator ON games (creator);
CREATE INDEX ix_links_game_id ON links (game_id);
COMMIT;
