"""The referee server: listening (`listen`), the two services (`services`, `bot_service`), bot
sessions and their registry, hosting tournaments, watch streams, and the server's shared state."""
