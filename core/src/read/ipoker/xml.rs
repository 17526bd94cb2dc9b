//! A `<game>`'s XML as the list of its elements in document order ([`Elements`]), each with its
//! depth, line, attributes and text: what [`super::game`] reads of it.
//!
//! The XML iPoker writes is read by the pull scanner of its lines ([`scan`] of [`Pull`]'s tags): tags
//! whole on a line, names of ASCII letters, digits, `_`, `-` and `.`, attributes in double quotes,
//! text without entities. Anything else (an entity, a comment, CDATA, a tag over two lines, a
//! namespace, broken XML) goes the long way, through roxmltree's document ([`long_way`]), which reads
//! all XML and words the error of XML that is broken; so the scanner need only know when a text is
//! not its own. A game the scanner reads whole and without a fault is read without this list
//! ([`super::game::read_lines`]).

use std::cell::Cell;
use std::ops::Range;

use roxmltree::{Document, Node};

#[cfg(test)]
use super::pull::same_name;
pub use super::pull::Attribute;
use super::pull::{cut_off, emptied, Pull, Unread};
use crate::read::errors::ReadError;
use crate::say;

/// An element of a game: slices of its lines (the scanner's) or of the text roxmltree's reading
/// is kept in (the long way's), so that no name or value is a string of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element<'a> {
    pub name: &'a str,
    /// How deep it is: the root's is 0, its children's 1.
    pub depth: usize,
    /// The index of the line its start tag is on.
    pub line: usize,
    /// Its attributes in [`Elements`]' list.
    attributes: Range<usize>,
    /// Its first child's text where that is text, trimmed; None where it has none or only space.
    pub text: Option<&'a str>,
}

/// A game's elements, in document order.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Elements<'a> {
    pub list: Vec<Element<'a>>,
    attributes: Vec<Attribute<'a>>,
}

impl<'a> Elements<'a> {
    /// The value of an element's attribute (one without a namespace), if it has it.
    #[cfg(test)]
    pub fn attribute(&self, element: &Element<'a>, name: &str) -> Option<&str> {
        self.attributes[element.attributes.clone()]
            .iter()
            .find(|(n, _)| same_name(n, name))
            .map(|&(_, value)| value)
    }

    /// An element's attributes (those without a namespace), names and values, in document order.
    pub fn attributes_of(&self, element: &Element<'a>) -> &[Attribute<'a>] {
        &self.attributes[element.attributes.clone()]
    }

    fn push(&mut self, name: &'a str, depth: usize, line: usize) -> usize {
        let at = self.attributes.len();
        self.list.push(Element {
            name,
            depth,
            line,
            attributes: at..at,
            text: None,
        });
        self.list.len() - 1
    }

    /// The attributes pushed since the last element was: its own.
    fn close_attributes(&mut self) {
        if let Some(last) = self.list.last_mut() {
            last.attributes.end = self.attributes.len();
        }
    }
}

/// The elements of a game's lines (line indexes count from its first line); what the long way reads
/// is kept in `kept` (left empty where the scanner reads the lines).
pub fn read<'a>(lines: &[&'a str], kept: &'a mut String) -> Result<Elements<'a>, ReadError> {
    match scan(lines) {
        Some(elements) => Ok(elements),
        None => long_way(lines, kept),
    }
}

/// The lists of a game read last, emptied, for the next game's elements: a game's lists are a few
/// kilobytes, whose allocation and release cost more than scanning a dozen of its lines.
type Room = (Vec<Element<'static>>, Vec<Attribute<'static>>);

/// The largest lists kept for the next game (a game of thousands of elements keeps no room).
const KEPT_ROOM: usize = 1 << 12;

thread_local! {
    static ROOM: Cell<Room> = const { Cell::new((Vec::new(), Vec::new())) };
}

/// The room of a game's lists, once it has been read, kept for the next game's.
pub fn recycle(elements: Elements<'_>) {
    if elements.list.capacity() <= KEPT_ROOM && elements.attributes.capacity() <= 4 * KEPT_ROOM {
        ROOM.set((emptied(elements.list), emptied(elements.attributes)));
    }
}

/// roxmltree's reading of the lines joined (a cut-off game closed), or its error placed on its line;
/// its names, values and texts are kept in `kept`, which the elements borrow.
fn long_way<'a>(lines: &[&str], kept: &'a mut String) -> Result<Elements<'a>, ReadError> {
    let mut text = lines.join("\n");
    if cut_off(lines) {
        text.push_str("\n</game>");
    }
    let doc = Document::parse(&text).map_err(|err| {
        let row = err.pos().row.max(1) as usize - 1;
        ReadError::malformed(say!("broken XML: {error}", error = err.to_string()))
            .at(row as u64)
            .expected("a well-formed <game> element")
    })?;
    let starts = LineStarts::of(&text);
    // each element's name, depth, line, attribute count and text, as spans of `kept`
    kept.clear();
    let mut keep = |s: &str| {
        kept.push_str(s);
        kept.len() - s.len()..kept.len()
    };
    let mut plan = Vec::new();
    let mut spans = Vec::new();
    for node in doc.root_element().descendants().filter(Node::is_element) {
        let depth = node.ancestors().count() - 2;
        let name = keep(node.tag_name().name());
        let before = spans.len();
        for a in node.attributes().filter(|a| a.namespace().is_none()) {
            spans.push((keep(a.name()), keep(a.value())));
        }
        let text = text_of(node.text()).map(&mut keep);
        plan.push((name, depth, starts.line(node), spans.len() - before, text));
    }
    let kept: &'a str = kept;
    let mut found = Elements::default();
    let mut spans = spans.into_iter();
    for (name, depth, line, count, text) in plan {
        let k = found.push(&kept[name], depth, line);
        for (name, value) in spans.by_ref().take(count) {
            found.attributes.push((&kept[name], &kept[value]));
        }
        found.close_attributes();
        found.list[k].text = text.map(|t| &kept[t]);
    }
    Ok(found)
}

/// A text trimmed, None if there is none.
fn text_of(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

/// Where each line of a text starts, to place nodes on their lines (roxmltree's own text position
/// counts from the start of the text each time it is asked).
struct LineStarts(Vec<usize>);

impl LineStarts {
    fn of(text: &str) -> Self {
        let breaks = memchr::memchr_iter(b'\n', text.as_bytes()).map(|at| at + 1);
        LineStarts(std::iter::once(0).chain(breaks).collect())
    }

    /// The index (from 0) of the line a node starts on.
    fn line(&self, node: Node<'_, '_>) -> usize {
        self.0.partition_point(|&start| start <= node.range().start) - 1
    }
}

/// The scanner's elements of a game's lines ([`Pull`]), or None where they hold anything it does not read.
fn scan<'a>(lines: &[&'a str]) -> Option<Elements<'a>> {
    let (list, attributes) = ROOM.take();
    let mut found = Elements {
        list: emptied(list),
        attributes: emptied(attributes),
    };
    found.list.reserve(2 * lines.len());
    found.attributes.reserve(6 * lines.len());
    let mut pull = Pull::new(lines);
    let mut read = || -> Result<(), Unread> {
        while let Some(tag) = pull.next()? {
            let k = found.push(tag.name, tag.depth, tag.line);
            found.attributes.extend_from_slice(pull.attributes());
            found.close_attributes();
            found.list[k].text = tag.text;
        }
        Ok(())
    };
    if read().is_ok() && pull.whole() {
        Some(found)
    } else {
        // the lists go back to the room (the long way reads the game)
        recycle(found);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scanner's elements and roxmltree's of the same lines.
    fn both<'a>(
        lines: &[&'a str],
        kept: &'a mut String,
    ) -> (Option<Elements<'a>>, Result<Elements<'a>, ReadError>) {
        (scan(lines), long_way(lines, kept))
    }

    #[test]
    fn the_scanner_reads_a_game_as_roxmltree_does() {
        let text = "<game gamecode=\"7\"><general>\n<startdate> 2011-11-04 18:46:19 </startdate>\n\
            <players><player seat=\"3\" name=\"A\" chips=\"$1\" dealer=\"1\" win=\"$0\" bet=\"$0.02\" />\n\
            </players>\n</general>\n<round no=\"1\">\n<cards type=\"Pocket\" player=\"A\">H3 CJ</cards>\n\
            <cards type=\"Flop\"></cards><action no=\"2\" player=\"A\" type=\"4\" sum=\"$0\"/>\n</round>\n</game>";
        let lines: Vec<&str> = text.split('\n').collect();
        let mut kept = String::new();
        let (scanned, long) = both(&lines, &mut kept);
        let scanned = scanned.expect("the scanner reads it");
        assert_eq!(Ok(&scanned), long.as_ref().map_err(|e| &e.reason));
        let names: Vec<(&str, usize, usize)> = scanned
            .list
            .iter()
            .map(|e| (e.name, e.depth, e.line))
            .collect();
        assert_eq!(
            names,
            [
                ("game", 0, 0),
                ("general", 1, 0),
                ("startdate", 2, 1),
                ("players", 2, 2),
                ("player", 3, 2),
                ("round", 1, 5),
                ("cards", 2, 6),
                ("cards", 2, 7),
                ("action", 2, 7),
            ]
        );
        let date = &scanned.list[2];
        assert_eq!(date.text, Some("2011-11-04 18:46:19"));
        assert_eq!(scanned.list[6].text, Some("H3 CJ"));
        assert_eq!(scanned.list[7].text, None);
        assert_eq!(scanned.attribute(&scanned.list[4], "seat"), Some("3"));
        assert_eq!(scanned.attribute(&scanned.list[4], "rebuy"), None);
    }

    #[test]
    fn a_game_cut_off_after_its_last_round_is_closed() {
        let lines = ["<game gamecode=\"1\">", "<round no=\"0\">", "</round>", ""];
        let mut kept = String::new();
        let (scanned, long) = both(&lines, &mut kept);
        assert_eq!(scanned.expect("read as closed").list.len(), 2);
        assert_eq!(long.unwrap().list.len(), 2);
        let lines = ["<game gamecode=\"1\">", "<round no=\"0\">"];
        assert!(scan(&lines).is_none());
    }

    #[test]
    fn what_the_scanner_does_not_read_goes_the_long_way() {
        let long_only = [
            "<game a=\"x &amp; y\"></game>",
            "<game><!-- a comment --></game>",
            "<game><![CDATA[x]]></game>",
            "<game a='single'></game>",
            "<game a = \"spaced\"></game>",
            "<game a=\"1\" a=\"2\"></game>",
            "<game a=\"1\"b=\"2\"></game>",
            "<game xmlns=\"u\"></game>",
            "<x:game xmlns:x=\"u\"></x:game>",
            "<game a=\"tab\there\"></game>",
            "<gäme></gäme>",
            "<game></game><game></game>",
            "<game></game>after",
            "before<game></game>",
            "<game></gam>",
            "<game><a></b></game>",
            "<game a=\"x<y\"></game>",
            "<game>x]]>y</game>",
            "<?xml version=\"1.0\"?><game></game>",
            "<game>",
            "",
        ];
        for text in long_only {
            let lines: Vec<&str> = text.split('\n').collect();
            assert!(scan(&lines).is_none(), "{text:?} is left to roxmltree");
        }
        // a tag or a text over two lines
        assert!(scan(&["<game", "a=\"1\"></game>"]).is_none());
        assert!(scan(&["<game><cards>H3", "CJ</cards></game>"]).is_none());
        assert!(scan(&["<game><cards>", "H3 CJ</cards></game>"]).is_none());
        // roxmltree reads entities, and words the error of broken XML
        let mut kept = String::new();
        let long = long_way(&["<game a=\"x &amp; y\"><b>&lt;</b></game>"], &mut kept).unwrap();
        assert_eq!(long.attribute(&long.list[0], "a"), Some("x & y"));
        assert_eq!(long.list[1].text, Some("<"));
        let err = long_way(&["<game>", "<round>", "</gam>"], &mut String::new()).unwrap_err();
        assert!(err.reason.starts_with("broken XML"), "{}", err.reason);
        assert_eq!(err.line, Some(2));
    }

    #[test]
    fn the_scanner_and_roxmltree_agree_on_every_corpus_game_and_damaged_copies() {
        use crate::read::equal::site_logs;
        use crate::read::fuzz::{mutate, Rng};
        let mut logs: Vec<String> = site_logs("iPoker", &[".xml", ".txt"])
            .into_iter()
            .map(|(_, text)| text)
            .collect();
        logs.push(include_str!("../testdata/fuzz/ipoker.xml").to_string());
        // each game, from its `<game` to its `</game>`
        let games: Vec<String> = logs
            .iter()
            .flat_map(|log| log.split("<game ").skip(1))
            .map(|game| match game.find("</game>") {
                Some(end) => format!("<game {}", &game[..end + 7]),
                None => format!("<game {game}"),
            })
            .collect();
        assert!(games.len() > 200, "{} games", games.len());
        let whole = |game: &String| {
            let lines: Vec<&str> = game.split('\n').map(str::trim).collect();
            scan(&lines).is_some()
        };
        // the scanner reads every game of the corpus but one cut off in the middle
        let unread: Vec<&String> = games.iter().filter(|g| !whole(g)).collect();
        assert_eq!(unread.len(), 0, "{}", unread[0]);
        let junk = [
            "&amp;",
            "&",
            "<!-- c -->",
            "'",
            "\"",
            "=",
            ">",
            "/>",
            "</",
            "<",
            "]]>",
            "\t",
            "\r",
            "<x>",
            "</x>",
            " a=\"1\"",
            "xmlns=\"u\"",
            "x:y",
            "\u{FFFE}",
            "ä",
            " ",
            "\n",
        ];
        let mut rng = Rng(0x0d0c_0a0b);
        let (mut scanned, mut compared) = (0, 0);
        for game in &games {
            let mut copies = vec![game.clone()];
            for _ in 0..40 {
                let mut text = game.clone();
                let at = text
                    .char_indices()
                    .nth(rng.below(text.chars().count()))
                    .map_or(0, |(at, _)| at);
                if rng.below(2) == 0 {
                    text.insert_str(at, junk[rng.below(junk.len())]);
                } else {
                    text = mutate(&mut rng, &text);
                }
                copies.push(text);
            }
            for text in &copies {
                let lines: Vec<&str> = text.split('\n').map(str::trim).collect();
                let mut kept = String::new();
                let (fast, long) = both(&lines, &mut kept);
                compared += 1;
                if let Some(fast) = fast {
                    scanned += 1;
                    assert_eq!(Ok(&fast), long.as_ref(), "{text}");
                }
            }
        }
        // a good part of the copies is still the scanner's to read (about a quarter)
        assert!(scanned * 5 > compared, "{scanned} of {compared}");
    }
}
