"""A device's key: BIP-340 signatures, as Nostr events carry them."""

from __future__ import annotations

import csv
from pathlib import Path

from senator_core.online.keys import Key, verifies, verify
from senator_core.online.wire import DEVICE

VECTORS = Path(__file__).parent / "fixtures" / "bip340.csv"


def test_the_published_bip340_vectors_sign_and_verify_alike() -> None:
    rows = list(csv.DictReader(VECTORS.open(encoding="utf-8")))
    assert len(rows) == 15
    for row in rows:
        public, message = row["public key"].lower(), bytes.fromhex(row["message"])
        if row["secret key"]:
            key = Key(bytes.fromhex(row["secret key"]))
            assert key.public == public
            assert key.sign(message, bytes.fromhex(row["aux_rand"])) == row["signature"].lower()
        expected = row["verification result"] == "TRUE"
        assert verify(public, message, row["signature"].lower()) is expected, row["index"]


def test_a_signature_holds_for_its_own_key_and_text_alone() -> None:
    one, other = Key(), Key()
    sig = one.says("senator-move|t|3|play 5")
    assert DEVICE.match(one.public) and one.public != other.public
    assert verifies(one.public, "senator-move|t|3|play 5", sig)
    assert not verifies(other.public, "senator-move|t|3|play 5", sig)
    assert not verifies(one.public, "senator-move|t|4|play 5", sig)
    assert not verifies(one.public, "senator-move|t|3|play 5", sig[:-2] + "00")
    assert not verifies("zz" * 32, "x", sig) and not verifies(one.public, "x", "nonsense")
    assert Key(bytes.fromhex(one.secret)).public == one.public  # kept and restored
