//! Tiered request bodies: the system prompt, cached tiers L0–L3 and active content, laid
//! out as the seeds specify and encoded for a provider's API.

pub mod tier;
