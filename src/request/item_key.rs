//! The keys that name a request's items: in tier maps, a spec's `tiers`, `--tier` pins and
//! a session's state file (`file:PATH`, `symbol:PATH`, `history:N`, `tree`).

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

const FILE: &str = "file:";
const SYMBOL: &str = "symbol:";
const HISTORY: &str = "history:";
/// The file tree's key: there is one tree, so it takes no argument. A file named `tree`
/// at the project root is `file:tree` (or `./tree` for `--tier`).
const TREE: &str = "tree";

/// The key of the task's symbol blocks, one item.
const TASK: &str = "task";

/// What a key must look like, for messages.
pub const EXPECTED: &str = "expected file:PATH, symbol:PATH, history:N, tree or task";

/// One item of a request: the key of the tier maps and the session's state.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ItemKey {
    /// A working file, by its path from the project root.
    File(String),
    /// A file's symbol block, by the file's path.
    Symbol(String),
    /// A history message, by its index.
    History(usize),
    /// The repository's file tree.
    Tree,
    /// The task's symbol blocks: the files around the working files that the map does
    /// not show, as one item, since they change together when the task moves.
    Task,
}

impl ItemKey {
    /// The key of a file's content.
    pub fn file(path: &str) -> ItemKey {
        ItemKey::File(path.to_string())
    }

    /// The key of a file's symbol block.
    pub fn symbol(path: &str) -> ItemKey {
        ItemKey::Symbol(path.to_string())
    }

    /// The item `text` names: none for text that is not a key, or that parses to one
    /// but is not how the key is written (`history:01`), since no item is written so.
    pub fn named(text: &str) -> Option<ItemKey> {
        text.parse()
            .ok()
            .filter(|key: &ItemKey| key.to_string() == text)
    }

    /// Whether the key names a symbol block.
    pub fn is_symbol(&self) -> bool {
        matches!(self, ItemKey::Symbol(_))
    }

    /// The message index the key names, if it names a history message.
    pub fn history_index(&self) -> Option<usize> {
        match self {
            ItemKey::History(i) => Some(*i),
            _ => None,
        }
    }
}

/// Keys order as their text does (`history:10` before `history:9`): the state file lists
/// items in that order, and the layout breaks ties by it, as when the keys were strings.
impl Ord for ItemKey {
    fn cmp(&self, other: &ItemKey) -> Ordering {
        fn rank(key: &ItemKey) -> u8 {
            match key {
                ItemKey::File(_) => 0,
                ItemKey::History(_) => 1,
                ItemKey::Symbol(_) => 2,
                ItemKey::Tree => 3,
                ItemKey::Task => 4,
            }
        }
        match (self, other) {
            (ItemKey::File(a), ItemKey::File(b)) | (ItemKey::Symbol(a), ItemKey::Symbol(b)) => {
                a.cmp(b)
            }
            (ItemKey::History(a), ItemKey::History(b)) => {
                let (mut a_digits, mut b_digits) = ([0; 20], [0; 20]);
                decimal(*a, &mut a_digits).cmp(decimal(*b, &mut b_digits))
            }
            _ => rank(self).cmp(&rank(other)),
        }
    }
}

impl PartialOrd for ItemKey {
    fn partial_cmp(&self, other: &ItemKey) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `n`'s decimal digits, written at the end of `buf`.
fn decimal(mut n: usize, buf: &mut [u8; 20]) -> &[u8] {
    let mut start = buf.len();
    loop {
        start -= 1;
        buf[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[start..];
        }
    }
}

impl Serialize for ItemKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ItemKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ItemKey, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse()
            .map_err(|_| serde::de::Error::custom(format!("'{text}': {EXPECTED}")))
    }
}

impl fmt::Display for ItemKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ItemKey::File(p) => write!(f, "{FILE}{p}"),
            ItemKey::Symbol(p) => write!(f, "{SYMBOL}{p}"),
            ItemKey::History(i) => write!(f, "{HISTORY}{i}"),
            ItemKey::Tree => f.write_str(TREE),
            ItemKey::Task => f.write_str(TASK),
        }
    }
}

/// Why a text is not an item key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyError {
    /// It has none of the prefixes: not meant as a key (`--tier` reads it as a path).
    Unprefixed,
    /// `history:` not followed by a message index.
    BadIndex,
}

impl FromStr for ItemKey {
    type Err = KeyError;

    fn from_str(s: &str) -> Result<ItemKey, KeyError> {
        if s == TREE {
            return Ok(ItemKey::Tree);
        }
        if s == TASK {
            return Ok(ItemKey::Task);
        }
        if let Some(p) = s.strip_prefix(FILE) {
            return Ok(ItemKey::File(p.to_string()));
        }
        if let Some(p) = s.strip_prefix(SYMBOL) {
            return Ok(ItemKey::Symbol(p.to_string()));
        }
        match s.strip_prefix(HISTORY) {
            Some(n) => n
                .parse()
                .map(ItemKey::History)
                .map_err(|_| KeyError::BadIndex),
            None => Err(KeyError::Unprefixed),
        }
    }
}

/// The key `text` names (tests).
#[cfg(test)]
pub(crate) fn key(text: &str) -> ItemKey {
    text.parse().expect("an item key")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_parse_and_print() {
        assert_eq!(
            "file:src/a.rs".parse(),
            Ok(ItemKey::File("src/a.rs".into()))
        );
        assert_eq!("symbol:a b".parse(), Ok(ItemKey::Symbol("a b".into())));
        assert_eq!("history:12".parse(), Ok(ItemKey::History(12)));
        assert_eq!("file:".parse(), Ok(ItemKey::File(String::new())));
        assert_eq!("history:x".parse::<ItemKey>(), Err(KeyError::BadIndex));
        assert_eq!("history:".parse::<ItemKey>(), Err(KeyError::BadIndex));
        assert_eq!("src/a.rs".parse::<ItemKey>(), Err(KeyError::Unprefixed));
        assert_eq!("File:a".parse::<ItemKey>(), Err(KeyError::Unprefixed));
        assert_eq!(ItemKey::file("a.rs").to_string(), "file:a.rs");
        assert_eq!(ItemKey::symbol("a.rs").to_string(), "symbol:a.rs");
        assert_eq!(ItemKey::History(3).to_string(), "history:3");
        assert!(ItemKey::symbol("x").is_symbol() && !ItemKey::file("x").is_symbol());
        assert_eq!(ItemKey::History(4).history_index(), Some(4));
        assert_eq!(ItemKey::file("history:4").history_index(), None);
        assert_eq!(ItemKey::named("history:4"), Some(ItemKey::History(4)));
        assert_eq!(ItemKey::named("history:04"), None);
        assert_eq!(ItemKey::named("history:+4"), None);
        assert_eq!(ItemKey::named("a.rs"), None);
        assert_eq!("tree".parse(), Ok(ItemKey::Tree));
        assert_eq!(ItemKey::Tree.to_string(), "tree");
        assert_eq!("trees".parse::<ItemKey>(), Err(KeyError::Unprefixed));
        assert_eq!("file:tree".parse(), Ok(ItemKey::file("tree")));
    }

    #[test]
    fn keys_order_as_their_text() {
        let keys = [
            ItemKey::file(""),
            ItemKey::file("a"),
            ItemKey::file("b/c"),
            ItemKey::History(0),
            ItemKey::History(1),
            ItemKey::History(10),
            ItemKey::History(2),
            ItemKey::History(usize::MAX),
            ItemKey::History(9),
            ItemKey::symbol("a"),
            ItemKey::Tree,
        ];
        for a in &keys {
            for b in &keys {
                assert_eq!(a.cmp(b), a.to_string().cmp(&b.to_string()), "{a} {b}");
            }
        }
    }
}
