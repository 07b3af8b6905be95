"""How a consumption splits its units into forced ones and the player's choices."""

from __future__ import annotations

from brass.language.consumption import grouped, new_plan, take


def plan_for(entries, limit, needed):
    """entries: (name, count, offered); returns (still needed, forced, choices)."""
    plan = new_plan("beer", ())
    remaining = take(plan, grouped([(0, name, count, offered) for name, count, offered in entries], False, limit), needed)
    choices = [(sorted(h for h, _, _ in group), need) for group, need in plan.choices]
    return remaining, sorted(plan.forced), choices


def test_everything_a_group_holds_is_taken_when_it_is_exactly_what_is_needed():
    assert plan_for([("brewery", 1, False), ("merchant", 1, True)], 1, 2) == (0, [("brewery", 1), ("merchant", 1)], [])


def test_offered_holders_beyond_their_limit_leave_a_choice_even_when_all_that_may_be_taken_is_needed():
    # Two merchants' barrels, one may be drunk, one is needed: which one is the player's choice.
    assert plan_for([("oxford:0", 1, True), ("oxford:1", 1, True)], 1, 1) == (0, [], [(["oxford:0", "oxford:1"], 1)])


def test_offered_holders_beyond_their_limit_give_only_their_limit_when_more_is_needed():
    assert plan_for([("oxford:0", 1, True), ("oxford:1", 1, True)], 1, 2) == (1, [], [(["oxford:0", "oxford:1"], 1)])


def test_more_than_is_needed_is_a_choice():
    assert plan_for([("a", 2, False), ("b", 1, False)], None, 2) == (0, [], [(["a", "b"], 2)])


def test_less_than_is_needed_is_all_taken_and_the_rest_still_needed():
    assert plan_for([("a", 1, False)], None, 3) == (2, [("a", 1)], [])
