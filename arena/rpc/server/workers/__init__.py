"""A server of several worker processes: the pool that starts them (`pool`), the house each
worker keeps (`house`), the links between them (`links`, `mesh`, `bus`), seats relayed from
the worker holding a bot's stream when the playing worker holds none (`relay`: the fallback;
SDK bots keep a stream on every worker, so their seats are local) and watch streams relayed
(`watch_relay`)."""
