//! The street templates of each deal (`LAYOUTS` of `rules/spec.py`): the cards dealt street by
//! street, with fixed-limit bet sizes and where an open pair may allow the big bet (RULES.md
//! §2.3, §2.9, §3.2–3, §4.1–3).

/// One street: the cards dealt, then a betting round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Street {
    /// As the logs print it: `3rd STREET`, `FLOP`.
    pub name: &'static str,
    pub down: u32,
    pub up: u32,
    pub board: u32,
    /// Hole cards each player turns face up.
    pub turn_up: u32,
    /// `small` or `big` (fixed limit only).
    pub bet_size: Option<&'static str>,
    /// An open pair showing allows the big bet on this street.
    pub open_pair_big_bet: bool,
    /// A draw street: each player still in discards up to this many cards.
    pub draw: u32,
    /// The structure of this street's betting round (set on a spec's streets only).
    pub structure: Option<&'static str>,
}

impl Street {
    pub const fn named(name: &'static str) -> Street {
        Street {
            name,
            down: 0,
            up: 0,
            board: 0,
            turn_up: 0,
            bet_size: None,
            open_pair_big_bet: false,
            draw: 0,
            structure: None,
        }
    }

    const fn deal(mut self, down: u32, up: u32, board: u32) -> Street {
        self.down = down;
        self.up = up;
        self.board = board;
        self
    }

    const fn small(mut self) -> Street {
        self.bet_size = Some("small");
        self
    }

    const fn big(mut self) -> Street {
        self.bet_size = Some("big");
        self
    }

    const fn open_pair(mut self) -> Street {
        self.open_pair_big_bet = true;
        self
    }

    const fn drawing(mut self, draw: u32) -> Street {
        self.draw = draw;
        self
    }

    /// Cards dealt to each player on this street.
    pub fn per_player(&self) -> u32 {
        self.down + self.up
    }
}

const fn board_game(down: u32) -> [Street; 4] {
    [
        Street::named("HOLE CARDS").deal(down, 0, 0).small(),
        Street::named("FLOP").deal(0, 0, 3).small(),
        Street::named("TURN").deal(0, 0, 1).big(),
        Street::named("RIVER").deal(0, 0, 1).big(),
    ]
}

const fn triple_draw(down: u32) -> [Street; 4] {
    [
        Street::named("DEALING HANDS").deal(down, 0, 0).small(),
        Street::named("FIRST DRAW").drawing(down).small(),
        Street::named("SECOND DRAW").drawing(down).big(),
        Street::named("THIRD DRAW").drawing(down).big(),
    ]
}

const STUD5: [Street; 4] = [
    Street::named("2nd STREET").deal(1, 1, 0).small(),
    Street::named("3rd STREET")
        .deal(0, 1, 0)
        .small()
        .open_pair(),
    Street::named("4th STREET").deal(0, 1, 0).big(),
    Street::named("5th STREET").deal(0, 1, 0).big(),
];
const STUD7: [Street; 5] = [
    Street::named("3rd STREET").deal(2, 1, 0).small(),
    Street::named("4th STREET")
        .deal(0, 1, 0)
        .small()
        .open_pair(),
    Street::named("5th STREET").deal(0, 1, 0).big(),
    Street::named("6th STREET").deal(0, 1, 0).big(),
    Street::named("RIVER").deal(1, 0, 0).big(),
];
const HOLDEM: [Street; 4] = board_game(2);
const OMAHA4: [Street; 4] = board_game(4);
const OMAHA5: [Street; 4] = board_game(5);
const OMAHA6: [Street; 4] = board_game(6);
// PokerStars prints no marker for a single draw; a triple draw's are FIRST, SECOND and THIRD DRAW.
const SINGLE_DRAW: [Street; 2] = [
    Street::named("DEALING HANDS").deal(5, 0, 0).small(),
    Street::named("DRAW").drawing(5).big(),
];
const TRIPLE_DRAW5: [Street; 4] = triple_draw(5);
const TRIPLE_DRAW4: [Street; 4] = triple_draw(4);
// Courchevel: the first board card comes with the hole cards (PokerStars: `*** PRE-FLOP *** [2s]`).
const COURCHEVEL: [Street; 4] = [
    Street::named("HOLE CARDS").deal(5, 0, 1).small(),
    Street::named("FLOP").deal(0, 0, 2).small(),
    Street::named("TURN").deal(0, 0, 1).big(),
    Street::named("RIVER").deal(0, 0, 1).big(),
];

/// The street template of a `cards` value (a word of `CardsLayout`).
pub fn layout(cards: &str) -> &'static [Street] {
    match cards {
        "one_down_four_up" => &STUD5,
        "two_down_four_up_one_down" => &STUD7,
        "two_down_five_board" => &HOLDEM,
        "four_down_five_board" => &OMAHA4,
        "five_down_five_board" => &OMAHA5,
        "six_down_five_board" => &OMAHA6,
        "five_down_one_draw" => &SINGLE_DRAW,
        "five_down_three_draws" => &TRIPLE_DRAW5,
        "four_down_three_draws" => &TRIPLE_DRAW4,
        "five_down_five_board_one_preflop" => &COURCHEVEL,
        _ => panic!("no layout for cards={cards}"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_cards_value_has_a_layout() {
        for cards in super::super::vocab::CardsLayout::TEXTS {
            assert!(!super::layout(cards).is_empty());
        }
    }
}
