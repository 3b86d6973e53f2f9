//! What a request costs and holds, for people: [`parts`] prices each part with the flag
//! that leaves it out, and [`breakdown`] shows the tiers and the predicted cache reuse
//! (`context`).

pub mod breakdown;
pub mod parts;
