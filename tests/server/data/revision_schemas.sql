-- revision 0001
CREATE INDEX ix_games_creator ON games (creator);
CREATE INDEX ix_games_live ON games (live);
CREATE INDEX ix_games_status ON games (status);
CREATE INDEX ix_links_game_id ON links (game_id);
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
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
CREATE TABLE seats (
	game_id VARCHAR(32) NOT NULL, 
	seat INTEGER NOT NULL, 
	token_hash VARCHAR(64), 
	PRIMARY KEY (game_id, seat), 
	FOREIGN KEY(game_id) REFERENCES games (id)
);

-- revision 0002

-- revision 0003
CREATE INDEX ix_reviews_status ON reviews (status);
CREATE TABLE reviews (
	game_id VARCHAR(32) NOT NULL, 
	status VARCHAR(16) NOT NULL, 
	level INTEGER NOT NULL, 
	done INTEGER DEFAULT '0' NOT NULL, 
	total INTEGER DEFAULT '0' NOT NULL, 
	updated FLOAT NOT NULL, 
	error TEXT, 
	document TEXT, 
	PRIMARY KEY (game_id), 
	FOREIGN KEY(game_id) REFERENCES games (id)
);

-- revision 0004
CREATE INDEX ix_account_seats_account_id ON account_seats (account_id);
CREATE INDEX ix_rating_history_account_pool ON rating_history (account_id, pool, at);
CREATE INDEX ix_sessions_account_id ON sessions (account_id);
CREATE INDEX ix_sessions_expires ON sessions (expires);
CREATE TABLE account_seats (
	game_id VARCHAR(32) NOT NULL, 
	seat INTEGER NOT NULL, 
	account_id INTEGER NOT NULL, 
	linked_ply INTEGER NOT NULL, 
	result VARCHAR(8), 
	rated BOOLEAN DEFAULT '0' NOT NULL, 
	pool VARCHAR(16), 
	rating_before FLOAT, 
	rating_after FLOAT, 
	ended FLOAT, 
	PRIMARY KEY (game_id, seat), 
	FOREIGN KEY(account_id) REFERENCES accounts (id), 
	FOREIGN KEY(game_id) REFERENCES games (id)
);
CREATE TABLE accounts (
	id INTEGER NOT NULL, 
	username VARCHAR(20) NOT NULL, 
	name_key VARCHAR(20) NOT NULL, 
	password_hash VARCHAR(200) NOT NULL, 
	recovery_hash VARCHAR(200), 
	created FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (name_key)
);
CREATE TABLE game_terms (
	game_id VARCHAR(32) NOT NULL, 
	rated BOOLEAN NOT NULL, 
	PRIMARY KEY (game_id), 
	FOREIGN KEY(game_id) REFERENCES games (id)
);
CREATE TABLE login_failures (
	"key" VARCHAR(80) NOT NULL, 
	failures INTEGER NOT NULL, 
	since FLOAT NOT NULL, 
	PRIMARY KEY ("key")
);
CREATE TABLE rating_history (
	id INTEGER NOT NULL, 
	account_id INTEGER NOT NULL, 
	pool VARCHAR(16) NOT NULL, 
	game_id VARCHAR(32) NOT NULL, 
	at FLOAT NOT NULL, 
	rating FLOAT NOT NULL, 
	rd FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(account_id) REFERENCES accounts (id), 
	FOREIGN KEY(game_id) REFERENCES games (id)
);
CREATE TABLE ratings (
	account_id INTEGER NOT NULL, 
	pool VARCHAR(16) NOT NULL, 
	rating FLOAT NOT NULL, 
	rd FLOAT NOT NULL, 
	volatility FLOAT NOT NULL, 
	games INTEGER NOT NULL, 
	last_played FLOAT, 
	PRIMARY KEY (account_id, pool), 
	FOREIGN KEY(account_id) REFERENCES accounts (id)
);
CREATE TABLE sessions (
	id_hash VARCHAR(64) NOT NULL, 
	account_id INTEGER NOT NULL, 
	created FLOAT NOT NULL, 
	expires FLOAT NOT NULL, 
	PRIMARY KEY (id_hash), 
	FOREIGN KEY(account_id) REFERENCES accounts (id)
);

-- revision 0005
CREATE INDEX ix_offers_account_id ON offers (account_id);
CREATE INDEX ix_offers_kind_status ON offers (kind, status);
CREATE INDEX ix_offers_target_id ON offers (target_id);
CREATE TABLE offers (
	id VARCHAR(32) NOT NULL, 
	kind VARCHAR(10) NOT NULL, 
	key_hash VARCHAR(64) NOT NULL, 
	seat_hash VARCHAR(64) NOT NULL, 
	account_id INTEGER, 
	name VARCHAR(40) NOT NULL, 
	target_id INTEGER, 
	game VARCHAR(32) NOT NULL, 
	options TEXT NOT NULL, 
	clock TEXT NOT NULL, 
	rated BOOLEAN NOT NULL, 
	pool VARCHAR(16), 
	rating_min INTEGER, 
	rating_max INTEGER, 
	creator VARCHAR(32), 
	status VARCHAR(16) NOT NULL, 
	game_id VARCHAR(32), 
	seat INTEGER, 
	created FLOAT NOT NULL, 
	seen FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(account_id) REFERENCES accounts (id), 
	FOREIGN KEY(game_id) REFERENCES games (id), 
	FOREIGN KEY(target_id) REFERENCES accounts (id)
);

-- revision 0006
CREATE INDEX ix_chat_lines_side ON chat_lines (game_id, channel, seq);
CREATE TABLE chat_lines (
	game_id VARCHAR(32) NOT NULL, 
	seq INTEGER NOT NULL, 
	channel VARCHAR(16) NOT NULL, 
	seat INTEGER, 
	PRIMARY KEY (game_id, seq), 
	FOREIGN KEY(game_id) REFERENCES games (id)
);
CREATE TABLE chat_mutes (
	game_id VARCHAR(32) NOT NULL, 
	seat INTEGER NOT NULL, 
	PRIMARY KEY (game_id, seat), 
	FOREIGN KEY(game_id) REFERENCES games (id)
);
