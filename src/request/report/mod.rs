//! What a request costs and holds, for people: [`parts`] prices each part with the flag
//! that leaves it out, and [`breakdown`] shows the tiers and the predicted cache reuse
//! (`context`); [`usage`] sets the provider's figures beside the predictions.

pub mod breakdown;
pub mod parts;
pub mod usage;
