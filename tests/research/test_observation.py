"""What a seat sees: exactly the engine's view of it, as numbers and as text.

The test the issue asks for: no observation tensor of a seat changes when only
another seat's hand changes (a card of it swapped with one of the draw deck);
the holder's own does, so the test can fail. Cards laid face down change no
seat's. And the tensors are built from the state alone: no Move object, no
notation."""

from __future__ import annotations

import random

import pytest

from tests.support.needs import need

np = need("numpy", "python -m pip install -e '.[openspiel]'")

from brass.research.observation import Encoder  # noqa: E402
from tests.research.play import GAMES, RULESETS, decisions, fewest  # noqa: E402
from tests.support import sweep  # noqa: E402

EVERY = 23  # decisions between the positions checked
SWEEP_EVERY = sweep.size(ci=61, nightly=3)


def _seen(encoder, table, seat):
    return (
        encoder.encode(table, seat).tobytes(),
        encoder.encode(table, seat, recall=True).tobytes(),
        encoder.describe(table, seat),
        encoder.describe(table, seat, recall=True),
        table.legal_actions() if table.current_player == seat else None,
    )


def _swap_with_deck(table, holder, rng, hand=True) -> bool:
    """Swap a card of ``holder``'s hand (or of its cards face down) with a different card
    of the draw deck; False if there is none to swap."""
    state = table.game.state
    player = state.players[holder]
    cards = player.hand if hand else player.discard[: player.fields.get("face_down", 0)]
    for i in rng.sample(range(len(cards)), len(cards)):
        others = [j for j, card in enumerate(state.deck) if card.id != cards[i].id]
        if others:
            j = rng.choice(others)
            cards[i], state.deck[j] = state.deck[j], cards[i]
            return True
    return False


def _check(name, players, seed, every=EVERY):
    encoder = Encoder(_space(name), players)
    rng = random.Random(seed)
    checked = 0
    for table in decisions(name, players, seed, every=every):
        if table.is_terminal():
            break
        for holder in range(players):
            if holder == table.current_player:
                continue  # its move so far was made with the cards it holds
            changed = table.copy()
            if not _swap_with_deck(changed, holder, rng):
                continue
            for seat in range(players):
                if seat != holder:
                    assert _seen(encoder, changed, seat) == _seen(encoder, table, seat), f"seat {seat} saw seat {holder}'s hand"
            assert encoder.encode(changed, holder).tobytes() != encoder.encode(table, holder).tobytes()
            checked += 1
        buried = table.copy()
        if _swap_with_deck(buried, 0, rng, hand=False):
            for seat in range(players):
                assert _seen(encoder, buried, seat) == _seen(encoder, table, seat), f"seat {seat} saw a card face down"
    assert checked > 0


def _space(name):
    from brass.research import space_of
    from brass.ruleset import load_ruleset

    return space_of(load_ruleset(name))


@pytest.mark.parametrize("name", RULESETS)
def test_no_seat_sees_another_seats_hand(name):
    _check(name, fewest(name), seed=11)


@pytest.mark.sweep
@pytest.mark.parametrize("name,players", GAMES)
def test_no_seat_sees_another_seats_hand_at_every_player_count(name, players):
    _check(name, players, seed=12, every=SWEEP_EVERY)


def test_the_blocks_lay_out_the_vector():
    encoder = Encoder(_space("birmingham"), 4)
    assert sum(size for _, size, _ in encoder.blocks) == encoder.size
    assert [name for name, _, _ in encoder.blocks][:3] == ["to_move", "era", "clock"]
    assert encoder.recall_size == encoder.size + len(encoder.space.sections["token"])
    for name, size, shape in encoder.blocks:
        assert int(np.prod(shape)) == size, name


def test_seats_are_seen_from_the_observer():
    """Each seat sees itself first: its own money in the first row of players."""
    table = next(decisions("birmingham", 3, seed=1, every=40))
    encoder = Encoder(table.space, 3)
    for seat in range(3):
        vector = encoder.encode(table, seat)
        base = encoder.offsets["players"]
        assert vector[base] == pytest.approx(table.game.state.players[seat].money / 100)


def test_the_vectors_are_built_without_moves_or_notation(monkeypatch):
    import brass.game.moves as moves
    import brass.game.notation as notation

    def refused(*args, **kwargs):
        raise AssertionError("a Move or a move's notation was made")

    monkeypatch.setattr(moves.Move, "__init__", refused)
    monkeypatch.setattr(moves, "write_move", refused)
    monkeypatch.setattr(notation, "write_move", refused)
    encoder = Encoder(_space("lancashire"), 2)
    count = 0
    for table in decisions("lancashire", 2, seed=3, every=7, limit=300):
        if not table.is_terminal():
            encoder.encode(table, table.current_player, recall=True)
            count += 1
    assert count > 10
