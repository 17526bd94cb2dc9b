//! The bytes `keys::content_hash` hashes, written straight into a buffer: the compact JSON of the
//! fields of a hand that `==` compares, in declaration order, exactly as serde_json writes the
//! model's serde form (`soko_analytics/model/canonical.py` `compared_json` is the same text from
//! Python). No JSON value, no text per field: keys and punctuation are constants, numbers go
//! through `itoa`, strings are escaped as serde_json escapes them (`"`, `\`, and the control
//! characters: `\b \t \n \f \r` short, the others as lowercase `\u00XX`; nothing else).

use crate::cards::{Card, RANKS, SUITS};
use crate::model::{Action, Deal, Hand, Seat, Stakes, Tournament};

/// Appends the compact JSON of the compared fields of `hand` to `out`.
pub fn write_compared(hand: &Hand, out: &mut Vec<u8>) {
    let mut w = Writer { out };
    w.raw(b"{\"site\":");
    w.str(&hand.site);
    w.raw(b",\"hand_id\":");
    w.str(&hand.hand_id);
    w.raw(b",\"rules\":");
    w.str(&hand.rules);
    w.raw(b",\"stakes\":");
    w.stakes(&hand.stakes);
    w.raw(b",\"table\":");
    w.opt_str(&hand.table);
    w.raw(b",\"max_seats\":");
    w.opt_int(hand.max_seats.map(i64::from));
    w.raw(b",\"button\":");
    w.opt_int(hand.button.map(i64::from));
    w.raw(b",\"start\":");
    w.opt_str(&hand.start);
    w.raw(b",\"time_zone\":");
    w.opt_str(&hand.time_zone);
    w.raw(b",\"start_utc\":");
    w.opt_str(&hand.start_utc);
    w.raw(b",\"tournament\":");
    match &hand.tournament {
        Some(t) => w.tournament(t),
        None => w.raw(b"null"),
    }
    w.raw(b",\"seats\":");
    w.list(&hand.seats, Writer::seat);
    w.raw(b",\"deals\":");
    w.list(&hand.deals, Writer::deal);
    w.raw(b",\"actions\":");
    w.list(&hand.actions, Writer::action);
    w.raw(b",\"total_pot\":");
    w.opt_int(hand.total_pot);
    w.raw(b",\"rake\":");
    w.opt_int(hand.rake);
    w.raw(b",\"pots\":");
    w.list(&hand.pots, |w, &v| w.int(v));
    w.raw(b",\"extras\":");
    w.list(&hand.extras, |w, (name, v)| {
        w.raw(b"[");
        w.str(name);
        w.raw(b",");
        w.int(*v);
        w.raw(b"]");
    });
    w.raw(b",\"finishing_stacks\":");
    w.list(&hand.finishing_stacks, |w, &v| w.int(v));
    w.raw(b"}");
}

struct Writer<'a> {
    out: &'a mut Vec<u8>,
}

impl Writer<'_> {
    #[inline]
    fn raw(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }

    #[inline]
    fn int(&mut self, v: i64) {
        self.raw(itoa::Buffer::new().format(v).as_bytes());
    }

    fn opt_int(&mut self, v: Option<i64>) {
        match v {
            Some(v) => self.int(v),
            None => self.raw(b"null"),
        }
    }

    fn bool(&mut self, v: bool) {
        self.raw(if v { b"true" } else { b"false" });
    }

    /// A JSON string: runs of bytes that need no escape copied whole.
    fn str(&mut self, s: &str) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let bytes = s.as_bytes();
        self.out.push(b'"');
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            let short = match b {
                b'"' => b'"',
                b'\\' => b'\\',
                0x08 => b'b',
                b'\t' => b't',
                b'\n' => b'n',
                0x0C => b'f',
                b'\r' => b'r',
                0x00..=0x1F => b'u',
                _ => continue,
            };
            self.out.extend_from_slice(&bytes[start..i]);
            start = i + 1;
            if short == b'u' {
                let code = [
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[usize::from(b >> 4)],
                    HEX[usize::from(b & 15)],
                ];
                self.out.extend_from_slice(&code);
            } else {
                self.out.extend_from_slice(&[b'\\', short]);
            }
        }
        self.out.extend_from_slice(&bytes[start..]);
        self.out.push(b'"');
    }

    fn opt_str(&mut self, s: &Option<String>) {
        match s {
            Some(s) => self.str(s),
            None => self.raw(b"null"),
        }
    }

    fn card(&mut self, c: Card) {
        let text = [
            b'"',
            RANKS[c.rank() as usize],
            SUITS[c.suit() as usize],
            b'"',
        ];
        self.raw(&text);
    }

    fn list<T>(&mut self, items: &[T], mut each: impl FnMut(&mut Self, &T)) {
        self.out.push(b'[');
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.out.push(b',');
            }
            each(self, item);
        }
        self.out.push(b']');
    }

    fn stakes(&mut self, st: &Stakes) {
        self.raw(b"{\"decimals\":");
        self.int(i64::from(st.decimals));
        self.raw(b",\"currency\":");
        self.opt_str(&st.currency);
        self.raw(b",\"symbol\":");
        self.str(&st.symbol);
        let amounts: [(&[u8], Option<i64>); 9] = [
            (b",\"small_blind\":", st.small_blind),
            (b",\"big_blind\":", st.big_blind),
            (b",\"ante\":", st.ante),
            (b",\"bring_in\":", st.bring_in),
            (b",\"small_bet\":", st.small_bet),
            (b",\"big_bet\":", st.big_bet),
            (b",\"cap\":", st.cap),
            (b",\"min_bet\":", st.min_bet),
            (b",\"max_bet\":", st.max_bet),
        ];
        for (key, v) in amounts {
            self.raw(key);
            self.opt_int(v);
        }
        self.raw(b"}");
    }

    fn tournament(&mut self, t: &Tournament) {
        self.raw(b"{\"tournament_id\":");
        self.str(&t.tournament_id);
        self.raw(b",\"buy_in\":");
        self.opt_str(&t.buy_in);
        self.raw(b",\"level\":");
        self.opt_str(&t.level);
        self.raw(b"}");
    }

    fn seat(&mut self, s: &Seat) {
        self.raw(b"{\"seat\":");
        self.int(i64::from(s.seat));
        self.raw(b",\"name\":");
        self.str(&s.name);
        self.raw(b",\"stack\":");
        self.int(s.stack);
        self.raw(b",\"sitting_out\":");
        self.bool(s.sitting_out);
        self.raw(b",\"bounty\":");
        self.opt_str(&s.bounty);
        self.raw(b"}");
    }

    fn deal(&mut self, d: &Deal) {
        self.raw(b"{\"street\":");
        self.int(i64::from(d.street));
        self.raw(b",\"player\":");
        self.opt_str(&d.player);
        self.raw(b",\"cards\":");
        self.list(&d.cards, |w, c| match c {
            Some(c) => w.card(*c),
            None => w.raw(b"null"),
        });
        self.raw(b",\"up\":");
        self.list(&d.up, |w, &up| w.bool(up));
        self.raw(b",\"run\":");
        self.int(i64::from(d.run));
        self.raw(b"}");
    }

    fn action(&mut self, a: &Action) {
        self.raw(b"{\"street\":");
        self.int(i64::from(a.street));
        self.raw(b",\"player\":");
        self.str(&a.player);
        self.raw(b",\"kind\":");
        self.str(a.kind.as_str());
        self.raw(b",\"amount\":");
        self.int(a.amount);
        self.raw(b",\"to\":");
        self.opt_int(a.to);
        self.raw(b",\"all_in\":");
        self.bool(a.all_in);
        self.raw(b",\"cards\":");
        self.list(&a.cards, |w, &c| w.card(c));
        self.raw(b",\"text\":");
        self.opt_str(&a.text);
        self.raw(b",\"fee\":");
        self.int(a.fee);
        self.raw(b",\"run\":");
        self.int(i64::from(a.run));
        self.raw(b"}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    /// The compared fields through serde_json: the model's serde form, which the writer must equal.
    #[derive(Serialize)]
    struct Compared<'a> {
        site: &'a str,
        hand_id: &'a str,
        rules: &'a str,
        stakes: &'a Stakes,
        table: &'a Option<String>,
        max_seats: Option<u8>,
        button: Option<u8>,
        start: &'a Option<String>,
        time_zone: &'a Option<String>,
        start_utc: &'a Option<String>,
        tournament: &'a Option<Tournament>,
        seats: &'a [Seat],
        deals: &'a [Deal],
        actions: &'a [Action],
        total_pot: Option<i64>,
        rake: Option<i64>,
        pots: &'a [i64],
        extras: &'a [(String, i64)],
        finishing_stacks: &'a [i64],
    }

    fn serde_form(hand: &Hand) -> String {
        serde_json::to_string(&Compared {
            site: &hand.site,
            hand_id: &hand.hand_id,
            rules: &hand.rules,
            stakes: &hand.stakes,
            table: &hand.table,
            max_seats: hand.max_seats,
            button: hand.button,
            start: &hand.start,
            time_zone: &hand.time_zone,
            start_utc: &hand.start_utc,
            tournament: &hand.tournament,
            seats: &hand.seats,
            deals: &hand.deals,
            actions: &hand.actions,
            total_pot: hand.total_pot,
            rake: hand.rake,
            pots: &hand.pots,
            extras: &hand.extras,
            finishing_stacks: &hand.finishing_stacks,
        })
        .expect("serialisable")
    }

    fn written(hand: &Hand) -> String {
        let mut out = Vec::new();
        write_compared(hand, &mut out);
        String::from_utf8(out).expect("UTF-8")
    }

    /// A hand with every field set one way (`full`) or the other.
    fn hand(full: bool, name: &str) -> Hand {
        let some = |s: &str| full.then(|| s.to_string());
        let json = serde_json::json!({
            "site": "PokerStars", "hand_id": "1234", "rules": "holdem; limit",
            "stakes": {"decimals": 2, "currency": some("USD"), "symbol": "$",
                       "small_blind": full.then_some(-5), "big_blind": 10, "ante": full.then_some(i64::MIN),
                       "bring_in": null, "small_bet": full.then_some(i64::MAX), "big_bet": 0, "cap": null,
                       "min_bet": 1, "max_bet": full.then_some(2)},
            "table": some("T \"1\""), "max_seats": full.then_some(9), "button": full.then_some(255),
            "start": some("2026-03-14T20:00:00"), "time_zone": some("ET"),
            "start_utc": some("2026-03-15T00:00:00+00:00"),
            "tournament": full.then(|| serde_json::json!({"tournament_id": "77", "buy_in": some("$1+$0.10"),
                                                            "level": null})),
            "seats": [{"seat": 1, "name": name, "stack": 1500, "sitting_out": full, "bounty": some("$5")},
                      {"seat": 9, "name": "b", "stack": -1, "sitting_out": false, "bounty": null}],
            "deals": [{"street": 0, "player": name, "cards": ["As", null, "Tc"], "up": [false, full, true], "run": 0},
                      {"street": 1, "player": null, "cards": [], "up": [], "run": 2}],
            "actions": [{"street": 0, "player": name, "kind": "small_and_big_blind", "amount": 15,
                         "to": full.then_some(30), "all_in": full, "cards": ["2d", "Kh"], "text": some("said \\ hi"),
                         "fee": 3, "run": 1},
                        {"street": 3, "player": "b", "kind": "cash_out", "amount": 0, "to": null,
                         "all_in": false, "cards": [], "text": null, "fee": 0, "run": 0}],
            "total_pot": full.then_some(45), "rake": full.then_some(0), "pots": if full { vec![30, 15] } else { vec![] },
            "extras": if full { serde_json::json!([["jackpot", 1], [name, -2]]) } else { serde_json::json!([]) },
            "finishing_stacks": if full { vec![0, 3000] } else { vec![] },
            "source": {"path": "x.txt", "line": 3, "format": null},
            "deal_lines": [], "action_lines": [], "raw": "not compared",
        });
        serde_json::from_value(json).expect("a hand")
    }

    #[test]
    fn the_writer_gives_serde_json_text_of_the_compared_fields() {
        let mut names: Vec<String> = (0u8..0x20).map(|c| format!("a{}b", c as char)).collect();
        names.extend(
            ["", "\"", "\\", "\u{7f}", "/", "Sökö ♠", "😀\"\\\n", "plain"].map(String::from),
        );
        for name in &names {
            for full in [true, false] {
                let h = hand(full, name);
                assert_eq!(written(&h), serde_form(&h), "{name:?} {full}");
            }
        }
        assert!(written(&hand(true, "\u{1}")).contains(r#""name":"\u0001""#));
    }
}
