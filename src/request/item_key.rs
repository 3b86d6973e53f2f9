//! The keys that name a request's items: in tier maps, a spec's `tiers`, `--tier` pins and
//! a session's state file (`file:PATH`, `symbol:PATH`, `history:N`).

use std::fmt;
use std::str::FromStr;

const FILE: &str = "file:";
const SYMBOL: &str = "symbol:";
const HISTORY: &str = "history:";

/// What a key must look like, for messages.
pub const EXPECTED: &str = "expected file:PATH, symbol:PATH or history:N";

/// One item of a request.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ItemKey {
    /// A working file, by its path from the project root.
    File(String),
    /// A file's symbol block, by the file's path.
    Symbol(String),
    /// A history message, by its index.
    History(usize),
}

impl ItemKey {
    /// The key of a file's content.
    pub fn file(path: &str) -> String {
        ItemKey::File(path.to_string()).to_string()
    }

    /// The key of a file's symbol block.
    pub fn symbol(path: &str) -> String {
        ItemKey::Symbol(path.to_string()).to_string()
    }

    /// The key of a history message.
    pub fn history(index: usize) -> String {
        ItemKey::History(index).to_string()
    }

    /// Whether `key` names a symbol block.
    pub fn is_symbol(key: &str) -> bool {
        matches!(key.parse(), Ok(ItemKey::Symbol(_)))
    }

    /// The message index `key` names, if it names a history message.
    pub fn history_index(key: &str) -> Option<usize> {
        match key.parse() {
            Ok(ItemKey::History(i)) => Some(i),
            _ => None,
        }
    }
}

impl fmt::Display for ItemKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ItemKey::File(p) => write!(f, "{FILE}{p}"),
            ItemKey::Symbol(p) => write!(f, "{SYMBOL}{p}"),
            ItemKey::History(i) => write!(f, "{HISTORY}{i}"),
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
        assert_eq!(ItemKey::file("a.rs"), "file:a.rs");
        assert_eq!(ItemKey::symbol("a.rs"), "symbol:a.rs");
        assert_eq!(ItemKey::history(3), "history:3");
        assert!(ItemKey::is_symbol("symbol:x") && !ItemKey::is_symbol("file:x"));
        assert_eq!(ItemKey::history_index("history:4"), Some(4));
        assert_eq!(ItemKey::history_index("file:history:4"), None);
    }
}
