"""Playing online: the table opened and joined, the lobby, the chat, and every device's
moves through the protocol's Device."""
