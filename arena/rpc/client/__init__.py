"""The client side: the bot SDK's runtime (`bot_client`, `connect_errors`; a policy runs
through `arena.match.policy_runner`, as in-process players' do) and the organizer's ArenaService
client (`remote`). Nothing here imports the server or the store."""
