//! Cache tiers: where an item sits in the request, from most stable (L0) to active.

use std::fmt;
use std::str::FromStr;

/// A cache tier. `L0` is the most stable (inside the system message); `Active` is never
/// cached. Ordered from most to least stable.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Tier {
    L0,
    L1,
    L2,
    L3,
    Active,
}

impl Tier {
    /// The cached tiers, in request order.
    pub const CACHED: [Tier; 4] = [Tier::L0, Tier::L1, Tier::L2, Tier::L3];

    /// The tier an item reaches after `n` consecutive unchanged requests (3/6/9/12 for
    /// L3/L2/L1/L0: docs/contributing/design.md, tier promotion).
    pub fn for_unchanged_count(n: u32) -> Tier {
        match n {
            12.. => Tier::L0,
            9.. => Tier::L1,
            6.. => Tier::L2,
            3.. => Tier::L3,
            _ => Tier::Active,
        }
    }

    /// The N an item has on entering this tier (3/6/9/12; 0 for active).
    pub fn entry_count(self) -> u32 {
        match self {
            Tier::L0 => 12,
            Tier::L1 => 9,
            Tier::L2 => 6,
            Tier::L3 => 3,
            Tier::Active => 0,
        }
    }

    /// The N at which a veteran of this tier may move up (the next tier's entry count);
    /// `None` for L0, the top.
    pub fn promotion_count(self) -> Option<u32> {
        self.above().map(Tier::entry_count)
    }

    /// The next more stable tier; `None` for L0.
    pub fn above(self) -> Option<Tier> {
        match self {
            Tier::L0 => None,
            Tier::L1 => Some(Tier::L0),
            Tier::L2 => Some(Tier::L1),
            Tier::L3 => Some(Tier::L2),
            Tier::Active => Some(Tier::L3),
        }
    }

    /// The next less stable tier; `Active` for itself.
    pub fn below(self) -> Tier {
        match self {
            Tier::L0 => Tier::L1,
            Tier::L1 => Tier::L2,
            Tier::L2 => Tier::L3,
            Tier::L3 | Tier::Active => Tier::Active,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Tier::L0 => "L0",
            Tier::L1 => "L1",
            Tier::L2 => "L2",
            Tier::L3 => "L3",
            Tier::Active => "active",
        }
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Tier {
    type Err = String;

    fn from_str(s: &str) -> Result<Tier, String> {
        match s.to_ascii_lowercase().as_str() {
            "l0" => Ok(Tier::L0),
            "l1" => Ok(Tier::L1),
            "l2" => Ok(Tier::L2),
            "l3" => Ok(Tier::L3),
            "active" => Ok(Tier::Active),
            _ => Err(format!(
                "unknown tier '{s}'; expected L0, L1, L2, L3 or active"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds() {
        let tiers: Vec<Tier> = (0..14).map(Tier::for_unchanged_count).collect();
        assert_eq!(tiers[2], Tier::Active);
        assert_eq!(tiers[3], Tier::L3);
        assert_eq!(tiers[6], Tier::L2);
        assert_eq!(tiers[9], Tier::L1);
        assert_eq!(tiers[12], Tier::L0);
        assert_eq!("l2".parse::<Tier>(), Ok(Tier::L2));
        assert_eq!(Tier::L3.promotion_count(), Some(6));
        assert_eq!(Tier::L1.promotion_count(), Some(12));
        assert_eq!(Tier::L0.promotion_count(), None);
        assert_eq!(Tier::Active.above(), Some(Tier::L3));
        assert!("L9".parse::<Tier>().is_err());
    }
}
