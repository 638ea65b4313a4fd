"""A server of several worker processes: the pool that starts them (`pool`), the house each
worker keeps (`house`), the links between them (`links`, `mesh`, `bus`), seats relayed from
the worker holding a bot's stream (`relay`) and watch streams relayed (`watch_relay`)."""
