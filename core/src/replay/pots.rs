//! Pots: uncalled bets, main and side pots, awards, odd chips and rake (RULES.md §2 items 10,
//! 18-20; §3 item 6; §4 item 6): the one implementation, which `soko_analytics/replay/pots.py`
//! fronts for Python (through `py/pots.rs`, players as indices).
//!
//! Pure functions on integer minor units, generic over how a player is named (`P`: a seat index in
//! the auditor and the Python binding, a name in tests). Awarding returns one record per pot so that every split can be
//! audited against what a log says was collected. The usual sequence: [`returned_uncalled`],
//! [`build_pots`] on what is left, [`award`] with the hand values, [`rake_pots`] for the net
//! amounts, then [`payouts`].

use std::fmt;

/// Amounts by player in insertion order: the Rust form of the small Python dicts of money.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally<P> {
    entries: Vec<(P, i64)>,
}

impl<P> Default for Tally<P> {
    fn default() -> Tally<P> {
        Tally {
            entries: Vec::new(),
        }
    }
}

impl<P: Copy + PartialEq> Tally<P> {
    pub fn new() -> Tally<P> {
        Tally::default()
    }

    /// Add `amount` to `player`'s entry (a new entry goes last).
    pub fn add(&mut self, player: P, amount: i64) {
        match self.entries.iter_mut().find(|(p, _)| *p == player) {
            Some((_, v)) => *v += amount,
            None => self.entries.push((player, amount)),
        }
    }

    /// Set `player`'s entry (keeping its place if it has one).
    pub fn set(&mut self, player: P, amount: i64) {
        match self.entries.iter_mut().find(|(p, _)| *p == player) {
            Some((_, v)) => *v = amount,
            None => self.entries.push((player, amount)),
        }
    }

    /// The entry of `player`, if any.
    pub fn lookup(&self, player: P) -> Option<i64> {
        self.entries
            .iter()
            .find(|(p, _)| *p == player)
            .map(|&(_, v)| v)
    }

    /// The entry of `player`, 0 if none (`dict.get(p, 0)`).
    pub fn get(&self, player: P) -> i64 {
        self.lookup(player).unwrap_or(0)
    }

    pub fn contains(&self, player: P) -> bool {
        self.lookup(player).is_some()
    }

    pub fn iter(&self) -> impl Iterator<Item = (P, i64)> + '_ {
        self.entries.iter().copied()
    }

    /// The entries whose amount is not zero.
    pub fn nonzero(&self) -> impl Iterator<Item = (P, i64)> + '_ {
        self.iter().filter(|&(_, v)| v != 0)
    }

    pub fn total(&self) -> i64 {
        self.entries.iter().map(|&(_, v)| v).sum()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Inputs that no pot can be built or split from (negative chips, rake above the pot...), with
/// the parts Python's `PotError` (a `SokoError`) shows: the reason, what was expected, what was
/// found. What was found names `players` first (a contributor, the winners given), then `actual`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PotError<P> {
    pub reason: String,
    pub expected: Option<String>,
    pub actual: String,
    /// The players the error is about, named before `actual` in what was found.
    pub players: Vec<P>,
}

impl<P> PotError<P> {
    fn new(reason: &str, actual: String) -> PotError<P> {
        PotError {
            reason: reason.to_string(),
            expected: None,
            actual,
            players: Vec::new(),
        }
    }

    fn expected(mut self, expected: String) -> PotError<P> {
        self.expected = Some(expected);
        self
    }

    fn players(mut self, players: Vec<P>) -> PotError<P> {
        self.players = players;
        self
    }

    /// What was found, each player shown by `name`: the players joined by ", ", then `actual`.
    pub fn found(&self, name: impl Fn(&P) -> String) -> String {
        let players: Vec<String> = self.players.iter().map(name).collect();
        let players = players.join(", ");
        match (players.is_empty(), self.actual.is_empty()) {
            (true, _) => self.actual.clone(),
            (false, true) => players,
            (false, false) => format!("{players} {}", self.actual),
        }
    }
}

/// As Python's `SokoError` shows it: `reason (expected E, got A)`.
impl<P: fmt::Display> fmt::Display for PotError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let found = self.found(|p| p.to_string());
        match &self.expected {
            Some(expected) => write!(f, "{} (expected {expected}, got {found})", self.reason),
            None => write!(f, "{} (got {found})", self.reason),
        }
    }
}

impl<P: fmt::Debug + fmt::Display> std::error::Error for PotError<P> {}

/// One pot: the main pot or a side pot (RULES.md §2 item 19).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pot<P> {
    pub amount: i64,
    /// Players still in who may win it, in seat order.
    pub eligible: Vec<P>,
    /// Everyone who put chips into it, folded players included, in seat order.
    pub contributors: Vec<P>,
    /// The contribution level that caps it.
    pub level: i64,
}

/// Who won one pot and what each winner takes of its (gross) amount; `V` is the hand value (the
/// auditor's evaluator values; any integer from Python).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Award<P, V = u32> {
    /// 0 for the main pot, N for side pot-N.
    pub index: usize,
    /// Everyone who wins a part of it, in share order; empty when undetermined (no eligible
    /// player's hand is known).
    pub winners: Vec<P>,
    pub shares: Vec<(P, i64)>,
    /// The winning hand value of the first share won (None when undetermined or uncontested
    /// with no value).
    pub value: Option<V>,
    /// The winners of each share the pot is split into (hi/lo: high, then low), leaving out a
    /// share nobody qualifies for; one entry in a game of one share.
    pub parts: Vec<Vec<P>>,
}

/// How the rake of a hand is spread over its pots (RULES.md §1: the auditor accepts each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RakeConvention {
    /// All from the main pot; what it cannot cover comes from side pot-1, then pot-2...
    MainPotFirst,
    /// Each pot pays `rake * amount // total`; the remainder is then taken main pot first.
    Proportional,
    /// From the last side pot backwards to the main pot.
    LastPotFirst,
}

impl RakeConvention {
    /// Every convention, in the order they are tried.
    pub const ALL: [RakeConvention; 3] = [
        RakeConvention::MainPotFirst,
        RakeConvention::Proportional,
        RakeConvention::LastPotFirst,
    ];

    /// The name as Python writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            RakeConvention::MainPotFirst => "main_pot_first",
            RakeConvention::Proportional => "proportional",
            RakeConvention::LastPotFirst => "last_pot_first",
        }
    }

    /// The convention Python names `name`, if any.
    pub fn from_name(name: &str) -> Option<RakeConvention> {
        RakeConvention::ALL.into_iter().find(|c| c.as_str() == name)
    }
}

/// Sort rank of `player`: position in `order` (first occurrence); players not in it go after,
/// at `fallback`, their position among the players sorted (Python's `_seat_rank`).
fn seat_rank<P: Copy + PartialEq>(order: &[P], player: P, fallback: usize) -> usize {
    let mut distinct = 0;
    for (i, p) in order.iter().enumerate() {
        if *p == player {
            return distinct;
        }
        if !order[..i].contains(p) {
            distinct += 1;
        }
    }
    distinct + fallback
}

/// The uncalled bet (RULES.md §2 item 10): the top contributor's excess over the second highest
/// (folded players included); a lone contributor gets all of it back; ties return nothing.
pub fn returned_uncalled<P: Copy>(contributions: &[(P, i64)]) -> Option<(P, i64)> {
    let mut top: Option<(P, i64)> = None;
    for &(p, c) in contributions {
        if top.is_none_or(|(_, high)| c > high) {
            top = Some((p, c));
        }
    }
    let (who, high) = top?;
    let mut second: Option<i64> = None;
    let mut skipped = false;
    for &(_, c) in contributions {
        if c == high && !skipped {
            skipped = true;
            continue;
        }
        second = Some(second.map_or(c, |s| s.max(c)));
    }
    let second = second.unwrap_or(0);
    (high > second).then_some((who, high - second))
}

/// Main pot first, then side pots (RULES.md §2 item 19, §3 item 6), layered from each player's
/// total contribution; see `build_pots` in `pots.py` for the choices kept here.
pub fn build_pots<P: Copy + PartialEq>(
    contributions: &[(P, i64)],
    folded: &[P],
    order: &[P],
) -> Result<Vec<Pot<P>>, PotError<P>> {
    if let Some(&(player, chips)) = contributions.iter().find(|&&(_, c)| c < 0) {
        return Err(PotError::new("negative contribution", chips.to_string()).players(vec![player]));
    }
    // In seat order, each player's rank computed once.
    let mut ranked: Vec<(usize, P, i64)> = contributions
        .iter()
        .enumerate()
        .map(|(i, &(p, c))| (seat_rank(order, p, i), p, c))
        .collect();
    ranked.sort_by_key(|&(rank, _, _)| rank);
    let seated = || ranked.iter().map(|&(_, p, c)| (p, c));
    let live = || seated().filter(|(p, _)| !folded.contains(p));
    let total: i64 = contributions.iter().map(|&(_, c)| c).sum();
    let Some(top_live) = live().map(|(_, c)| c).max() else {
        if total != 0 {
            return Err(PotError::new(
                "chips in the pot but no player still in",
                total.to_string(),
            ));
        }
        return Ok(Vec::new());
    };
    let mut cuts: Vec<i64> = contributions
        .iter()
        .map(|&(_, c)| c)
        .filter(|&c| c <= top_live)
        .chain([top_live])
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    let mut pots: Vec<Pot<P>> = Vec::with_capacity(cuts.len());
    let mut prev = 0;
    for level in cuts {
        let mut amount: i64 = contributions
            .iter()
            .map(|&(_, c)| c.min(level) - c.min(prev))
            .sum();
        if level == top_live {
            amount += contributions
                .iter()
                .filter(|&&(_, c)| c > top_live)
                .map(|&(_, c)| c - top_live)
                .sum::<i64>();
        }
        let eligible: Vec<P> = live()
            .filter(|&(_, c)| c >= level)
            .map(|(p, _)| p)
            .collect();
        if amount != 0 {
            match pots.last_mut() {
                Some(last) if last.eligible == eligible => {
                    last.amount += amount;
                    last.level = level;
                }
                _ => {
                    let contributors = seated()
                        .filter(|&(_, c)| c > prev)
                        .map(|(p, _)| p)
                        .collect();
                    pots.push(Pot {
                        amount,
                        eligible,
                        contributors,
                        level,
                    });
                }
            }
        }
        prev = level;
    }
    Ok(pots)
}

/// Equal shares in whole chip units (RULES.md §2 item 20, §4 item 6); the odd chips go one each
/// to the winners in `odd_chip_order` order, and a remainder below a unit to the first of them.
/// Returns shares in `winners` order.
pub fn split<P: Copy + PartialEq>(
    amount: i64,
    winners: &[P],
    odd_chip_order: &[P],
    chip_unit: i64,
) -> Result<Vec<(P, i64)>, PotError<P>> {
    if amount < 0 || chip_unit <= 0 {
        return Err(PotError::new(
            "cannot split",
            format!("amount {amount}, chip_unit {chip_unit}"),
        ));
    }
    let distinct = winners
        .iter()
        .enumerate()
        .all(|(i, w)| !winners[..i].contains(w));
    if winners.is_empty() || !distinct {
        let none = if winners.is_empty() { "no winners" } else { "" };
        return Err(
            PotError::new("winners must be non-empty and distinct", none.to_string())
                .players(winners.to_vec()),
        );
    }
    let (units, crumbs) = (amount / chip_unit, amount % chip_unit);
    let n = winners.len() as i64;
    let (each, odd) = (units / n, units % n);
    // Each winner's place in the odd-chip order (ties keep winners order, as a stable sort).
    let rank = |i: usize| (seat_rank(odd_chip_order, winners[i], i), i);
    let place = |i: usize| (0..winners.len()).filter(|&j| rank(j) < rank(i)).count() as i64;
    let shares = (0..winners.len())
        .map(|i| {
            let place = place(i);
            let odd_chip = if place < odd { chip_unit } else { 0 };
            let crumb = if place == 0 { crumbs } else { 0 };
            (winners[i], each * chip_unit + odd_chip + crumb)
        })
        .collect();
    Ok(shares)
}

/// A pot's amount split into its parts (hi/lo: high and low), then each part among its winners
/// ([`split`]): the parts are equal in whole chip units, the odd unit and any remainder below a
/// unit to the first part (the high hand). A player who wins several parts gets their sum.
/// Returns shares in order of first appearance.
pub fn share_out<P: Copy + PartialEq>(
    amount: i64,
    parts: &[Vec<P>],
    odd_chip_order: &[P],
    chip_unit: i64,
) -> Result<Vec<(P, i64)>, PotError<P>> {
    let [only] = parts else {
        if parts.is_empty() || chip_unit <= 0 || amount < 0 {
            return Err(PotError::new(
                "cannot share out",
                format!(
                    "{} parts, amount {amount}, chip_unit {chip_unit}",
                    parts.len()
                ),
            ));
        }
        let n = parts.len() as i64;
        let units = amount / chip_unit;
        let each = units / n * chip_unit;
        let mut shares: Vec<(P, i64)> = Vec::new();
        for (i, winners) in parts.iter().enumerate() {
            let part = if i == 0 {
                amount - each * (n - 1)
            } else {
                each
            };
            for (p, share) in split(part, winners, odd_chip_order, chip_unit)? {
                match shares.iter_mut().find(|(q, _)| *q == p) {
                    Some(entry) => entry.1 += share,
                    None => shares.push((p, share)),
                }
            }
        }
        return Ok(shares);
    };
    split(amount, only, odd_chip_order, chip_unit)
}

/// Award each pot separately (RULES.md §2 items 18-20): `values` holds one list per share of the
/// pot (one in most games; hi/lo: high, then the low hands that qualify). Each share goes to its
/// eligible players with the highest value; a share no eligible player has a value for goes to
/// the other shares; a pot with one eligible player is his; a pot whose eligible players all lack
/// a value is undetermined (no winners, no shares).
pub fn award<P: Copy + PartialEq, V: Copy + Ord>(
    pots: &[Pot<P>],
    values: &[Vec<(P, V)>],
    odd_chip_order: &[P],
    chip_unit: i64,
) -> Result<Vec<Award<P, V>>, PotError<P>> {
    let mut awards = Vec::with_capacity(pots.len());
    for (index, pot) in pots.iter().enumerate() {
        let mut parts: Vec<Vec<P>> = Vec::with_capacity(values.len());
        let mut value = None;
        for share in values {
            let value_of = |p: P| share.iter().find(|(q, _)| *q == p).map(|&(_, v)| v);
            let best = pot.eligible.iter().filter_map(|&p| value_of(p)).max();
            let Some(best) = best else {
                continue;
            };
            value = value.or(Some(best));
            let winners = pot.eligible.iter().copied();
            parts.push(winners.filter(|&p| value_of(p) == Some(best)).collect());
        }
        if pot.eligible.len() == 1 {
            parts = vec![pot.eligible.clone()];
        }
        if parts.is_empty() {
            awards.push(Award {
                index,
                winners: Vec::new(),
                shares: Vec::new(),
                value: None,
                parts,
            });
            continue;
        }
        let shares = share_out(pot.amount, &parts, odd_chip_order, chip_unit)?;
        let winners = shares.iter().map(|&(p, _)| p).collect();
        awards.push(Award {
            index,
            winners,
            shares,
            value,
            parts,
        });
    }
    Ok(awards)
}

fn take(left: &mut [i64], mut need: i64, indices: impl Iterator<Item = usize>) {
    for i in indices {
        let taken = left[i].min(need);
        left[i] -= taken;
        need -= taken;
    }
}

/// The net amount of each pot after `rake` is taken under `convention`; an error for a negative
/// rake or one above the total pot (RULES.md §5).
pub fn rake_pots<P>(
    pots: &[Pot<P>],
    rake: i64,
    convention: RakeConvention,
) -> Result<Vec<i64>, PotError<P>> {
    let total: i64 = pots.iter().map(|p| p.amount).sum();
    if rake < 0 || rake > total {
        return Err(PotError::new("rake outside 0..total pot", rake.to_string())
            .expected(format!("0..{total}")));
    }
    let mut left: Vec<i64> = pots.iter().map(|p| p.amount).collect();
    let n = left.len();
    match convention {
        RakeConvention::LastPotFirst => take(&mut left, rake, (0..n).rev()),
        RakeConvention::Proportional => {
            let mut taken = 0;
            if total != 0 {
                for (slot, pot) in left.iter_mut().zip(pots) {
                    let part = (i128::from(rake) * i128::from(pot.amount))
                        .div_euclid(i128::from(total)) as i64;
                    *slot -= part;
                    taken += part;
                }
            }
            take(&mut left, rake - taken, 0..n);
        }
        RakeConvention::MainPotFirst => take(&mut left, rake, 0..n),
    }
    Ok(left)
}

/// What each player collects: each pot's net amount split among its winners (odd chips follow
/// the net pot). Undetermined pots pay nobody; returned uncalled bets are not included.
pub fn payouts<P: Copy + PartialEq, V>(
    awards: &[Award<P, V>],
    net_amounts: &[i64],
    odd_chip_order: &[P],
    chip_unit: i64,
) -> Result<Tally<P>, PotError<P>> {
    if awards.len() != net_amounts.len() {
        return Err(
            PotError::new("one net amount per award", net_amounts.len().to_string())
                .expected(awards.len().to_string()),
        );
    }
    let mut paid = Tally::new();
    for (a, &net) in awards.iter().zip(net_amounts) {
        if !a.parts.is_empty() {
            for (player, share) in share_out(net, &a.parts, odd_chip_order, chip_unit)? {
                paid.add(player, share);
            }
        }
    }
    Ok(paid)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOKO_ORDER: [&str; 4] = ["Aino", "Ville", "Matti", "Liisa"];
    const SOKO_CONTRIB: [(&str, i64); 4] =
        [("Aino", 500), ("Ville", 500), ("Matti", 300), ("Liisa", 60)];
    const SOKO_VALUES: [(&str, u32); 3] = [("Matti", 3), ("Aino", 2), ("Ville", 1)];

    fn one_pot(amount: i64, eligible: &[&'static str]) -> Vec<Pot<&'static str>> {
        vec![Pot {
            amount,
            eligible: eligible.to_vec(),
            contributors: eligible.to_vec(),
            level: 0,
        }]
    }

    #[test]
    fn hi_lo_halves_with_the_odd_chip_to_the_high_hand() {
        let order = ["A", "B", "C"];
        let pots = one_pot(101, &order);
        // high: A; low: B and C tie. High half 51 (the odd chip), low half 50 split 25/25.
        let values = [vec![("A", 9), ("B", 5), ("C", 4)], vec![("B", 7), ("C", 7)]];
        let awards = award(&pots, &values, &order, 1).unwrap();
        assert_eq!(awards[0].parts, vec![vec!["A"], vec!["B", "C"]]);
        assert_eq!(awards[0].shares, vec![("A", 51), ("B", 25), ("C", 25)]);
        assert_eq!(awards[0].value, Some(9));
        // Net 7 after rake: high tie A/B gets 4 (2 + 2), the low 3.
        let values = [vec![("A", 9), ("B", 9)], vec![("C", 1)]];
        let awards = award(&pots, &values, &order, 1).unwrap();
        let paid = payouts(&awards, &[7], &order, 1).unwrap();
        assert_eq!((paid.get("A"), paid.get("B"), paid.get("C")), (2, 2, 3));
    }

    #[test]
    fn a_scoop_and_a_low_nobody_qualifies_for() {
        let order = ["A", "B"];
        let pots = one_pot(100, &order);
        let scoop = [vec![("A", 9), ("B", 5)], vec![("A", 3), ("B", 2)]];
        let awards = award(&pots, &scoop, &order, 1).unwrap();
        assert_eq!(awards[0].shares, vec![("A", 100)]);
        let no_low = [vec![("A", 5), ("B", 9)], vec![]];
        let awards = award(&pots, &no_low, &order, 1).unwrap();
        assert_eq!(awards[0].parts, vec![vec!["B"]]);
        assert_eq!(awards[0].shares, vec![("B", 100)]);
        // In chip units of 5: 105 is 21 units, 11 to the high half.
        let awards = award(&one_pot(105, &order), &scoop[..1], &order, 5).unwrap();
        assert_eq!(awards[0].shares, vec![("A", 105)]);
        let halves = [vec![("A", 9), ("B", 5)], vec![("B", 2)]];
        let awards = award(&one_pot(105, &order), &halves, &order, 5).unwrap();
        assert_eq!(awards[0].shares, vec![("A", 55), ("B", 50)]);
    }

    #[test]
    fn rules_3_6_three_way_all_in() {
        let mut contrib = vec![("A", 20), ("B", 100), ("C", 1000)];
        assert_eq!(returned_uncalled(&contrib), Some(("C", 900)));
        contrib[2].1 -= 900;
        let order = ["A", "B", "C"];
        let pots = build_pots(&contrib, &[], &order).unwrap();
        assert_eq!(
            pots,
            vec![
                Pot {
                    amount: 60,
                    eligible: vec!["A", "B", "C"],
                    contributors: vec!["A", "B", "C"],
                    level: 20
                },
                Pot {
                    amount: 160,
                    eligible: vec!["B", "C"],
                    contributors: vec!["B", "C"],
                    level: 100
                },
            ]
        );
        let awards = award(&pots, &[vec![("A", 3), ("B", 2), ("C", 1)]], &order, 1).unwrap();
        assert_eq!(awards[0].winners, vec!["A"]);
        assert_eq!(awards[1].winners, vec!["B"]);
        let nets = rake_pots(&pots, 0, RakeConvention::MainPotFirst).unwrap();
        let paid = payouts(&awards, &nets, &order, 1).unwrap();
        assert_eq!(paid.iter().collect::<Vec<_>>(), vec![("A", 60), ("B", 160)]);
    }

    #[test]
    fn soko_text_example_pots_and_rake_conventions() {
        let pots = build_pots(&SOKO_CONTRIB, &["Liisa"], &SOKO_ORDER).unwrap();
        assert_eq!(pots.len(), 2);
        assert_eq!((pots[0].amount, pots[0].level), (960, 300));
        assert_eq!(pots[0].eligible, vec!["Aino", "Ville", "Matti"]);
        assert_eq!(pots[0].contributors, SOKO_ORDER.to_vec());
        assert_eq!((pots[1].amount, pots[1].level), (400, 500));
        let rake = |c| rake_pots(&pots, 30, c).unwrap();
        assert_eq!(rake(RakeConvention::MainPotFirst), vec![930, 400]);
        assert_eq!(rake(RakeConvention::Proportional), vec![938, 392]);
        assert_eq!(rake(RakeConvention::LastPotFirst), vec![960, 370]);
        let awards = award(&pots, &[SOKO_VALUES.to_vec()], &SOKO_ORDER, 1).unwrap();
        let paid = payouts(&awards, &[930, 400], &SOKO_ORDER, 1).unwrap();
        assert_eq!(
            paid.iter().collect::<Vec<_>>(),
            vec![("Matti", 930), ("Aino", 400)]
        );
        assert!(rake_pots(&pots, 2000, RakeConvention::MainPotFirst).is_err());
        assert!(rake_pots(&pots, -1, RakeConvention::MainPotFirst).is_err());
    }

    #[test]
    fn uncalled_bets() {
        assert_eq!(
            returned_uncalled(&[("SB", 50), ("BB", 100)]),
            Some(("BB", 50))
        );
        assert_eq!(returned_uncalled(&[("A", 70)]), Some(("A", 70)));
        assert_eq!(returned_uncalled::<&str>(&[]), None);
        assert_eq!(returned_uncalled(&[("A", 70), ("B", 70)]), None);
    }

    #[test]
    fn odd_chips_go_left_of_the_dealer_first() {
        let shares = split(101, &["B", "A"], &["A", "B"], 1).unwrap();
        assert_eq!(shares, vec![("B", 50), ("A", 51)]);
        let shares = split(25, &["B", "A", "C"], &["C", "A", "B"], 5).unwrap();
        assert_eq!(shares, vec![("B", 5), ("A", 10), ("C", 10)]);
        // A remainder below the chip unit goes to the first in order.
        let shares = split(11, &["A", "B"], &["B", "A"], 5).unwrap();
        assert_eq!(shares, vec![("A", 5), ("B", 6)]);
        // Winners not in the order come after it, in winners order.
        let shares = split(3, &["X", "A", "Y"], &["A"], 1).unwrap();
        assert_eq!(shares, vec![("X", 1), ("A", 1), ("Y", 1)]);
        assert!(split(-1, &["A"], &["A"], 1).is_err());
        assert!(split(1, &["A", "A"], &["A"], 1).is_err());
        assert!(split::<&str>(1, &[], &["A"], 1).is_err());
    }

    #[test]
    fn bad_pots_are_errors() {
        assert!(build_pots(&[("A", -1)], &[], &["A"]).is_err());
        assert!(build_pots(&[("A", 10)], &["A"], &["A"]).is_err());
        assert_eq!(build_pots::<&str>(&[], &[], &[]), Ok(vec![]));
        // Dead chips above the highest live contribution go to the top pot.
        let pots = build_pots(&[("A", 50), ("B", 80)], &["B"], &["A", "B"]).unwrap();
        assert_eq!((pots.len(), pots[0].amount, pots[0].level), (1, 130, 50));
    }

    #[test]
    fn errors_read_as_python_shows_them() {
        let e = build_pots(&[("A", 5), ("B", -1)], &[], &["A", "B"]).unwrap_err();
        assert_eq!(e.to_string(), "negative contribution (got B -1)");
        let e = build_pots(&[("A", 10)], &["A"], &["A"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "chips in the pot but no player still in (got 10)"
        );
        let e = split(10, &["A", "B", "A"], &[], 1).unwrap_err();
        assert_eq!(
            e.to_string(),
            "winners must be non-empty and distinct (got A, B, A)"
        );
        let e = split::<&str>(10, &[], &[], 1).unwrap_err();
        assert_eq!(
            e.to_string(),
            "winners must be non-empty and distinct (got no winners)"
        );
        let e = split(10, &["A"], &[], 0).unwrap_err();
        assert_eq!(e.to_string(), "cannot split (got amount 10, chip_unit 0)");
        let pots = build_pots(&SOKO_CONTRIB, &["Liisa"], &SOKO_ORDER).unwrap();
        let e = rake_pots(&pots, 2000, RakeConvention::Proportional).unwrap_err();
        assert_eq!(
            e.to_string(),
            "rake outside 0..total pot (expected 0..1360, got 2000)"
        );
        let awards = award(&pots, &[SOKO_VALUES.to_vec()], &SOKO_ORDER, 1).unwrap();
        let e = payouts(&awards, &[1], &SOKO_ORDER, 1).unwrap_err();
        assert_eq!(
            e.to_string(),
            "one net amount per award (expected 2, got 1)"
        );
    }

    #[test]
    fn any_ordered_value_awards_and_conventions_by_name() {
        let pots = [Pot {
            amount: 9,
            eligible: vec!["A", "B", "C"],
            contributors: vec![],
            level: 3,
        }];
        let awards = award(
            &pots,
            &[vec![("A", -7_i64), ("B", -2), ("C", -2)]],
            &["C"],
            1,
        )
        .unwrap();
        assert_eq!(awards[0].winners, vec!["B", "C"]);
        assert_eq!(awards[0].shares, vec![("B", 4), ("C", 5)]);
        assert_eq!(awards[0].value, Some(-2));
        for c in RakeConvention::ALL {
            assert_eq!(RakeConvention::from_name(c.as_str()), Some(c));
        }
        assert_eq!(RakeConvention::from_name("main pot first"), None);
    }

    #[test]
    fn undetermined_pots_pay_nobody() {
        let pots = build_pots(&[("A", 50), ("B", 50)], &[], &["A", "B"]).unwrap();
        let awards = award::<_, u32>(&pots, &[], &["A", "B"], 1).unwrap();
        assert!(awards[0].winners.is_empty());
        assert!(payouts(&awards, &[100], &["A", "B"], 1).unwrap().is_empty());
        assert!(payouts(&awards, &[], &["A", "B"], 1).is_err());
    }
}
