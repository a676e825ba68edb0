"""The game server: FastAPI app, rooms, storage, pub/sub, message models and board views."""
