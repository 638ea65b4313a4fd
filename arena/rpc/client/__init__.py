"""The client side: the bot SDK's runtime (`bot_client`, `policy_runner`, `connect_errors`) and
the organizer's ArenaService client (`remote`). Nothing here imports the server or the store."""
