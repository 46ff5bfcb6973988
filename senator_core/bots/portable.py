"""exp, tanh and log with the same result to the last bit on every platform.

The C libraries behind `math.exp` and friends differ in their last bits (the
browser's WebAssembly build against the desktop's), and a search that
compares sums of such values would then grow a different tree from the same
seed. These use only IEEE-754 arithmetic, which is exact-rounded everywhere,
and exact scaling by powers of two, so a seeded computer player chooses alike
in CPython and in the browser. They are accurate to a few units in the last
place, which is all the players need.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

LN2 = 0.6931471805599453  # the float nearest ln 2
INV_LN2 = 1.4426950408889634
SQRT2 = 1.4142135623730951
MIN_EXP = -745.0  # exp of anything lower is 0.0
MAX_EXP = 709.0


def exp(x: float) -> float:
    """e to the x: x = k ln2 + r with |r| <= ln2 / 2, then a Taylor sum for e to the r."""
    if x < MIN_EXP:
        return 0.0
    if x > MAX_EXP:
        raise OverflowError("exp overflow")
    k = math.floor(x * INV_LN2 + 0.5)
    r = x - k * LN2
    # Horner's form of the Taylor polynomial of degree 13 (error below 1e-17 here).
    s = 1.0 + r * (
        1.0
        + r
        * (
            1 / 2
            + r
            * (
                1 / 6
                + r
                * (
                    1 / 24
                    + r
                    * (
                        1 / 120
                        + r
                        * (
                            1 / 720
                            + r
                            * (
                                1 / 5040
                                + r
                                * (
                                    1 / 40320
                                    + r
                                    * (
                                        1 / 362880
                                        + r
                                        * (
                                            1 / 3628800
                                            + r
                                            * (
                                                1 / 39916800
                                                + r * (1 / 479001600 + r * (1 / 6227020800))
                                            )
                                        )
                                    )
                                )
                            )
                        )
                    )
                )
            )
        )
    )
    return math.ldexp(s, k)


def tanh(x: float) -> float:
    """The hyperbolic tangent, from `exp` of minus twice |x|."""
    if x > 20.0:
        return 1.0
    if x < -20.0:
        return -1.0
    e = exp(-2.0 * abs(x))
    t = (1.0 - e) / (1.0 + e)
    return t if x >= 0 else -t


def log(x: float) -> float:
    """The natural logarithm of x > 0: x = m 2^e with m in [sqrt(1/2), sqrt(2)), then
    log m = 2 atanh((m - 1) / (m + 1)) as a series."""
    if x <= 0.0:
        raise ValueError("math domain error")
    m, e = math.frexp(x)  # exact: x = m * 2**e, 0.5 <= m < 1
    if m < SQRT2 / 2:
        m *= 2.0
        e -= 1
    z = (m - 1.0) / (m + 1.0)  # |z| < 0.172
    z2 = z * z
    term = z
    total = z
    for odd in range(3, 31, 2):
        term *= z2
        total += term / odd
    return 2.0 * total + e * LN2


def add(values: Iterable[float]) -> float:
    """The sum of floats added one by one from the left: Python 3.12 made `sum` of
    floats compensated, so `sum` differs between the desktop's Python and the
    browser's."""
    total = 0.0
    for value in values:
        total += value
    return total
