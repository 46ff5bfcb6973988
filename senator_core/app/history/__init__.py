"""Games played: the games kept on this browser, with wins against each computer level."""
