"""Online play: the protocol devices at one table speak, pure and without a network
(`wire` for the messages, `chance` for draws nobody foresees, `table` for what each
device does). The browser's transport carries the messages."""
